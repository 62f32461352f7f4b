/// A USB device there at the start, plugged in or unplugged.
public struct USBUpdate: Sendable, Equatable {
  /// What happened to the device: there at the start, added, removed.
  public enum Action: String, Sendable, Encodable { case present, added, removed }

  /// What happened to the device.
  public var action: Action
  /// The device as it was listed (for a removal, as it was before it went).
  public var device: USBDeviceInfo

  /// An update as a test or a replay makes one.
  public init(action: Action, device: USBDeviceInfo) {
    self.action = action
    self.device = device
  }
}

extension USBUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case action }

  /// `action`, then the device's own members (those of the report's `usb` section).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(action, forKey: .action)
    try device.encode(to: encoder)
  }
}
