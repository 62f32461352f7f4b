/// One DRM connector: iOS's UIScreen, from `/sys/class/drm` and the monitor's EDID.
public struct DisplayInfo: Sendable, Codable, Equatable {
  /// The connector without the card prefix (`HDMI-A-1`, `eDP-1`).
  public var connector: String
  /// The DRM card the connector belongs to (`card0`).
  public var card: String
  /// The connector's sysfs path; devcaps' own bookkeeping, not in the report's JSON.
  public var syspath: String = ""
  /// eDP, LVDS and DSI panels are built in.
  public var isInternal: Bool
  /// A monitor or panel is attached (`status` is `connected`).
  public var connected: Bool
  /// The connector drives a picture (`enabled`); nil when the kernel does not say.
  public var enabled: Bool?
  /// `WIDTHxHEIGHT` in the kernel's order (preferred first), each once.
  public var modes: [String]
  /// The EDID's three-letter manufacturer code (`DEL`, `LEN`).
  public var manufacturerId: String?
  /// The EDID's product code.
  public var productCode: Int?
  /// The EDID's serial number: the descriptor's text, else the numeric serial.
  public var serialNumber: String?
  /// The monitor's name from the EDID (`DELL U2720Q`).
  public var name: String?
  /// The picture's width in millimetres, from the EDID.
  public var widthMm: Int?
  /// The picture's height in millimetres, from the EDID.
  public var heightMm: Int?
  /// The EDID's preferred mode, `WIDTHxHEIGHT`.
  public var preferredMode: String?
  /// The preferred mode's refresh rate in Hz.
  public var preferredRefreshHz: Double?
  /// Each mode the EDID's timings state (`1920x1080`, `1920x1080i`), with the highest refresh
  /// rate in Hz they give it; nil without an EDID.
  public var modeRefreshHz: [String: Double]?

  /// A connector with no modes and nothing from an EDID yet.
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
    case serialNumber, name, widthMm, heightMm, preferredMode, preferredRefreshHz, modeRefreshHz
  }
}
