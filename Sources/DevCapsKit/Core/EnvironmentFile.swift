/// Parses `KEY=value` files in the os-release / machine-info shell-like syntax (and uevent
/// files, which are the same without quotes): blank lines and `#` comments skipped, values
/// optionally in single or double quotes with backslash escapes. Plain text (PlainASCII) is read
/// in its bytes and only the keys and values become Strings; any other text by Character.
func parseEnvironmentFile(_ text: String) -> [String: String] {
  var text = text
  if let parsed = text.withUTF8({ PlainASCII.isPlain($0) ? parsePlainEnvironmentFile($0) : nil }) { return parsed }
  return parseEnvironmentFileCharacters(text)
}

/// Plain text, in its bytes: what `parseEnvironmentFileCharacters` gives for it (by Character,
/// os-release cost 92,000 instructions, half of the system section).
func parsePlainEnvironmentFile(_ bytes: UnsafeBufferPointer<UInt8>) -> [String: String] {
  var result: [String: String] = [:]
  var value: [UInt8] = []
  var start = 0
  for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x0A {
    let line = PlainASCII.trimmed(bytes, start..<end)
    start = end + 1
    if line.isEmpty || bytes[line.lowerBound] == UInt8(ascii: "#") { continue }
    guard let equals = line.first(where: { bytes[$0] == UInt8(ascii: "=") }) else { continue }
    let key = PlainASCII.trimmed(bytes, line.lowerBound..<equals)
    guard !key.isEmpty, key.allSatisfy({ isASCIIKeyByte(bytes[$0]) }) else { continue }
    value.removeAll(keepingCapacity: true)
    unquote(
      UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<line.upperBound]), backslash: UInt8(ascii: "\\"),
      quotes: (UInt8(ascii: "'"), UInt8(ascii: "\""))
    ) { value.append($0) }
    result[PlainASCII.string(bytes, key)] = value.withUnsafeBufferPointer {
      PlainASCII.string($0, PlainASCII.trimmed($0, 0..<$0.count))
    }
  }
  return result
}

/// Any text, by Character (a line in its bytes when it is ASCII).
func parseEnvironmentFileCharacters(_ text: String) -> [String: String] {
  var result: [String: String] = [:]
  for rawLine in text.splitCharacters(separator: "\n", omittingEmptySubsequences: true) {
    let line = rawLine.trimmingWhitespace()
    if line.isEmpty || line.hasPrefix("#") { continue }
    // In bytes when the line is ASCII (each byte a Character there): Character searches and
    // isLetter were most of reading os-release.
    let ascii = line.utf8.allSatisfy { $0 < 0x80 }
    guard let equals = ascii ? line.utf8.firstIndex(of: UInt8(ascii: "=")) : line.firstIndex(of: "=") else { continue }
    let key = String(line[..<equals]).trimmingWhitespace()
    guard !key.isEmpty,
      key.utf8.allSatisfy(isASCIIKeyByte) || key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    else { continue }
    result[key] = unquoteShellValue(String(line[line.index(after: equals)...]))
  }
  return result
}

private func isASCIIKeyByte(_ byte: UInt8) -> Bool {
  switch byte {
  case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
    true
  default: false
  }
}

func unquoteShellValue(_ raw: String) -> String {
  if raw.utf8.allSatisfy({ $0 < 0x80 }) {
    var value: [UInt8] = []
    value.reserveCapacity(raw.utf8.count)
    unquote(raw.utf8, backslash: UInt8(ascii: "\\"), quotes: (UInt8(ascii: "'"), UInt8(ascii: "\""))) {
      value.append($0)
    }
    return String(decoding: value, as: UTF8.self).trimmingWhitespace()
  }
  var value = ""
  unquote(raw, backslash: "\\", quotes: ("'", "\"")) { value.append($0) }
  return value.trimmingWhitespace()
}

/// Shell quoting: a backslash escapes the next element except inside single quotes, and quotes
/// are dropped. Over bytes for ASCII text, over Characters otherwise.
private func unquote<Element: Equatable>(
  _ elements: some Sequence<Element>, backslash: Element, quotes: (single: Element, double: Element),
  append: (Element) -> Void
) {
  var quote: Element? = nil
  var escaped = false
  for element in elements {
    if escaped {
      append(element)
      escaped = false
    } else if element == backslash && quote != quotes.single {
      escaped = true
    } else if let open = quote {
      if element == open { quote = nil } else { append(element) }
    } else if element == quotes.double || element == quotes.single {
      quote = element
    } else {
      append(element)
    }
  }
}
