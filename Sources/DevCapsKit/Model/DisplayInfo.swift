/// One DRM connector: the seeds' UIScreen, from `/sys/class/drm` and the monitor's EDID.
public struct DisplayInfo: Sendable, Codable, Equatable {
  /// The connector without the card prefix (`HDMI-A-1`, `eDP-1`).
  public var connector: String
  public var card: String
  public var syspath: String = ""
  /// eDP, LVDS and DSI panels are built in.
  public var isInternal: Bool
  public var connected: Bool
  public var enabled: Bool?
  /// `WIDTHxHEIGHT` in the kernel's order (preferred first), each once.
  public var modes: [String]
  public var manufacturerId: String?
  public var productCode: Int?
  public var serialNumber: String?
  public var name: String?
  public var widthMm: Int?
  public var heightMm: Int?
  public var preferredMode: String?
  public var preferredRefreshHz: Double?

  public init(connector: String, card: String, isInternal: Bool, connected: Bool) {
    self.connector = connector
    self.card = card
    self.isInternal = isInternal
    self.connected = connected
    self.modes = []
  }
}

extension DisplayInfo {
  /// `syspath` is for devcaps' own bookkeeping, not the report.
  enum CodingKeys: String, CodingKey {
    case connector, card, isInternal = "internal", connected, enabled, modes, manufacturerId, productCode
    case serialNumber, name, widthMm, heightMm, preferredMode, preferredRefreshHz
  }
}
