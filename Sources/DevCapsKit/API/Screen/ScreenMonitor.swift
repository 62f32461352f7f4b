/// The machine's display connectors as screens come and go (`UIScreen.didConnectNotification`,
/// `didDisconnectNotification`, `modeDidChangeNotification`).
///
/// ```swift
/// for try await change in ScreenMonitor().updates {
///   print(change.action, change.display.connector, change.display.preferredMode ?? "")
/// }
/// ```
///
/// The source is udev's `drm` events; each connector is read again from `/sys/class/drm` and its
/// EDID when it changes.
public struct ScreenMonitor: Sendable {
  /// A monitor; nothing is read until ``updates`` is iterated.
  public init() {}

  /// First one ``DisplayUpdate`` with ``DisplayUpdate/initial`` set for each screen connected
  /// now, then one per connection, disconnection or change of a connector's modes.
  public var updates: Updates<DisplayUpdate> {
    .events(.displays) { event in
      guard case .display(let update) = event, !(update.initial && !update.display.connected) else { return nil }
      return update
    }
  }
}
