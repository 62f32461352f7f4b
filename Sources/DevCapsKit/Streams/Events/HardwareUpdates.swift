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

  /// An update as a test or a replay makes one.
  public init(action: Action, display: DisplayInfo) {
    self.action = action
    self.display = display
  }
}

extension DisplayUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case action }

  /// `action`, then the display's own members.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(action, forKey: .action)
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

  /// An update as a test or a replay makes one.
  public init(action: Action, sensor: SensorInfo) {
    self.action = action
    self.sensor = sensor
  }
}

extension SensorUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case action }

  /// `action`, then the sensor's own members.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(action, forKey: .action)
    try sensor.encode(to: encoder)
  }
}
