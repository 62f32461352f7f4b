/// The seeds' batteryLevel and batteryState, and more: every battery, peripheral batteries,
/// line power and the lid, from UPower (or sysfs when UPower is absent).
public struct PowerInfo: Sendable, Codable, Equatable {
  public enum Source: String, Sendable, Codable { case upower, sysfs, none }

  public var source: Source
  public var onBattery: Bool?
  public var linePowerOnline: Bool?
  public var lidPresent: Bool?
  public var lidClosed: Bool?
  /// The aggregate level 0…1 (UPower's display device): the battery-level key.
  public var level: Double?
  public var batteries: [BatteryInfo]
  public var peripherals: [PeripheralInfo]

  public init(source: Source) {
    self.source = source
    batteries = []
    peripherals = []
  }
}

/// `charging discharging full not-charging empty unknown`, the same whichever source said it.
public enum BatteryState: String, Sendable, Codable {
  case charging, discharging, full, notCharging = "not-charging", empty, unknown
}

public struct BatteryInfo: Sendable, Codable, Equatable {
  /// The kernel's name: BAT0.
  public var id: String
  public var level: Double?
  public var state: BatteryState
  public var timeToEmptySeconds: Int64?
  public var timeToFullSeconds: Int64?
  public var energyWh: Double?
  public var energyFullWh: Double?
  public var energyFullDesignWh: Double?
  public var energyRateW: Double?
  /// energyFull ÷ energyFullDesign.
  public var health: Double?
  public var technology: String?
  public var vendor: String?
  public var model: String?
  public var chargeCycles: Int64?
  public var warningLevel: String?

  public init(id: String, state: BatteryState = .unknown) {
    self.id = id
    self.state = state
  }
}

public struct PeripheralInfo: Sendable, Codable, Equatable {
  public var id: String
  /// UPower's kind: mouse, keyboard, headset, gaming-input, …
  public var kind: String
  public var model: String?
  public var level: Double?
  public var state: BatteryState

  public init(id: String, kind: String, model: String? = nil, level: Double? = nil, state: BatteryState = .unknown) {
    self.id = id
    self.kind = kind
    self.model = model
    self.level = level
    self.state = state
  }
}

extension PowerInfo {
  enum CodingKeys: String, CodingKey { case source, onBattery, linePowerOnline, lid, level, batteries, peripherals }
  enum LidKeys: String, CodingKey { case present, closed }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(source: try container.decode(Source.self, forKey: .source))
    onBattery = try container.decodeIfPresent(Bool.self, forKey: .onBattery)
    linePowerOnline = try container.decodeIfPresent(Bool.self, forKey: .linePowerOnline)
    if container.contains(.lid), !(try container.decodeNil(forKey: .lid)) {
      let lid = try container.nestedContainer(keyedBy: LidKeys.self, forKey: .lid)
      lidPresent = try lid.decodeIfPresent(Bool.self, forKey: .present)
      lidClosed = try lid.decodeIfPresent(Bool.self, forKey: .closed)
    }
    level = try container.decodeIfPresent(Double.self, forKey: .level)
    batteries = try container.decodeIfPresent([BatteryInfo].self, forKey: .batteries) ?? []
    peripherals = try container.decodeIfPresent([PeripheralInfo].self, forKey: .peripherals) ?? []
  }

  /// The lid is one object in the report: `"lid": {"present": …, "closed": …}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(source, forKey: .source)
    try container.encodeIfPresent(onBattery, forKey: .onBattery)
    try container.encodeIfPresent(linePowerOnline, forKey: .linePowerOnline)
    var lid = container.nestedContainer(keyedBy: LidKeys.self, forKey: .lid)
    try lid.encodeIfPresent(lidPresent, forKey: .present)
    try lid.encodeIfPresent(lidClosed, forKey: .closed)
    try container.encodeIfPresent(level, forKey: .level)
    try container.encode(batteries, forKey: .batteries)
    try container.encode(peripherals, forKey: .peripherals)
  }
}
