/// A display connector on the stream's first lines, or what changed on it.
public struct DisplayUpdate: Sendable, Equatable {
  /// What happened to the connector.
  public enum Action: String, Sendable, Encodable {
    case connected, disconnected
    case modesChanged = "modes-changed"
  }

  /// What happened to the connector.
  public var action: Action
  /// The connector as it is now (as it was, for a disconnection).
  public var display: DisplayInfo
  /// The stream's first events: the connectors as they are, not a change.
  public var initial: Bool

  /// An update as a test or a replay makes one.
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
  /// What happened to the sensor: there at the start, added, removed.
  public enum Action: String, Sendable, Encodable { case present, added, removed }

  /// What happened to the sensor.
  public var action: Action
  /// A removed sensor has no reading.
  public var sensor: SensorInfo
  /// The stream's first events: the sensors present, not a change.
  public var initial: Bool

  /// An update as a test or a replay makes one.
  public init(action: Action, sensor: SensorInfo, initial: Bool) {
    self.action = action
    self.sensor = sensor
    self.initial = initial
  }
}

extension SensorUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case action, initial }

  /// `action`, `initial` when it is, then the sensor's own members.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(action, forKey: .action)
    if initial { try container.encode(true, forKey: .initial) }
    try sensor.encode(to: encoder)
  }
}
