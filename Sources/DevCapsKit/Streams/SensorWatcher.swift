/// `watch sensors`: sensors appearing and disappearing (`added`, `removed`), from udev events on
/// the `iio` and `input` subsystems.
public final class SensorWatcher {
  let context: ProbeContext
  let udev: Udev
  private var known: [SensorInfo] = []

  public init(context: ProbeContext, udev: Udev) {
    self.context = context
    self.udev = udev
  }

  public static let subsystems = ["iio", "input"]

  func probe() -> [SensorInfo] {
    SensorProbe(context: ProbeContext(root: context.root, diagnostics: context.diagnostics), udev: udev).probe()
  }

  static func key(_ sensor: SensorInfo) -> String { sensor.syspath + "#" + sensor.type.rawValue }

  public func start() -> [StreamEvent] {
    known = probe()
    return known.map { SensorWatcher.event($0, action: "present", initial: true) }
  }

  public func handle(_ event: UdevMonitor.Event) -> [StreamEvent] {
    guard event.action == "add" || event.action == "remove" || event.action == "change" else { return [] }
    var sensors = probe()
    if event.action == "remove" {
      // The device may still be in sysfs while its removal is announced.
      let gone = event.device.syspath
      sensors.removeAll { $0.syspath == gone || $0.syspath.hasPrefix(gone + "/") }
    }
    let before = Set(known.map(SensorWatcher.key))
    let after = Set(sensors.map(SensorWatcher.key))
    var events = sensors.filter { !before.contains(SensorWatcher.key($0)) }.map { SensorWatcher.event($0, action: "added", initial: false) }
    events += known.filter { !after.contains(SensorWatcher.key($0)) }.map { SensorWatcher.event($0, action: "removed", initial: false) }
    known = sensors
    return events
  }

  static func event(_ sensor: SensorInfo, action: String, initial: Bool) -> StreamEvent {
    var fields = [JSONMember("action", .string(action))]
    if initial { fields.append(JSONMember("initial", .bool(true))) }
    var description = JSONValue(encoding: sensor)
    if action == "removed", case .object(let members) = description {
      // A removed sensor has no reading.
      description = .object(members.map { $0.key == "reading" ? JSONMember("reading", .null) : $0 })
    }
    guard case .object(let members) = description else { preconditionFailure("a sensor is an object") }
    let text = "\(sensor.type.rawValue) \(sensor.name ?? sensor.id) (\(sensor.id)) \(action)"
    return StreamEvent(name: "sensor", fields: fields + members, text: text, isChange: !initial)
  }
}
