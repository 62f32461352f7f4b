/// A display connector on the stream's first lines, or what changed on it.
public struct DisplayUpdate: Sendable, Equatable {
  public enum Action: String, Sendable, Encodable {
    case connected, disconnected
    case modesChanged = "modes-changed"
  }

  public var action: Action
  public var display: DisplayInfo
  public var initial: Bool

  public init(action: Action, display: DisplayInfo, initial: Bool) {
    self.action = action
    self.display = display
    self.initial = initial
  }
}

extension DisplayUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case action, initial }

  /// `action`, `initial` when it is, then the display's own members.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(action, forKey: .action)
    if initial { try container.encode(true, forKey: .initial) }
    try display.encode(to: encoder)
  }
}

/// A sensor present at the start, added or removed.
public struct SensorUpdate: Sendable, Equatable {
  public enum Action: String, Sendable, Encodable { case present, added, removed }

  public var action: Action
  /// A removed sensor has no reading.
  public var sensor: SensorInfo
  public var initial: Bool

  public init(action: Action, sensor: SensorInfo, initial: Bool) {
    self.action = action
    self.sensor = sensor
    self.initial = initial
  }
}

extension SensorUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case action, initial }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(action, forKey: .action)
    if initial { try container.encode(true, forKey: .initial) }
    try sensor.encode(to: encoder)
  }
}
