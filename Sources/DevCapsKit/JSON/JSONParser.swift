/// A strict JSON parser (RFC 8259) for input devcaps does not trust: manifests. It keeps object
/// members in order, rejects duplicate keys, and stops at limits instead of exhausting the stack
/// or memory. Errors carry the line and column.
public struct JSONParser {
  /// How deep and how large a document may be.
  public struct Limits: Sendable {
    /// Arrays and objects nested deeper than this are refused.
    public var maximumDepth = 64
    /// Documents larger than this are refused.
    public var maximumBytes = 1 << 20
    /// The defaults: 64 levels, 1 MiB.
    public init() {}
  }

  /// Where the document stops being valid JSON, and why.
  public struct SyntaxError: Error, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// What is wrong there.
    public var message: String

    /// `line L, column C: MESSAGE`.
    public var description: String { "line \(line), column \(column): \(message)" }
  }

  private let bytes: [UInt8]
  private let limits: Limits
  private var index = 0
  private var depth = 0

  private init(bytes: [UInt8], limits: Limits) {
    self.bytes = bytes
    self.limits = limits
  }

  /// Parses a whole document.
  public static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(SyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes, limits: limits)
    if bytes.count > limits.maximumBytes {
      throw SyntaxError(line: 1, column: 1, message: "larger than \(limits.maximumBytes) bytes")
    }
    // A UTF-8 byte order mark is tolerated, as editors write one.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.index < bytes.count { throw parser.error("unexpected \(parser.describeCurrent()) after the document") }
    return value
  }

  // MARK: - Values

  private mutating func parseValue() throws(SyntaxError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected \(describeCurrent()), expected a value")
    }
  }

  private mutating func enter() throws(SyntaxError) {
    depth += 1
    if depth > limits.maximumDepth { throw error("nested deeper than \(limits.maximumDepth) levels") }
  }

  private mutating func parseObject() throws(SyntaxError) -> JSONValue {
    try enter()
    index += 1
    var members: [JSONMember] = []
    // Where each member's key began, as a byte offset: its line is counted only for an error
    // message (counting it for every key made parsing quadratic in the number of keys).
    var keyOffsets: [Int] = []
    var memberIndex: [String: Int] = [:]
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      index += 1
      depth -= 1
      return .object([])
    }
    while true {
      skipWhitespace()
      guard peek(UInt8(ascii: "\"")) else {
        throw error("unexpected \(describeCurrent()), expected a key in double quotes")
      }
      let keyOffset = index
      let key = try parseString()
      let earlier: Int?
      if members.count < Self.indexedMembers {
        earlier = members.firstIndex { $0.key == key }
      } else {
        if memberIndex.isEmpty {
          for (position, member) in members.enumerated() { memberIndex[member.key] = position }
        }
        earlier = memberIndex[key]
        if earlier == nil { memberIndex[key] = members.count }
      }
      if let earlier {
        throw error(
          "key \"\(key)\" appears twice (first on line \(position(of: keyOffsets[earlier]).line)); a key may appear once"
        )
      }
      keyOffsets.append(keyOffset)
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else { throw error("unexpected \(describeCurrent()), expected ':' after the key") }
      index += 1
      skipWhitespace()
      members.append(JSONMember(key, try parseValue()))
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        continue
      }
      if peek(UInt8(ascii: "}")) {
        index += 1
        depth -= 1
        return .object(members)
      }
      throw error("unexpected \(describeCurrent()), expected ',' or '}'")
    }
  }

  /// Objects with fewer members are searched for a duplicate key in place; larger ones keep a
  /// dictionary of their keys, so that a huge object stays linear.
  private static let indexedMembers = 16

  private mutating func parseArray() throws(SyntaxError) -> JSONValue {
    try enter()
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      index += 1
      depth -= 1
      return .array([])
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        continue
      }
      if peek(UInt8(ascii: "]")) {
        index += 1
        depth -= 1
        return .array(elements)
      }
      throw error("unexpected \(describeCurrent()), expected ',' or ']'")
    }
  }

  private mutating func parseString() throws(SyntaxError) -> String {
    index += 1
    // Nearly every string is plain ASCII without escapes: one scan, one String made from the
    // bytes. Building it scalar by scalar was most of the time `require --against` spent.
    let start = index
    var ascii = true
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        guard ascii else { break }
        index += 1
        return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      if byte >= 0x80 { ascii = false }
      index += 1
    }
    index = start
    return try parseStringWithEscapes()
  }

  /// The general case: escapes, and UTF-8 that must be validated.
  private mutating func parseStringWithEscapes() throws(SyntaxError) -> String {
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flush(_ parser: JSONParser, _ end: Int, into scalars: inout String.UnicodeScalarView) throws(SyntaxError) {
      guard end > runStart else { return }
      guard let text = String(validating: parser.bytes[runStart..<end], as: UTF8.self) else {
        throw parser.error("invalid UTF-8 in a string")
      }
      scalars.append(contentsOf: text.unicodeScalars)
    }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        try flush(self, index, into: &scalars)
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        try flush(self, index, into: &scalars)
        index += 1
        scalars.append(try parseEscape())
        runStart = index
      case 0x00..<0x20:
        throw error(byte == 0 ? "NUL byte in a string" : "unescaped control character in a string")
      default:
        index += 1
      }
    }
    throw error("unterminated string")
  }

  private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
    guard index < bytes.count else { throw error("unterminated escape") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try parseHex4()
      if (0xD800...0xDBFF).contains(high) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
          throw error("unpaired surrogate \\u\(String(high, radix: 16))")
        }
        index += 2
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid surrogate pair") }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate \\u\(String(high, radix: 16))") }
      if scalar == "\0" { throw error("NUL character in a string") }
      return scalar
    default:
      index -= 1
      throw error("invalid escape \\\(describeCurrent())")
    }
  }

  private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
    var value: UInt32 = 0
    for byte in bytes[index..<(index + 4)] {
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
      default: throw error("invalid \\u escape")
      }
      value = value * 16 + digit
    }
    index += 4
    return value
  }

  private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
    let start = index
    if peek(UInt8(ascii: "-")) { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs digits") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) { throw error("numbers may not have leading zeros") }
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    var isInteger = true
    if peek(UInt8(ascii: ".")) {
      isInteger = false
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("a decimal point needs digits after it") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      isInteger = false
      index += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("an exponent needs digits") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let integer = Int64(text) { return .integer(integer) }
    if isInteger, let integer = UInt64(text) { return .unsignedInteger(integer) }
    guard let number = Double(text), number.isFinite else { throw error("number \(text) is out of range") }
    return .number(number)
  }

  // MARK: - Scanning

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

  private mutating func skipWhitespace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  private mutating func expectWord(_ word: String) throws(SyntaxError) {
    let expected = Array(word.utf8)
    guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected else {
      throw error("unexpected \(describeCurrent()), expected a value")
    }
    index += expected.count
  }

  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of input" }
    let byte = bytes[index]
    if byte == 0 { return "NUL byte" }
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16)
  }

  private func position(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes[..<min(offset, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  private func error(_ message: String) -> SyntaxError {
    let (line, column) = position(of: index)
    return SyntaxError(line: line, column: column, message: message)
  }
}
