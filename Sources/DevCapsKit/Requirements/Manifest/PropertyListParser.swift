/// Reads an XML property list (Apple's plist 1.0 DTD) into a `JSONValue`: dict → object, array
/// → array, string/date/data → string, integer, real, true, false. Enough for an app's
/// Info.plist carrying `UIRequiredDeviceCapabilities`; anything else is an error with its line.
package struct PropertyListParser {
  /// Where the property list stops being valid, and why.
  package struct SyntaxError: Error, Equatable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// What is wrong there.
    package var message: String
    /// `line L: MESSAGE`.
    package var description: String { "line \(line): \(message)" }
  }

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  private let maximumDepth = 64

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// An XML property list (`plutil -convert xml1`) as a JSON value: dict, array, string, integer, real, true, false.
  package static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
    if bytes.starts(with: Array("bplist".utf8)) {
      throw SyntaxError(
        line: 1, message: "binary property lists are not read; convert it with 'plutil -convert xml1 FILE'")
    }
    if bytes.contains(0) { throw SyntaxError(line: 1, message: "NUL byte in an XML property list") }
    var parser = PropertyListParser(bytes: bytes)
    try parser.skipMisc()
    guard let root = try parser.openTag(), root.name == "plist" else {
      throw parser.error("expected a <plist> element")
    }
    if root.selfClosing { throw parser.error("the <plist> element is empty") }
    try parser.skipMisc()
    let value = try parser.parseValue()
    try parser.skipMisc()
    try parser.closeTag("plist")
    try parser.skipMisc()
    if parser.index < bytes.count { throw parser.error("content after </plist>") }
    return value
  }

  private struct Tag {
    var name: String
    var selfClosing: Bool
  }

  private mutating func parseValue() throws(SyntaxError) -> JSONValue {
    guard let tag = try openTag() else { throw error("expected a value element") }
    switch tag.name {
    case "dict": return try parseDict(tag)
    case "array": return try parseArray(tag)
    case "true", "false":
      if !tag.selfClosing { try closeTag(tag.name) }
      return .bool(tag.name == "true")
    case "string", "date", "data":
      return .string(tag.selfClosing ? "" : try text(until: tag.name))
    case "integer":
      let raw = try text(until: tag.name).trimmingWhitespace()
      guard let value = Int64(raw) else { throw error("<integer> holds \(raw.quotedForMessage)") }
      return .integer(value)
    case "real":
      let raw = try text(until: tag.name).trimmingWhitespace()
      guard let value = Double(raw), value.isFinite else { throw error("<real> holds \(raw.quotedForMessage)") }
      return .number(value)
    default:
      throw error("unknown element <\(tag.name)>")
    }
  }

  private mutating func parseDict(_ tag: Tag) throws(SyntaxError) -> JSONValue {
    if tag.selfClosing { return .object([]) }
    try enter()
    var members: [JSONMember] = []
    while true {
      try skipMisc()
      if try atClose("dict") { break }
      guard let keyTag = try openTag(), keyTag.name == "key", !keyTag.selfClosing else {
        throw error("expected <key> in <dict>")
      }
      let key = try text(until: "key")
      if members.contains(where: { $0.key == key }) {
        throw error("key \(key.quotedForMessage) appears twice; a key may appear once")
      }
      try skipMisc()
      members.append(JSONMember(key, try parseValue()))
    }
    depth -= 1
    return .object(members)
  }

  private mutating func parseArray(_ tag: Tag) throws(SyntaxError) -> JSONValue {
    if tag.selfClosing { return .array([]) }
    try enter()
    var elements: [JSONValue] = []
    while true {
      try skipMisc()
      if try atClose("array") { break }
      elements.append(try parseValue())
    }
    depth -= 1
    return .array(elements)
  }

  private mutating func enter() throws(SyntaxError) {
    depth += 1
    if depth > maximumDepth { throw error("nested deeper than \(maximumDepth) levels") }
  }

  // MARK: - XML

  /// Skips white space, comments, the XML declaration, processing instructions and DOCTYPE.
  private mutating func skipMisc() throws(SyntaxError) {
    while true {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
      if starts("<!--") {
        try skip(past: "-->")
      } else if starts("<?") {
        try skip(past: "?>")
      } else if starts("<!DOCTYPE") {
        try skip(past: ">")
      } else {
        return
      }
    }
  }

  private mutating func openTag() throws(SyntaxError) -> Tag? {
    guard starts("<"), !starts("</") else { return nil }
    index += 1
    let nameStart = index
    while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    guard !name.isEmpty else { throw error("malformed tag") }
    // Attributes (plist version="1.0") are skipped, quotes respected.
    var quote: UInt8? = nil
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        let selfClosing = index > 0 && bytes[index - 1] == UInt8(ascii: "/")
        index += 1
        return Tag(name: name, selfClosing: selfClosing)
      }
      index += 1
    }
    throw error("unterminated <\(name)> tag")
  }

  private mutating func atClose(_ name: String) throws(SyntaxError) -> Bool {
    guard starts("</") else { return false }
    try closeTag(name)
    return true
  }

  private mutating func closeTag(_ name: String) throws(SyntaxError) {
    let expected = "</\(name)"
    guard starts(expected) else { throw error("expected </\(name)>") }
    index += expected.utf8.count
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    guard starts(">") else { throw error("malformed </\(name)>") }
    index += 1
  }

  /// Character data up to the closing tag, with the five predefined entities and character
  /// references decoded.
  private mutating func text(until name: String) throws(SyntaxError) -> String {
    let start = index
    while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
    let raw = String(decoding: bytes[start..<index], as: UTF8.self)
    try closeTag(name)
    return try decodeEntities(raw)
  }

  private func decodeEntities(_ raw: String) throws(SyntaxError) -> String {
    guard raw.contains("&") else { return raw }
    var result = ""
    var rest = Substring(raw)
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      guard let semicolon = rest[amp...].firstIndex(of: ";") else { throw error("unterminated entity") }
      let entity = rest[rest.index(after: amp)..<semicolon]
      switch entity {
      case "amp": result += "&"
      case "lt": result += "<"
      case "gt": result += ">"
      case "quot": result += "\""
      case "apos": result += "'"
      default:
        let number: UInt32?
        if entity.hasPrefix("#x") {
          number = UInt32(entity.dropFirst(2), radix: 16)
        } else if entity.hasPrefix("#") {
          number = UInt32(entity.dropFirst())
        } else {
          number = nil
        }
        guard let number, number != 0, let scalar = Unicode.Scalar(number) else {
          throw error("unknown entity &\(entity);")
        }
        result.unicodeScalars.append(scalar)
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return result + rest
  }

  private func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
      || byte == 0x5F || byte == 0x3A
  }

  private func starts(_ text: String) -> Bool {
    let pattern = Array(text.utf8)
    return bytes.count - index >= pattern.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
  }

  private mutating func skip(past terminator: String) throws(SyntaxError) {
    while index < bytes.count {
      if starts(terminator) {
        index += terminator.utf8.count
        return
      }
      index += 1
    }
    throw error("expected '\(terminator)' before the end")
  }

  private func error(_ message: String) -> SyntaxError {
    let line = 1 + bytes[..<min(index, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    return SyntaxError(line: line, message: message)
  }
}
