/// `watch sensors`: sensors appearing and disappearing (`added`, `removed`), from udev events on
/// the `iio` and `input` subsystems.
final class SensorWatcher {
  let context: ProbeContext
  let udev: Udev
  private var known: [SensorInfo] = []

  init(context: ProbeContext, udev: Udev) {
    self.context = context
    self.udev = udev
  }

  static let subsystems = ["iio", "input"]

  func probe() -> [SensorInfo] {
    SensorProbe(context: context.refreshed(), udev: udev).probe()
  }

  static func key(_ sensor: SensorInfo) -> String { sensor.syspath + "#" + sensor.type.rawValue }

  func start() -> [DeviceEvent] {
    known = probe()
    return known.map { .sensor(SensorUpdate(action: .present, sensor: $0)) }
  }

  func handle(_ event: UdevMonitor.Event) -> [DeviceEvent] {
    guard event.action == "add" || event.action == "remove" || event.action == "change" else { return [] }
    var sensors = probe()
    if event.action == "remove" {
      // The device may still be in sysfs while its removal is announced.
      let gone = event.device.syspath
      sensors.removeAll { $0.syspath == gone || $0.syspath.hasPrefix(gone + "/") }
    }
    let before = Set(known.map(SensorWatcher.key))
    let after = Set(sensors.map(SensorWatcher.key))
    var events: [DeviceEvent] = sensors.filter { !before.contains(SensorWatcher.key($0)) }.map {
      .sensor(SensorUpdate(action: .added, sensor: $0))
    }
    for var gone in known where !after.contains(SensorWatcher.key(gone)) {
      gone.reading = nil  // a removed sensor has no reading
      events.append(.sensor(SensorUpdate(action: .removed, sensor: gone)))
    }
    known = sensors
    return events
  }
}
