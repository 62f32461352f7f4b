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

/// Something there at the start, added or removed: a sensor (`watch sensors`), a USB device
/// (`watch usb`).
public struct PresenceUpdate<Item: Sendable & Equatable & Encodable>: Sendable, Equatable {
  /// What happened to it: there at the start, added, removed.
  public enum Action: String, Sendable, Encodable { case present, added, removed }

  /// What happened to it.
  public var action: Action
  /// It as it is listed (for a removal, as it was: a removed sensor has no reading).
  public var item: Item

  /// An update as a test or a replay makes one.
  public init(action: Action, item: Item) {
    self.action = action
    self.item = item
  }
}

extension PresenceUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case action }

  /// `action`, then the item's own members (those of its report section).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(action, forKey: .action)
    try item.encode(to: encoder)
  }
}

/// A sensor present at the start, added or removed.
public typealias SensorUpdate = PresenceUpdate<SensorInfo>

/// A USB device present at the start, plugged in or unplugged.
public typealias USBUpdate = PresenceUpdate<USBDeviceInfo>

extension PresenceUpdate where Item == SensorInfo {
  /// The sensor; a removed sensor has no reading.
  public var sensor: SensorInfo {
    get { item }
    set { item = newValue }
  }

  /// An update as a test or a replay makes one.
  public init(action: Action, sensor: SensorInfo) { self.init(action: action, item: sensor) }
}
