/// The one visible spelling of a character that must not reach a terminal or a log raw, shared
/// by the command's `OutsideText` (every sink) and the library's messages that quote outside text
/// (`quotedForMessage`: manifest errors, diagnostics), so that ESC reads `\x1B` wherever it is shown.
package enum ControlCharacters {
  /// A C0 or C1 control, DEL, or a bidirectional embedding, override or isolate.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
      || (0x2066...0x2069).contains(scalar.value)
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
