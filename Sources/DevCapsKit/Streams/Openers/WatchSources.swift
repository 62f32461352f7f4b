/// Which sources `watch KIND` opens. In `all`, a stream without a source on this machine is left
/// out; asked for by name, its absence is `UpdateError.unavailable`.
enum WatchSources {
  static func open(_ kind: StreamKind, _ sources: SourceContext) throws(UpdateError) -> [SensorInfo] {
    let (session, context, udev) = (sources.session, sources.probes, sources.udev)
    var watchers: [(start: () -> [DeviceEvent], subsystems: [String], handle: (UdevMonitor.Event) -> [DeviceEvent])] =
      []
    if kind == .displays || kind == .all {
      let watcher = DisplayWatcher(context: context, udev: udev)
      watchers.append((watcher.start, DisplayWatcher.subsystems, watcher.handle))
    }
    if kind == .sensors || kind == .all {
      let watcher = SensorWatcher(context: context, udev: udev)
      watchers.append((watcher.start, SensorWatcher.subsystems, watcher.handle))
    }
    // Monitors first, so no event between the initial reading and the first receive is lost.
    for watcher in watchers {
      guard
        session.watchUdev(
          udev, subsystems: watcher.subsystems, { [unowned session] in session.publish(watcher.handle($0)) })
      else {
        throw .unavailable(
          .init(.serviceMissing, "cannot listen to udev events for \(watcher.subsystems.joined(separator: ", "))"))
      }
    }
    for watcher in watchers { session.publish(watcher.start(), initial: true) }
    try PowerSources.open(kind, sources)
    try PowerProfilesWatcher.open(kind, sources)
    try TabletModeWatcher.open(kind, sources)
    try ThermalWatcher.open(kind, sources)
    let polled = [
      try PolledSensorWatch.open(LightWatcher.self, kind, sources),
      try PolledSensorWatch.open(AltitudeWatcher.self, kind, sources),
      try PolledSensorWatch.open(StepCounterWatcher.self, kind, sources),
    ]
    let motion = try MotionSources.openWatch(kind, sources)
    let deviceMotion = try DeviceMotionSources.open(kind, sources)
    return motion + deviceMotion.filter { sensor in !motion.contains { $0.id == sensor.id && $0.type == sensor.type } }
      + polled.compactMap { $0 }
  }
}
