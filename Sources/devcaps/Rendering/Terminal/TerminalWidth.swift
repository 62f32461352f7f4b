/// Lines measured and fitted as a terminal shows them: escape sequences (colour) take no
/// cells, every other character one (the views' · ° ↑ ● ▒ ─ are single-width).
enum TerminalWidth {
  /// The cells `text` takes on one line.
  static func of(_ text: String) -> Int {
    var cells = 0
    var escape = EscapeScanner()
    for scalar in text.unicodeScalars where !escape.consumes(scalar) { cells += 1 }
    return cells
  }

  /// `text` cut to `columns` cells, the last of them "…" so that a cut value is not read as a
  /// whole one; its escape sequences kept (a colour cut off midway is reset at the end).
  static func fitted(_ text: String, columns: Int) -> String {
    guard of(text) > columns else { return text }
    guard columns > 0 else { return "" }
    var result = ""
    var cells = 0
    var escape = EscapeScanner()
    for scalar in text.unicodeScalars {
      if escape.consumes(scalar) {
        result.unicodeScalars.append(scalar)
        continue
      }
      if cells == columns - 1 { result += "…" }
      cells += 1
      if cells < columns { result.unicodeScalars.append(scalar) }
    }
    return result.contains("\u{1B}") ? result + "\u{1B}[0m" : result
  }

  /// Plain `text` broken into lines of at most `columns` cells at spaces; a word longer than a
  /// line is cut.
  static func wrapped(_ text: String, columns: Int) -> [String] {
    guard columns > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count <= columns {
        line += " " + word
        continue
      }
      if !line.isEmpty { lines.append(line) }
      var rest = Substring(word)
      while rest.count > columns {
        lines.append(String(rest.prefix(columns)))
        rest = rest.dropFirst(columns)
      }
      line = String(rest)
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// Whether a scalar belongs to a CSI escape sequence (ESC [ parameters final).
  private struct EscapeScanner {
    private enum State { case text, escape, parameters }
    private var state = State.text

    mutating func consumes(_ scalar: Unicode.Scalar) -> Bool {
      switch state {
      case .text:
        guard scalar == "\u{1B}" else { return false }
        state = .escape
      case .escape:
        state = scalar == "[" ? .parameters : .text
      case .parameters:
        if (0x40...0x7E).contains(scalar.value) { state = .text }
      }
      return true
    }
  }
}
