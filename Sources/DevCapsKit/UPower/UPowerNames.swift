/// UPower's enumerations in its own words, as libupower-glib's `up_device_kind_to_string`,
/// `up_device_technology_to_string` and `up_device_level_to_string` give them
/// (UPowerNamesTests compares the tables with the library's functions, number by number).
enum UPowerNames {
  static let kinds = [
    "unknown", "line-power", "battery", "ups", "monitor", "mouse", "keyboard", "pda", "phone", "media-player", "tablet",
    "computer", "gaming-input", "pen", "touchpad", "modem", "network", "headset", "speakers", "headphones", "video",
    "audio-device", "remote-control", "printer", "scanner", "camera", "wearable", "toy", "bluetooth-generic",
  ]
  static let technologies = [
    "unknown", "lithium-ion", "lithium-polymer", "lithium-iron-phosphate", "lead-acid", "nickel-cadmium",
    "nickel-metal-hydride",
  ]
  static let levels = ["unknown", "none", "discharging", "low", "critical", "action", "normal", "high", "full"]

  static func name(_ number: Int64?, in table: [String]) -> String {
    guard let number, number >= 0, number < table.count else { return "unknown" }
    return table[Int(number)]
  }
}
