/// How hard the machine is working to stay cool, in the four steps of iOS's
/// `ProcessInfo.ThermalState`. <doc:ThermalStateRule> says how the kernel's thermal zones map to them.
public enum ThermalState: String, Sendable, Codable, CaseIterable, Comparable {
  /// Every zone is more than 10 °C below its first throttling trip point; nothing throttles.
  case nominal
  /// A zone is within 10 °C of its passive trip point, or a cooling device has begun to throttle.
  case fair
  /// A zone is at or past its passive trip point (or, without one, within 10 °C of its hot or
  /// critical trip point), or a cooling device throttles at its maximum.
  case serious
  /// A zone is at or past its hot or critical trip point: the kernel is about to shut down.
  case critical

  /// Hotter states are greater: `.serious > .fair`.
  public static func < (lhs: ThermalState, rhs: ThermalState) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// One trip point of a thermal zone: a temperature at which the kernel acts.
public struct ThermalTrip: Sendable, Codable, Equatable {
  /// The kernel's word: `active` (a fan), `passive` (throttling), `hot` or `critical`.
  public var type: String
  /// The temperature at which it trips.
  public var temperatureCelsius: Double

  /// A trip point as a test or a saved report describes it.
  public init(type: String, temperatureCelsius: Double) {
    self.type = type
    self.temperatureCelsius = temperatureCelsius
  }
}

/// One thermal zone of `/sys/class/thermal`.
public struct ThermalZoneInfo: Sendable, Codable, Equatable {
  /// The zone's directory name (`thermal_zone0`).
  public var id: String
  /// What the zone measures, as its driver names it (`acpitz`, `x86_pkg_temp`, `cpu-thermal`).
  public var type: String?
  /// The temperature now; nil when the sensor gives none (a radio switched off).
  public var temperatureCelsius: Double?
  /// The trip points that are set (unset ones, at 0 °C or below, are left out).
  public var trips: [ThermalTrip]

  /// A zone as a test or a saved report describes it.
  public init(id: String, type: String? = nil, temperatureCelsius: Double? = nil, trips: [ThermalTrip] = []) {
    self.id = id
    self.type = type
    self.temperatureCelsius = temperatureCelsius
    self.trips = trips
  }
}

/// One cooling device of `/sys/class/thermal`: a fan, or a way of throttling.
public struct CoolingDeviceInfo: Sendable, Codable, Equatable {
  /// The device's directory name (`cooling_device0`).
  public var id: String
  /// What it is, as its driver names it (`Processor`, `Fan`, `intel_powerclamp`).
  public var type: String?
  /// How hard it cools now, 0 (not at all) to ``maxState``.
  public var currentState: Int64?
  /// Its strongest setting.
  public var maxState: Int64?

  /// A cooling device as a test or a saved report describes it.
  public init(id: String, type: String? = nil, currentState: Int64? = nil, maxState: Int64? = nil) {
    self.id = id
    self.type = type
    self.currentState = currentState
    self.maxState = maxState
  }
}

/// The thermal state, why, and the zones and cooling devices it was judged on.
public struct ThermalInfo: Sendable, Codable, Equatable {
  /// The state by <doc:ThermalStateRule>; nominal when no zone gives a temperature.
  public var state: ThermalState
  /// What decided a state above nominal (`x86_pkg_temp at 92.0 °C, past its passive trip at 90.0 °C`).
  public var reason: String?
  /// The zones, in the kernel's order.
  public var zones: [ThermalZoneInfo]
  /// The cooling devices, in the kernel's order.
  public var coolingDevices: [CoolingDeviceInfo]

  /// A thermal section as a test or a saved report describes it.
  public init(
    state: ThermalState, reason: String? = nil, zones: [ThermalZoneInfo] = [], coolingDevices: [CoolingDeviceInfo] = []
  ) {
    self.state = state
    self.reason = reason
    self.zones = zones
    self.coolingDevices = coolingDevices
  }
}
