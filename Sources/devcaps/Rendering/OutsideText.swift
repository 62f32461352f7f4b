import DevCapsKit

/// Text from outside devcaps (a report's `device.name`, a manifest's key, a UPower NativePath, a
/// sysfs value) made safe for the place it is written: the one way every format escapes it.
///
/// A control character (C0, DEL, C1) could end a line early, move a terminal's cursor, retitle
/// its window or start a new workflow command; a bidirectional control (U+202A–U+202E,
/// U+2066–U+2069) or another format mark (Unicode category Cf: LRM, RLM, ALM, a zero-width space,
/// a BOM, a soft hyphen, tag characters) could show a line's text in another order than it has,
/// or hide text; a line or paragraph separator (U+2028, U+2029) ends a line to some readers. So
/// every sink writes each one as a visible escape (`\n`, `\t`, `\x1B`, `\u{9B}`, `\u{202E}`)
/// unless the sink has its own escape for it (a workflow command's `%0A`, a Prometheus label's
/// `\n`); then the sink's own syntax is escaped. XML writes a line feed as `\n` too: a line of a
/// JUnit file that began with outside text (`::warning …`) would be a workflow command to a GitHub
/// runner that prints it.
///
/// A width counts Unicode scalars of what is written, not Characters: Swift counts a letter and
/// any number of combining marks after it as one Character, so a Character-counted column would
/// let a name of megabytes through. A cut falls between two scalars' escapes, never inside one.
enum OutsideText {
  /// Where the text goes.
  enum Sink {
    /// One line of a terminal or log (human text, stderr).
    case terminal
    /// A GitHub workflow command's message (after `::`).
    case githubMessage
    /// A GitHub workflow command's property value (`file=…,title=…`).
    case githubProperty
    /// A Markdown table cell (the GitHub step summary): rendered as the text it holds, so the
    /// ASCII punctuation Markdown acts on is backslash-escaped, and `<`, `>`, `&` are entities.
    case markdown
    /// A Prometheus text-format label value (between the double quotes).
    case prometheusLabel
    /// JUnit XML text or an attribute value (between double quotes).
    case xml
    /// A Kubernetes label name part or value (node-feature-discovery): at most 63 characters of
    /// `A-Z a-z 0-9 - _ .`, alphanumeric at both ends; others become `-`.
    case nfdLabel
  }

  /// Columns of human text: a field wider than its column is cut with "…" (JSON keeps it whole).
  /// The label column of `list`.
  static let labelColumn = 32
  /// One value from outside in human text (a name, a path, a model).
  static let valueColumn = 120
  /// The machine column of `require --against`.
  static let machineColumn = 40

  /// `text` made safe for `sink`.
  static func escape(_ text: String, for sink: Sink) -> String {
    if sink == .nfdLabel { return nfdLabel(text) }
    guard text.unicodeScalars.contains(where: { needsEscape($0, in: sink) }) else { return text }
    var result = ""
    for scalar in text.unicodeScalars { append(scalar, for: sink, to: &result) }
    return result
  }

  /// `escape(_:for:)`, cut to `width` Unicode scalars with "…" when wider (after a whole escape).
  /// Only the first `width` scalars are looked at, so a name of megabytes costs no more than a
  /// short one.
  static func escape(_ text: String, for sink: Sink, width: Int) -> String {
    let text = sink == .nfdLabel ? nfdLabel(text) : text
    var scalars = 0
    for scalar in text.unicodeScalars {
      guard scalars < width, !needsEscape(scalar, in: sink) else { return cut(text, for: sink, width: width) }
      scalars += 1
    }
    return text
  }

  private static func cut(_ text: String, for sink: Sink, width: Int) -> String {
    var shown = Bounded(width: width)
    for scalar in text.unicodeScalars {
      var unit = ""
      append(scalar, for: sink, to: &unit)
      guard shown.append(unit) else { break }
    }
    return shown.text
  }

  /// Text made of whole parts (one scalar's escape, a quoted argument) up to `width` Unicode
  /// scalars: a part that would pass it is left out, and so is what comes before it back to the
  /// last part that leaves room for "…", which ends the text.
  struct Bounded {
    let width: Int
    private(set) var text = ""
    private var scalars = 0
    /// Scalars of `text` up to the end of the last part that leaves room for "…".
    private var fitting = 0
    private(set) var isCut = false

    init(width: Int) { self.width = width }

    /// Appends `part`; false when it would pass the width, and the text is then cut.
    mutating func append(_ part: String) -> Bool {
      guard !isCut else { return false }
      let count = part.unicodeScalars.count
      guard scalars + count <= width else {
        let end = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: fitting)
        text.unicodeScalars.removeSubrange(end...)
        text += "…"
        isCut = true
        return false
      }
      text += part
      scalars += count
      if scalars < width { fitting = scalars }
      return true
    }
  }

  /// One line of a terminal: `escape(text, for: .terminal)`.
  static func terminal(_ text: String) -> String { escape(text, for: .terminal) }

  /// Lines of a terminal: each line of `text` escaped for a terminal, its line feeds kept.
  static func terminalLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { terminal(String($0)) }.joined(separator: "\n")
  }

  /// The most of one quoted argument an error message shows, and of one of its lines.
  static let quoteWidth = 80
  static let messageLineWidth = 1000

  /// A message that quotes command-line arguments in single quotes (ArgumentParser's `Error:
  /// The value '…' is invalid for '--only <section>'`), for stderr: each line escaped for a
  /// terminal, each quoted part cut to `quoteWidth` and each line to `messageLineWidth`, so
  /// that an argument of megabytes gives a message of a few lines.
  static func message(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var shown = Bounded(width: messageLineWidth)
      // The quoted argument so far: no more of it than its cut looks at.
      var quotedPart = ""
      var quotedScalars = 0
      var quoted = false
      for scalar in line.unicodeScalars {
        if quoted && scalar != "'" {
          if quotedScalars <= quoteWidth {
            quotedPart.unicodeScalars.append(scalar)
            quotedScalars += 1
          }
          continue
        }
        if quoted {
          guard shown.append(escape(quotedPart, for: .terminal, width: quoteWidth)) else { break }
          quotedPart = ""
          quotedScalars = 0
        }
        var unit = ""
        append(scalar, for: .terminal, to: &unit)
        guard shown.append(unit) else { break }
        if scalar == "'" { quoted.toggle() }
      }
      if quoted { _ = shown.append(escape(quotedPart, for: .terminal, width: quoteWidth)) }
      return shown.text
    }.joined(separator: "\n")
  }

  /// One value of human text: escaped for a terminal and cut to `width`.
  static func terminal(_ text: String, width: Int) -> String { escape(text, for: .terminal, width: width) }

  /// One value from outside in human text: escaped for a terminal, cut to `valueColumn`.
  static func value(_ text: String) -> String { escape(text, for: .terminal, width: valueColumn) }

  /// A C0 or C1 control, DEL, a format mark, a tag character, or a line or paragraph separator.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool { ControlCharacters.isControl(scalar) }

  /// ASCII punctuation that Markdown (GitHub's) acts on inside a line: escapes, code, emphasis,
  /// strikethrough, links and images, tables, math. Line-start syntax (`#`, `-`, `>`) cannot
  /// begin a table cell.
  private static let markdownPunctuation: Set<Unicode.Scalar> = [
    "\\", "`", "*", "_", "[", "]", "(", ")", "!", "|", "~", "$",
  ]

  private static func needsEscape(_ scalar: Unicode.Scalar, in sink: Sink) -> Bool {
    if isControl(scalar) { return true }
    switch sink {
    case .terminal, .nfdLabel: return false
    case .githubMessage: return scalar == "%"
    case .githubProperty: return scalar == "%" || scalar == ":" || scalar == ","
    case .markdown:
      return markdownPunctuation.contains(scalar) || scalar == "<" || scalar == ">" || scalar == "&"
    case .prometheusLabel: return scalar == "\\" || scalar == "\""
    case .xml:
      return scalar == "&" || scalar == "<" || scalar == ">" || scalar == "\"" || scalar == "'"
        || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
  }

  private static func append(_ scalar: Unicode.Scalar, for sink: Sink, to result: inout String) {
    switch (sink, scalar) {
    case (.githubMessage, "%"), (.githubProperty, "%"): result += "%25"
    case (.githubMessage, "\r"), (.githubProperty, "\r"): result += "%0D"
    case (.githubMessage, "\n"), (.githubProperty, "\n"): result += "%0A"
    case (.githubProperty, ":"): result += "%3A"
    case (.githubProperty, ","): result += "%2C"
    case (.markdown, "<"): result += "&lt;"
    case (.markdown, ">"): result += "&gt;"
    case (.markdown, "&"): result += "&amp;"
    case (.markdown, _) where markdownPunctuation.contains(scalar):
      result += "\\"
      result.unicodeScalars.append(scalar)
    case (.prometheusLabel, "\\"): result += "\\\\"
    case (.prometheusLabel, "\""): result += "\\\""
    case (.prometheusLabel, "\n"): result += "\\n"
    case (.xml, "&"): result += "&amp;"
    case (.xml, "<"): result += "&lt;"
    case (.xml, ">"): result += "&gt;"
    case (.xml, "\""): result += "&quot;"
    case (.xml, "'"): result += "&apos;"
    case (.xml, _) where scalar.value == 0xFFFE || scalar.value == 0xFFFF: result += "\u{FFFD}"
    case _ where isControl(scalar):
      // The visible escape; in a Prometheus label its backslash is itself escaped.
      result += ControlCharacters.visible(scalar, backslash: sink == .prometheusLabel ? "\\\\" : "\\")
    default: result.unicodeScalars.append(scalar)
    }
  }

  private static func nfdLabel(_ text: String) -> String {
    func isAlphanumeric(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
    // Leading characters that are not alphanumeric are dropped; only 63 after them are kept,
    // and no more than 1024 characters are read.
    var bytes: [UInt8] = []
    for scalar in text.unicodeScalars.prefix(1024) {
      let byte = scalar.isASCII ? UInt8(scalar.value) : 0x2D
      if bytes.isEmpty && !isAlphanumeric(byte) { continue }
      bytes.append(isAlphanumeric(byte) || byte == 0x2D || byte == 0x5F || byte == 0x2E ? byte : 0x2D)
      if bytes.count == 63 { break }
    }
    while let last = bytes.last, !isAlphanumeric(last) { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}
