/// Locale-independent number formatting for people: thousands separators, binary byte units,
/// hertz and durations. (Reports are read in terminals and CI logs; a locale must not change them.)
/// The library's texts (a requirement's finding) and the command's tables share it: `package`, not
/// part of the library's API.
package enum Units {
  /// `12345678` → `12,345,678`.
  package static func grouped<T: BinaryInteger>(_ value: T) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }

  /// A value with `decimals` digits after the point, rounded half away from zero.
  package static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "unknown" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e18 else { return "\(value)" }
    let whole = UInt64(scaled)
    let factor = UInt64(scale)
    var text = String(whole / factor)
    if decimals > 0 {
      let fraction = String(whole % factor)
      text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return (value < 0 && scaled > 0 ? "-" : "") + text
  }

  /// Bytes in binary units with one decimal: `2147483648` → `2.0 GiB`; below 1 KiB, `512 B`.
  package static func binaryBytes(_ bytes: UInt64) -> String {
    let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
    if bytes < 1024 { return "\(bytes) B" }
    var value = Double(bytes) / 1024
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return fixed(value, decimals: 1) + " " + units[unit]
  }

  /// Both forms, exact first: `2,147,483,648 bytes (2.0 GiB)`.
  package static func bytes(_ bytes: UInt64) -> String {
    bytes < 1024 ? "\(grouped(bytes)) bytes" : "\(grouped(bytes)) bytes (\(binaryBytes(bytes)))"
  }

  /// `10`, `0.2`, `12.5`: a number as people (and sysfs attributes) write it, with no `.0` on a
  /// whole one: a `--rate`, a `sampling_frequency`.
  package static func plain(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  /// `2900000000` → `2.90 GHz`; below 1 GHz in MHz.
  package static func hertz(_ hertz: Int64) -> String {
    if hertz >= 1_000_000_000 { return fixed(Double(hertz) / 1e9, decimals: 2) + " GHz" }
    if hertz >= 1_000_000 { return fixed(Double(hertz) / 1e6, decimals: 0) + " MHz" }
    if hertz >= 1_000 { return fixed(Double(hertz) / 1e3, decimals: 0) + " kHz" }
    return "\(hertz) Hz"
  }

  /// `7230` → `2:01` (hours and minutes, rounded to the minute), as battery estimates read.
  package static func clock(seconds: Int64) -> String {
    guard seconds >= 0 else { return "unknown" }
    let minutes = seconds / 60 + (seconds % 60 >= 30 ? 1 : 0)
    return "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
  }

  /// `93784` → `1 d 2 h 3 min`; under a minute, seconds.
  package static func duration(seconds: Double) -> String {
    guard seconds >= 0, let total = Int64(exactly: seconds.rounded(.down)) else { return "unknown" }
    if total < 60 { return "\(total) s" }
    let days = total / 86_400
    let hours = total % 86_400 / 3_600
    let minutes = total % 3_600 / 60
    var parts: [String] = []
    if days > 0 { parts.append("\(days) d") }
    if hours > 0 || days > 0 { parts.append("\(hours) h") }
    parts.append("\(minutes) min")
    return parts.joined(separator: " ")
  }
}
