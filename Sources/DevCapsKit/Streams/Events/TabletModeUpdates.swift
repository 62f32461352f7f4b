/// Whether a convertible is folded into a tablet, as its tablet-mode switches say
/// (`SW_TABLET_MODE`: intel-hid, intel-vbtn, thinkpad_acpi, asus-wmi, a Chromebook's gpio-keys).
public struct TabletModeUpdate: Sendable, Equatable {
  /// In tablet mode: at least one of the machine's tablet-mode switches is on.
  public var tabletMode: Bool
  /// The event node of the switch that changed, or for the first event the one that is on (the
  /// first found when none is): `event5`.
  public var device: String
  /// That input device's name (`Intel HID switches`).
  public var name: String?

  /// An update as a test or a replay makes one.
  public init(tabletMode: Bool, device: String, name: String? = nil) {
    self.tabletMode = tabletMode
    self.device = device
    self.name = name
  }
}

extension TabletModeUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case tabletMode, device, name }

  /// The members of `Schemas/event.schema.json`'s tablet-mode event.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(tabletMode, forKey: .tabletMode)
    try container.encode(device, forKey: .device)
    if let name { try container.encode(name, forKey: .name) }
  }
}
