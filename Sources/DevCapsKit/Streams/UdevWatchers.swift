/// `watch displays` and `watch sensors`: udev's drm and iio/input events, each device read again
/// as it changes. In `all`, both: their monitors first, so no event between the initial reading
/// and the first receive is lost.
enum UdevWatchers {
  static func open(_ kind: StreamKind, _ sources: SourceContext) throws(UpdateError) -> [SensorInfo] {
    let (session, context, udev) = (sources.session, sources.probes, sources.udev)
    var watchers: [(start: () -> [DeviceEvent], subsystems: [String], handle: (UdevMonitor.Event) -> [DeviceEvent])] =
      []
    if kind != .sensors {
      let watcher = DisplayWatcher(context: context, udev: udev)
      watchers.append((watcher.start, DisplayWatcher.subsystems, watcher.handle))
    }
    if kind != .displays {
      let watcher = PresenceWatcher(sensorsIn: context, udev: udev)
      watchers.append((watcher.start, PresenceWatcher<SensorInfo>.sensorSubsystems, watcher.handle))
    }
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
    return []
  }
}
