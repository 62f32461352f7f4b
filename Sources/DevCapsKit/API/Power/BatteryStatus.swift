/// A battery's charge and whether it is charging (`UIDevice.batteryLevel` and `batteryState`).
public struct BatteryStatus: Sendable, Equatable {
  /// `UIDevice.BatteryState`'s words.
  public enum State: String, Sendable, Equatable, CaseIterable {
    /// Running on the battery: discharging, or empty.
    case unplugged
    /// On line power and charging (or about to, or holding off: `not-charging`).
    case charging
    /// On line power, fully charged.
    case full
    /// The source does not say.
    case unknown

    /// The state UIKit would show for a battery in the state devcaps reports.
    public init(_ state: BatteryState) {
      switch state {
      case .discharging, .empty: self = .unplugged
      case .charging, .notCharging: self = .charging
      case .full: self = .full
      case .unknown: self = .unknown
      }
    }
  }

  /// The battery's kernel name (`BAT0`); empty when the power source went away.
  public var id: String
  /// The charge from 0 (empty) to 1 (full); nil when unknown.
  public var level: Double?
  /// Charging, full, unplugged or unknown.
  public var state: State
  /// devcaps' own state, finer than ``state`` (`not-charging`, `empty`).
  public var detailedState: BatteryState

  /// A status as a test or a replay makes one.
  public init(id: String, level: Double?, state: State, detailedState: BatteryState) {
    self.id = id
    self.level = level
    self.state = state
    self.detailedState = detailedState
  }

  /// The status of a battery as the report or a stream describes it.
  public init(_ battery: BatteryInfo) {
    self.init(id: battery.id, level: battery.level, state: State(battery.state), detailedState: battery.state)
  }
}
