/// The one visible spelling of a character that must not reach a terminal or a log raw, shared
/// by the command's `OutsideText` (every sink) and the library's messages that quote outside text
/// (`quotedForMessage`: manifest errors, diagnostics), so that ESC reads `\x1B` wherever it is shown.
package enum ControlCharacters {
  /// A C0 or C1 control, DEL, a format mark (Unicode category Cf, bidirectional controls among
  /// them), a tag character (U+E0000–U+E007F, some unassigned), or a line or paragraph separator.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    // Below U+00AD, the first format mark, only the controls above: ASCII text costs no lookup.
    guard value >= 0xAD else { return false }
    if (0xE0000...0xE007F).contains(value) { return true }
    switch scalar.properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }

  /// `\n`, `\r`, `\t`; `\x1B` below 0x80; `\u{9B}`, `\u{202E}` above; each begun with
  /// `backslash` (a Prometheus label escapes its own backslash).
  package static func visible(_ scalar: Unicode.Scalar, backslash: String = "\\") -> String {
    switch scalar {
    case "\n": return backslash + "n"
    case "\r": return backslash + "r"
    case "\t": return backslash + "t"
    case _ where scalar.value < 0x80: return backslash + "x" + hex(scalar.value)
    default: return backslash + "u{" + hex(scalar.value) + "}"
    }
  }

  private static func hex(_ value: UInt32) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return text.count < 2 ? "0" + text : text
  }
}
