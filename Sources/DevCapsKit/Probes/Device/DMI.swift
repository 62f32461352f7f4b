/// The firmware's SMBIOS/DMI strings under `/sys/class/dmi/id`, with the placeholders vendors
/// leave in them ("To be filled by O.E.M.") treated as unknown.
struct DMI {
  let context: ProbeContext
  private static let directory = "/sys/class/dmi/id/"

  /// Placeholder strings seen in real firmware; compared case-insensitively.
  static let placeholders: Set<String> = [
    "to be filled by o.e.m.", "to be filled by oem", "default string", "system product name",
    "system manufacturer", "system version", "not applicable", "not specified", "not available",
    "none", "o.e.m.", "oem", "unknown", "type1productconfigid", "0123456789", "product name",
    "invalid", "all series", "n/a", "na", "x.x", "sku", "chassis manufacturer", "standard",
  ]

  /// Nil for placeholders; control characters, which firmware sometimes leaves in padding, are
  /// dropped so they can never reach a terminal.
  static func meaningful(_ raw: String?) -> String? {
    guard let raw else { return nil }
    var value = ""
    value.unicodeScalars.append(contentsOf: raw.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f })
    value = value.trimmingWhitespace()
    guard !value.isEmpty, !placeholders.contains(value.lowercased()) else { return nil }
    return value
  }

  func string(_ name: String) -> String? {
    DMI.meaningful(context.line(DMI.directory + name))
  }

  func date(_ name: String) -> String? {
    guard let text = string(name) else { return nil }
    guard let date = DMI.isoDate(text) else {
      context.diagnostics.record(DMI.directory + name, "expected a date MM/DD/YYYY, found \(text.quotedForMessage)")
      return nil
    }
    return date
  }

  func integer(_ name: String) -> Int64? {
    context.integer(DMI.directory + name)
  }

  /// DMI dates are `MM/DD/YYYY` (some firmware writes `MM/DD/YY`); the report uses ISO 8601.
  static func isoDate(_ dmiDate: String) -> String? {
    let parts = dmiDate.split(separator: "/")
    guard parts.count == 3, let month = Int(parts[0]), let day = Int(parts[1]), var year = Int(parts[2]),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    if parts[2].count == 2 { year += year < 70 ? 2000 : 1900 }
    guard (1970...2999).contains(year) else { return nil }
    func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
    return "\(year)-\(pad(month))-\(pad(day))"
  }
}
