/// Which sources `watch KIND` opens. In `all`, a stream without a source on this machine is left
/// out; asked for by name, its absence is `StreamError.unavailable`.
enum WatchSources {
  static func open(
    _ kind: StreamKind, options: StreamOptions, session: StreamSession, context: ProbeContext, udev: Udev
  ) throws(StreamError) -> [SensorInfo] {
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
      else { throw .unavailable("cannot listen to udev events for \(watcher.subsystems.joined(separator: ", "))") }
    }
    for watcher in watchers { session.publish(watcher.start()) }
    try PowerSources.open(kind, session: session, context: context, udev: udev)
    try PowerProfilesWatcher.open(kind, session: session)
    try TabletModeWatcher.open(kind, session: session, udev: udev)
    try ThermalWatcher.open(kind, options: options, session: session, context: context, udev: udev)
    let polled = [
      try PolledSensorWatch.open(
        LightWatcher.self, kind, options: options, session: session, context: context, udev: udev),
      try PolledSensorWatch.open(
        AltitudeWatcher.self, kind, options: options, session: session, context: context, udev: udev),
      try PolledSensorWatch.open(
        StepCounterWatcher.self, kind, options: options, session: session, context: context, udev: udev),
    ]
    let motion = try MotionSources.openWatch(kind, options: options, session: session, context: context, udev: udev)
    let deviceMotion = try DeviceMotionSources.open(
      kind, options: options, session: session, context: context, udev: udev)
    return motion + deviceMotion.filter { sensor in !motion.contains { $0.id == sensor.id && $0.type == sensor.type } }
      + polled.compactMap { $0 }
  }
}
