extension StringProtocol {
  /// Trims ASCII white space and NULs (device-tree strings end in NUL).
  func trimmingWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\0" }
    guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
    let end = lastIndex(where: { !isSpace($0) })!
    return String(self[start...end])
  }
}

extension String {
  /// A value for an error message: quoted, shortened, control characters made visible.
  var quotedForMessage: String {
    var shown = ""
    for scalar in unicodeScalars.prefix(40) {
      if scalar.value < 0x20 || scalar.value == 0x7f {
        shown += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    if unicodeScalars.count > 40 { shown += "…" }
    return "'\(shown)'"
  }
}

/// Parses `KEY=value` files in the os-release / machine-info shell-like syntax: blank lines and
/// `#` comments skipped, values optionally in single or double quotes with backslash escapes.
func parseEnvironmentFile(_ text: String) -> [String: String] {
  var result: [String: String] = [:]
  for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
    let line = rawLine.trimmingWhitespace()
    if line.isEmpty || line.hasPrefix("#") { continue }
    guard let equals = line.firstIndex(of: "=") else { continue }
    let key = String(line[..<equals]).trimmingWhitespace()
    guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
    result[key] = unquoteShellValue(String(line[line.index(after: equals)...]))
  }
  return result
}

func unquoteShellValue(_ raw: String) -> String {
  var value = ""
  var quote: Character? = nil
  var escaped = false
  for character in raw {
    if escaped {
      value.append(character)
      escaped = false
    } else if character == "\\" && quote != "'" {
      escaped = true
    } else if let open = quote {
      if character == open { quote = nil } else { value.append(character) }
    } else if character == "\"" || character == "'" {
      quote = character
    } else {
      value.append(character)
    }
  }
  return value.trimmingWhitespace()
}

/// Parses a kernel CPU list such as `0-3,8,10-11` into its members. Nil for malformed input.
func parseCPUList(_ text: String) -> [Int]? {
  let trimmed = text.trimmingWhitespace()
  if trimmed.isEmpty { return [] }
  var members: [Int] = []
  for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
    let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
    switch bounds.count {
    case 1:
      guard let single = Int(bounds[0]), single >= 0 else { return nil }
      members.append(single)
    case 2:
      guard let low = Int(bounds[0]), let high = Int(bounds[1]), low >= 0, low <= high,
        high - low < 1 << 16
      else { return nil }
      members.append(contentsOf: low...high)
    default:
      return nil
    }
  }
  return members
}
