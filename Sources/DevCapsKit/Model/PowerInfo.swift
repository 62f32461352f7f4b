/// The seeds' batteryLevel and batteryState, and more: every battery, peripheral batteries,
/// line power and the lid, from UPower (or sysfs when UPower is absent).
public struct PowerInfo: Sendable, Equatable {
  public enum Source: String, Sendable { case upower, sysfs, none }

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
public enum BatteryState: String, Sendable {
  case charging, discharging, full, notCharging = "not-charging", empty, unknown
}

public struct BatteryInfo: Sendable, Equatable {
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

public struct PeripheralInfo: Sendable, Equatable {
  public var id: String
  /// UPower's kind: mouse, keyboard, headset, gaming-input, …
  public var kind: String
  public var model: String?
  public var level: Double?
  public var state: BatteryState
}

extension PowerInfo: JSONRepresentable {
  public var json: JSONValue {
    .object([
      JSONMember("source", .string(source.rawValue)),
      JSONMember("onBattery", .optional(onBattery)),
      JSONMember("linePowerOnline", .optional(linePowerOnline)),
      JSONMember(
        "lid",
        .object([JSONMember("present", .optional(lidPresent)), JSONMember("closed", .optional(lidClosed))])),
      JSONMember("level", .optional(level)),
      JSONMember("batteries", .list(batteries)),
      JSONMember("peripherals", .list(peripherals)),
    ])
  }
}

extension BatteryInfo: JSONRepresentable {
  public var json: JSONValue {
    .object([
      JSONMember("id", .string(id)),
      JSONMember("level", .optional(level)),
      JSONMember("state", .string(state.rawValue)),
      JSONMember("timeToEmptySeconds", .optional(timeToEmptySeconds)),
      JSONMember("timeToFullSeconds", .optional(timeToFullSeconds)),
      JSONMember("energyWh", .optional(energyWh)),
      JSONMember("energyFullWh", .optional(energyFullWh)),
      JSONMember("energyFullDesignWh", .optional(energyFullDesignWh)),
      JSONMember("energyRateW", .optional(energyRateW)),
      JSONMember("health", .optional(health)),
      JSONMember("technology", .optional(technology)),
      JSONMember("vendor", .optional(vendor)),
      JSONMember("model", .optional(model)),
      JSONMember("chargeCycles", .optional(chargeCycles)),
      JSONMember("warningLevel", .optional(warningLevel)),
    ])
  }
}

extension PeripheralInfo: JSONRepresentable {
  public var json: JSONValue {
    .object([
      JSONMember("id", .string(id)), JSONMember("kind", .string(kind)), JSONMember("model", .optional(model)),
      JSONMember("level", .optional(level)), JSONMember("state", .string(state.rawValue)),
    ])
  }
}
