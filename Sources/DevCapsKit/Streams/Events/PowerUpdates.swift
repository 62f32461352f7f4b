/// A battery's or a peripheral's state on the stream's first lines or after a change; or its
/// removal.
public struct BatteryUpdate: Sendable, Equatable {
  /// Which power device changed, and how it is now.
  public enum Device: Sendable, Equatable {
    case battery(BatteryInfo, onBattery: Bool?)
    case peripheral(PeripheralInfo)
    case removed(id: String)
  }

  /// The device and its state.
  public var device: Device

  /// An update as a test or a replay makes one.
  public init(_ device: Device) {
    self.device = device
  }

  /// The device's name (`BAT0`, `hidpp_battery_0`).
  public var id: String {
    switch device {
    case .battery(let battery, _): battery.id
    case .peripheral(let peripheral): peripheral.id
    case .removed(let id): id
    }
  }
}

extension BatteryUpdate: Encodable {
  enum CodingKeys: String, CodingKey {
    case id, level, state, timeToEmptySeconds, timeToFullSeconds, onBattery, energyWh, energyRateW, warningLevel
    case peripheral, kind, model, removed
  }

  /// The members of `Schemas/event.schema.json`'s battery event.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch device {
    case .battery(let battery, let onBattery):
      try container.encode(battery.id, forKey: .id)
      try container.encode(battery.level, forKey: .level)
      try container.encode(battery.state, forKey: .state)
      try container.encode(battery.timeToEmptySeconds, forKey: .timeToEmptySeconds)
      try container.encode(battery.timeToFullSeconds, forKey: .timeToFullSeconds)
      try container.encode(onBattery, forKey: .onBattery)
      try container.encode(battery.energyWh, forKey: .energyWh)
      try container.encode(battery.energyRateW, forKey: .energyRateW)
      try container.encode(battery.warningLevel, forKey: .warningLevel)
    case .peripheral(let peripheral):
      try container.encode(peripheral.id, forKey: .id)
      try container.encode(peripheral.level, forKey: .level)
      try container.encode(peripheral.state, forKey: .state)
      try container.encode(true, forKey: .peripheral)
      try container.encode(peripheral.kind, forKey: .kind)
      try container.encode(peripheral.model, forKey: .model)
    case .removed(let id):
      try container.encode(id, forKey: .id)
      try container.encode(true, forKey: .removed)
    }
  }
}

/// The lid (from UPower).
public struct LidUpdate: Sendable, Equatable, Encodable {
  /// The lid is closed; nil when UPower does not say.
  public var closed: Bool?
  /// The machine has a lid.
  public var present: Bool?

  /// An update as a test or a replay makes one.
  public init(closed: Bool?, present: Bool?) {
    self.closed = closed
    self.present = present
  }

  enum CodingKeys: String, CodingKey { case closed, present }

  /// `closed`, `present`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(closed, forKey: .closed)
    try container.encode(present, forKey: .present)
  }
}
