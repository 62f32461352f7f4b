/// The machine's batteries as they change (`UIDevice.batteryLevelDidChangeNotification` and
/// `batteryStateDidChangeNotification`).
///
/// ```swift
/// for try await battery in BatteryMonitor().updates {
///   print(battery.id, battery.level.map { "\(Int($0 * 100)) %" } ?? "unknown", battery.state)
/// }
/// ```
///
/// The source is UPower's signals when upowerd is on the system bus, else the kernel's
/// `power_supply` events read through sysfs. A machine with neither throws
/// ``UpdateError/unavailable(_:)``.
public struct BatteryMonitor: Sendable {
  /// Statuses an app's tests give, in place of UPower's (see <doc:TestingYourApp>).
  private let replayed: [BatteryStatus]?

  /// A monitor; nothing is read until ``updates`` is iterated.
  public init() { replayed = nil }

  /// A monitor whose ``updates`` are these statuses, in order, then the end: for an app's tests.
  public init(replaying statuses: [BatteryStatus]) { replayed = statuses }

  /// The current status of each battery first, then one status per change of its level or
  /// state. Peripheral batteries (a mouse's) are left out. When upowerd goes away, one status
  /// with an empty ``BatteryStatus/id`` and state ``BatteryStatus/State/unknown`` says so; when it
  /// comes back, the current status of each battery follows.
  public var updates: Updates<BatteryStatus> {
    if let replayed { return .replaying(replayed) }
    return .events(.battery) { event in
      switch event.event {
      case .battery(let update):
        guard case .battery(let battery, _) = update.device else { return nil }
        return BatteryStatus(battery)
      case .sourceLost:
        return BatteryStatus(id: "", level: nil, state: .unknown, detailedState: .unknown)
      default:
        return nil
      }
    }
  }
}
