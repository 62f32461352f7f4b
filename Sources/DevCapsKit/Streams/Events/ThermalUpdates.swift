/// The thermal state at the start of `watch thermal`, or a change of it
/// (`ProcessInfo.thermalStateDidChangeNotification`).
public struct ThermalUpdate: Sendable, Equatable {
  /// The state by <doc:ThermalStateRule>.
  public var state: ThermalState
  /// What decided a state above nominal.
  public var reason: String?
  /// The zones as they were read for this state.
  public var zones: [ThermalZoneInfo]

  /// An update as a test or a replay makes one.
  public init(state: ThermalState, reason: String? = nil, zones: [ThermalZoneInfo] = []) {
    self.state = state
    self.reason = reason
    self.zones = zones
  }

  init(_ thermal: ThermalInfo) {
    self.init(state: thermal.state, reason: thermal.reason, zones: thermal.zones)
  }
}

extension ThermalUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case state, reason, zones }

  /// `state`, `reason`, `zones` (each with `temperatureCelsius`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(state, forKey: .state)
    try container.encode(reason, forKey: .reason)
    try container.encode(zones, forKey: .zones)
  }
}
