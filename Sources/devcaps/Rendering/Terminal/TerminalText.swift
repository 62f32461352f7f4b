/// Text from outside (a manifest's key, a mount path, a sysfs value) made safe for one line of
/// a terminal or log: a control character could end the line early, move the cursor or change
/// colours, so each is written as a visible escape (`\n`, `\t`, `\x1B`, `\u{9B}`).
enum TerminalText {
  static func escapingControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        result += "\\x" + hex(scalar.value, digits: 2)
      case _ where isControl(scalar):
        result += "\\u{" + hex(scalar.value, digits: 2) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
