/// UIDevice's batteryLevel and batteryState, and more: every battery, peripheral batteries,
/// line power and the lid, from UPower (or sysfs when UPower is absent).
public struct PowerInfo: Sendable, Codable, Equatable {
  /// Where the power section came from: UPower, sysfs read the way upowerd reads it, or nothing.
  public enum Source: String, Sendable, Codable { case upower, sysfs, none }

  /// Which source answered.
  public var source: Source
  /// The machine runs on its battery (no line power).
  public var onBattery: Bool?
  /// Line power (the mains adapter) is connected.
  public var linePowerOnline: Bool?
  /// The machine has a lid (UPower only).
  public var lidPresent: Bool?
  /// The lid is closed (UPower only).
  public var lidClosed: Bool?
  /// The aggregate level 0…1 (UPower's display device): the battery-level key.
  public var level: Double?
  /// The machine's own batteries (power-supply `type=Battery`, `scope` not `Device`).
  public var batteries: [BatteryInfo]
  /// Batteries of peripherals: mice, keyboards, headsets.
  public var peripherals: [PeripheralInfo]
  /// power-profiles-daemon's profile (low power mode); nil when no daemon answers.
  public var powerProfile: PowerProfileInfo?

  /// A power section with nothing found yet.
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

/// One of the machine's batteries.
public struct BatteryInfo: Sendable, Codable, Equatable {
  /// The kernel's name: BAT0.
  public var id: String
  /// The charge from 0 to 1.
  public var level: Double?
  /// Charging, discharging, full, …
  public var state: BatteryState
  /// Seconds until empty at the present rate, while discharging.
  public var timeToEmptySeconds: Int64?
  /// Seconds until full at the present rate, while charging.
  public var timeToFullSeconds: Int64?
  /// The energy held now, in Wh.
  public var energyWh: Double?
  /// The energy when last full, in Wh.
  public var energyFullWh: Double?
  /// The energy when full, by design, in Wh.
  public var energyFullDesignWh: Double?
  /// The rate of charge or discharge, in W.
  public var energyRateW: Double?
  /// energyFull ÷ energyFullDesign.
  public var health: Double?
  /// The chemistry (`lithium-ion`).
  public var technology: String?
  /// The battery's maker.
  public var vendor: String?
  /// The battery's model name.
  public var model: String?
  /// Charge cycles so far.
  public var chargeCycles: Int64?
  /// UPower's warning level (`none`, `low`, `critical`, `action`).
  public var warningLevel: String?

  /// A battery with only its name and state known.
  public init(id: String, state: BatteryState = .unknown) {
    self.id = id
    self.state = state
  }
}

/// The battery of a peripheral (mouse, keyboard, headset), from UPower.
public struct PeripheralInfo: Sendable, Codable, Equatable {
  /// UPower's or the kernel's name for it (`hidpp_battery_0`).
  public var id: String
  /// UPower's kind: mouse, keyboard, headset, gaming-input, …
  public var kind: String
  /// The peripheral's model name.
  public var model: String?
  /// The charge from 0 to 1.
  public var level: Double?
  /// Charging, discharging, …
  public var state: BatteryState

  /// A peripheral battery as a test or a saved report describes it.
  public init(id: String, kind: String, model: String? = nil, level: Double? = nil, state: BatteryState = .unknown) {
    self.id = id
    self.kind = kind
    self.model = model
    self.level = level
    self.state = state
  }
}

extension PowerInfo {
  enum CodingKeys: String, CodingKey {
    case source, onBattery, linePowerOnline, lid, level, batteries, peripherals, powerProfile
  }
  enum LidKeys: String, CodingKey { case present, closed }

  /// Reads a peripheral from a saved report.
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
    powerProfile = try container.decodeIfPresent(PowerProfileInfo.self, forKey: .powerProfile)
  }

}
