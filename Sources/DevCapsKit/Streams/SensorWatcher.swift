/// `watch sensors`: sensors appearing and disappearing (`added`, `removed`), from udev events on
/// the `iio` and `input` subsystems.
extension PresenceWatcher where Item == SensorInfo {
  static var sensorSubsystems: [String] { ["iio", "input"] }

  convenience init(sensorsIn context: ProbeContext, udev: Udev) {
    self.init(
      Kind(
        probe: { SensorProbe(context: context.refreshed(), udev: udev).probe() },
        key: { $0.syspath + "#" + $0.type.rawValue },
        takes: { ["add", "remove", "change"].contains($0.action) },
        removedBy: { sensor, event in
          sensor.syspath == event.device.syspath || sensor.syspath.hasPrefix(event.device.syspath + "/")
        },
        asRemoved: { sensor in
          var gone = sensor
          gone.reading = nil  // a removed sensor has no reading
          return gone
        },
        event: { .sensor($0) }))
  }
}
