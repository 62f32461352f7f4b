/// A strict JSON parser (RFC 8259) for input devcaps does not trust: manifests. It keeps object
/// members in order, rejects duplicate keys, and stops at limits instead of exhausting the stack
/// or memory. Errors carry the line and column.
package struct JSONParser {
  /// How deep and how large a document may be.
  package struct Limits: Sendable {
    /// Arrays and objects nested deeper than this are refused.
    package var maximumDepth = 64
    /// Documents larger than this are refused.
    package var maximumBytes = 1 << 20
    /// The defaults: 64 levels, 1 MiB.
    package init() {}
  }

  /// Where the document stops being valid JSON, and why.
  package struct SyntaxError: Error, Equatable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// The column, from 1.
    package var column: Int
    /// What is wrong there.
    package var message: String

    /// `line L, column C: MESSAGE`.
    package var description: String { "line \(line), column \(column): \(message)" }
  }

  let bytes: [UInt8]
  let limits: Limits
  /// Which members of the top-level object are built; nil: all of them.
  let keepsTopLevelMember: ((String) -> Bool)?
  /// Whether plain keys are compared by their bytes (see JSONObjectKeys); false for the fuzzers.
  let comparesKeyBytes: Bool
  var index = 0
  var depth = 0

  init(bytes: [UInt8], limits: Limits, keepsTopLevelMember: ((String) -> Bool)?, comparesKeyBytes: Bool) {
    self.bytes = bytes
    self.limits = limits
    self.keepsTopLevelMember = keepsTopLevelMember
    self.comparesKeyBytes = comparesKeyBytes
  }

  /// Parses a whole document.
  package static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(SyntaxError) -> JSONValue {
    try parse(bytes, limits: limits, keepsTopLevelMember: nil)
  }

  /// Parses a whole document, building only the top-level object's members whose key `keep`
  /// accepts. The others are checked as strictly as `parse` checks them (the same errors at the
  /// same places) but their values are not built: they stand as `null`.
  package static func parse(
    _ bytes: [UInt8], limits: Limits = Limits(), keepingTopLevel keep: @escaping (String) -> Bool
  ) throws(SyntaxError) -> JSONValue {
    try parse(bytes, limits: limits, keepsTopLevelMember: keep)
  }

  /// `parse`, with every key compared as a String when `comparingKeyBytes` is false: what the
  /// fuzzers check the comparison of bytes against.
  static func parse(
    _ bytes: [UInt8], limits: Limits = Limits(), keepsTopLevelMember: ((String) -> Bool)?,
    comparingKeyBytes: Bool = true
  ) throws(SyntaxError) -> JSONValue {
    var parser = JSONParser(
      bytes: bytes, limits: limits, keepsTopLevelMember: keepsTopLevelMember, comparesKeyBytes: comparingKeyBytes)
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

  mutating func parseValue() throws(SyntaxError) -> JSONValue {
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

  /// Past an object's or array's opening byte, one level deeper; true when `closing` follows
  /// at once (consumed: the container is empty).
  mutating func enterContainer(closing: UInt8) throws(SyntaxError) -> Bool {
    depth += 1
    if depth > limits.maximumDepth { throw error("nested deeper than \(limits.maximumDepth) levels") }
    index += 1
    skipWhitespace()
    return consumeClosing(closing)
  }

  /// After a member or an element: true at `closing` (consumed), false after a comma.
  mutating func endOfElement(closing: UInt8) throws(SyntaxError) -> Bool {
    skipWhitespace()
    if peek(UInt8(ascii: ",")) {
      index += 1
      return false
    }
    if consumeClosing(closing) { return true }
    throw error("unexpected \(describeCurrent()), expected ',' or '\(Character(Unicode.Scalar(closing)))'")
  }

  private mutating func consumeClosing(_ closing: UInt8) -> Bool {
    guard peek(closing) else { return false }
    index += 1
    depth -= 1
    return true
  }

  private mutating func parseObject() throws(SyntaxError) -> JSONValue {
    if try enterContainer(closing: UInt8(ascii: "}")) { return .object([]) }
    var members: [JSONMember] = []
    var keys = JSONObjectKeys(comparingBytes: comparesKeyBytes)
    while true {
      let key = try parseKey(into: &keys)
      if depth == 1, let keep = keepsTopLevelMember, !keep(key) {
        try skipValue()
        members.append(JSONMember(key, .null))
      } else {
        members.append(JSONMember(key, try parseValue()))
      }
      if try endOfElement(closing: UInt8(ascii: "}")) { return .object(members) }
    }
  }

  /// A member's key and the colon after it.
  mutating func parseKey(into keys: inout JSONObjectKeys) throws(SyntaxError) -> String {
    switch try readKey(into: &keys) {
    case .plain(let range): return String(decoding: bytes[range], as: UTF8.self)
    case .decoded(let key): return key
    }
  }

  /// A key as read: where a plain one is (no String made), or an escaped or non-ASCII one decoded.
  enum KeyText {
    case plain(Range<Int>)
    case decoded(String)
  }

  /// A member's key and the colon after it; a key the object already has is an error naming the
  /// line of the first.
  mutating func readKey(into keys: inout JSONObjectKeys) throws(SyntaxError) -> KeyText {
    skipWhitespace()
    guard peek(UInt8(ascii: "\"")) else {
      throw error("unexpected \(describeCurrent()), expected a key in double quotes")
    }
    let keyOffset = index
    let key: KeyText
    let earlier: Int?
    if let range = scanPlainString() {
      key = .plain(range)
      earlier = keys.insert(plain: range, of: bytes)
    } else {
      let decoded = try parseString()
      key = .decoded(decoded)
      earlier = keys.insert(decoded, at: keyOffset, of: bytes)
    }
    if let earlier {
      let text: String
      switch key {
      case .plain(let range): text = String(decoding: bytes[range], as: UTF8.self)
      case .decoded(let decoded): text = decoded
      }
      // At the second key itself, not past it.
      index = keyOffset
      throw error("key \"\(text)\" appears twice (first on line \(position(of: earlier).line)); a key may appear once")
    }
    skipWhitespace()
    guard peek(UInt8(ascii: ":")) else { throw error("unexpected \(describeCurrent()), expected ':' after the key") }
    index += 1
    skipWhitespace()
    return key
  }

  private mutating func parseArray() throws(SyntaxError) -> JSONValue {
    if try enterContainer(closing: UInt8(ascii: "]")) { return .array([]) }
    var elements: [JSONValue] = []
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      if try endOfElement(closing: UInt8(ascii: "]")) { return .array(elements) }
    }
  }

  mutating func parseString() throws(SyntaxError) -> String {
    // Nearly every string is plain ASCII without escapes: one scan, one String made from the
    // bytes. Building it scalar by scalar was most of the time `require --against` spent.
    if let range = scanPlainString() { return String(decoding: bytes[range], as: UTF8.self) }
    index += 1
    return try parseStringWithEscapes()
  }

  /// At a string's opening quote: when it is plain ASCII without escapes or control characters,
  /// moves past its closing quote and returns what is between; otherwise stays and returns nil.
  mutating func scanPlainString() -> Range<Int>? {
    let start = index + 1
    let count = bytes.count
    let end: Int? = bytes.withUnsafeBufferPointer { buffer in
      var end = start
      // Eight bytes at a time: the first that ends a plain string is where the string ends, or
      // where it stops being plain.
      if let base = buffer.baseAddress {
        while end + 8 <= count {
          let ends = Self.plainStringEnds(
            UInt64(littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)))
          if ends == 0 {
            end += 8
            continue
          }
          end += ends.trailingZeroBitCount / 8
          return buffer[end] == UInt8(ascii: "\"") ? end : nil
        }
      }
      while end < count {
        let byte = buffer[end]
        if byte == UInt8(ascii: "\"") { return end }
        if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
        end += 1
      }
      return nil
    }
    guard let end else { return nil }
    index = end + 1
    return start..<end
  }

  /// Eight bytes, the first in the lowest byte of `word`: the high bit of each that is a quote, a
  /// backslash, a control character or not ASCII, exact from the first such byte on (the tests
  /// of "Bit Twiddling Hacks": a borrow carries only into the bytes after a match), so its
  /// trailing zero bits tell where the first is; 0 when there is none.
  @inline(__always)
  static func plainStringEnds(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let zeroInQuotes = (quotes &- ones) & ~quotes
    let zeroInBackslashes = (backslashes &- ones) & ~backslashes
    let belowSpace = (word &- ones &* 0x20) & ~word
    return (zeroInQuotes | zeroInBackslashes | belowSpace | word) & highBits
  }

  /// The general case: escapes, and UTF-8 that must be validated.
  mutating func parseStringWithEscapes() throws(SyntaxError) -> String {
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
    let isInteger = try scanNumber()
    if isInteger, let integer = smallInteger(from: start) { return .integer(integer) }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let integer = Int64(text) { return .integer(integer) }
    if isInteger, let integer = UInt64(text) { return .unsignedInteger(integer) }
    guard let number = Double(text), number.isFinite else { throw error("number \(text) is out of range") }
    return .number(number)
  }

  /// Moves past a number's syntax; whether it has neither a fraction nor an exponent.
  mutating func scanNumber() throws(SyntaxError) -> Bool {
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
    return isInteger
  }

  /// The integer scanned from `start`, without making a String, when it has at most 18 digits
  /// (so it cannot overflow); nil for longer ones, which take the general path.
  func smallInteger(from start: Int) -> Int64? {
    let negative = bytes[start] == UInt8(ascii: "-")
    let first = negative ? start + 1 : start
    guard index - first <= 18 else { return nil }
    var value: Int64 = 0
    for position in first..<index { value = value * 10 + Int64(bytes[position] &- UInt8(ascii: "0")) }
    return negative ? -value : value
  }

  // MARK: - Scanning

  func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

  @inline(__always)
  mutating func skipWhitespace() {
    // Many calls are at a value, a key or punctuation already: no call made for them.
    if index < bytes.count && bytes[index] > 0x20 { return }
    skipWhitespaceRun()
  }

  private mutating func skipWhitespaceRun() {
    let count = bytes.count
    let start = index
    index = bytes.withUnsafeBufferPointer { buffer in
      var index = start
      while index < count {
        switch buffer[index] {
        case 0x20:
          // A run of spaces (a pretty report's indentation) eight bytes at a time: the first that
          // is not a space is the lowest byte of `others` that is not zero.
          guard index + 8 <= count else {
            index += 1
            continue
          }
          let word = UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self))
          let others = word ^ 0x2020_2020_2020_2020
          index += others == 0 ? 8 : others.trailingZeroBitCount / 8
        case 0x09, 0x0A, 0x0D: index += 1
        default: return index
        }
      }
      return index
    }
  }

  mutating func expectWord(_ word: StaticString) throws(SyntaxError) {
    let count = word.utf8CodeUnitCount
    guard bytes.count - index >= count else { throw error("unexpected \(describeCurrent()), expected a value") }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw error("unexpected \(describeCurrent()), expected a value")
    }
    index += count
  }

  func describeCurrent() -> String {
    guard index < bytes.count else { return "end of input" }
    let byte = bytes[index]
    if byte == 0 { return "NUL byte" }
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16)
  }

  func position(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    // A byte order mark is no column: an editor shows the first character at column 1.
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, offset) : 0
    for byte in bytes[start..<max(start, min(offset, bytes.count))] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  func error(_ message: String) -> SyntaxError {
    let (line, column) = position(of: index)
    return SyntaxError(line: line, column: column, message: message)
  }
}
