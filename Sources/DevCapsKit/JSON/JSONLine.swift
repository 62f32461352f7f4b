/// One line of compact JSON written straight into bytes that are kept from line to line: no
/// ``JSONValue`` tree and no `String` per key or number, so once the buffer has grown to a
/// line's size, writing the next line allocates nothing. `watch motion` writes its 200 lines a
/// second this way (through Codable and `JSONValue` each sample cost 121 heap allocations).
/// ``JSONValue/serialized()`` writes through it too.
public struct JSONLine: TextOutputStream, Sendable {
  /// The line so far, UTF-8.
  public internal(set) var bytes: [UInt8] = []
  /// Bit n set: the container at depth n has no member yet.
  private var firstAtDepth: UInt64 = 0
  private var depth = 0
  private var afterKey = false

  /// An empty line with room for `capacity` bytes.
  public init(capacity: Int = 1024) {
    bytes.reserveCapacity(capacity)
  }

  /// Empties the line, keeping its storage, for the next one.
  public mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    firstAtDepth = 0
    depth = 0
    afterKey = false
  }

  /// The line as text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  // MARK: Containers and keys

  public mutating func beginObject() { begin(UInt8(ascii: "{")) }

  public mutating func endObject() { end(UInt8(ascii: "}")) }

  public mutating func beginArray() { begin(UInt8(ascii: "[")) }

  public mutating func endArray() { end(UInt8(ascii: "]")) }

  /// A member's key; its value is the next thing written.
  public mutating func key(_ name: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    afterKey = true
  }

  /// A member's key that is not known at compile time (escaped). Disfavoured, so that a literal
  /// key takes the StaticString form above (a literal's default type would otherwise win, and
  /// every key of every line went through the escaping scan: a sixth of `motion --replay`).
  @_disfavoredOverload
  public mutating func key(_ name: String) {
    separate()
    writeEscaped(name)
    bytes.append(UInt8(ascii: ":"))
    afterKey = true
  }

  // MARK: Values

  public mutating func null() {
    separate()
    raw("null")
  }

  public mutating func value(_ flag: Bool) {
    separate()
    raw(flag ? "true" : "false")
  }

  public mutating func value(_ integer: Int64) {
    separate()
    writeDigits(integer)
  }

  public mutating func value(_ integer: Int) { value(Int64(integer)) }

  public mutating func value(_ integer: UInt64) {
    separate()
    writeDigits(magnitude: integer)
  }

  /// Shortest round-trip form; whole numbers keep a `.0` so the type stays visible. Non-finite
  /// numbers cannot be written and become null.
  public mutating func value(_ number: Double) {
    separate()
    guard number.isFinite else { return raw("null") }
    if number == number.rounded(), abs(number) < 1e15 {
      writeDigits(Int64(number))
      raw(".0")
    } else {
      // Double's own shortest form, handed over as ASCII bytes (`_writeASCII` below), not as a String.
      number.write(to: &self)
    }
  }

  public mutating func value(_ number: Double?) {
    if let number { value(number) } else { null() }
  }

  public mutating func value(_ text: String) {
    separate()
    writeEscaped(text)
  }

  public mutating func value(_ text: String?) {
    if let text { value(text) } else { null() }
  }

  /// Any value, for the members that have no writer of their own (allocates as the tree does).
  public mutating func value(_ json: JSONValue) {
    switch json {
    case .null: null()
    case .bool(let flag): value(flag)
    case .integer(let integer): value(integer)
    case .unsignedInteger(let integer): value(integer)
    case .number(let number): value(number)
    case .string(let text): value(text)
    case .array(let elements):
      beginArray()
      for element in elements { value(element) }
      endArray()
    case .object(let members):
      beginObject()
      for member in members {
        key(member.key)
        value(member.value)
      }
      endObject()
    }
  }

  /// Text that is valid JSON as it stands (a literal, a number's digits).
  public mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  // MARK: TextOutputStream (how Double writes its digits)

  public mutating func write(_ string: String) {
    bytes.append(contentsOf: string.utf8)
  }

  /// The standard library's numbers call this with their digits in a buffer of their own; the
  /// default would first make them a String.
  public mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: buffer)
  }

  // MARK: Private

  private mutating func begin(_ bracket: UInt8) {
    separate()
    bytes.append(bracket)
    depth += 1
    firstAtDepth |= 1 << UInt64(depth)
  }

  private mutating func end(_ bracket: UInt8) {
    depth -= 1
    bytes.append(bracket)
  }

  /// The comma before a value or key, unless it is a container's first or a key's value.
  mutating func separate() {
    if afterKey {
      afterKey = false
      return
    }
    guard depth > 0 else { return }
    let bit: UInt64 = 1 << UInt64(depth)
    if firstAtDepth & bit != 0 {
      firstAtDepth &= ~bit
    } else {
      bytes.append(UInt8(ascii: ","))
    }
  }

  /// `value`'s digits, left-padded with zeros to `width`, with no separator.
  mutating func writeDigits(_ value: Int, width: Int) {
    var divisor = 1
    for _ in 1..<max(1, width) { divisor *= 10 }
    while divisor > 1 && value < divisor {
      bytes.append(UInt8(ascii: "0"))
      divisor /= 10
    }
    writeDigits(Int64(value))
  }

  /// Most significant digit first, so nothing is reversed afterwards (a slice reversed in
  /// place could copy the array).
  private mutating func writeDigits(_ integer: Int64) {
    if integer < 0 { bytes.append(UInt8(ascii: "-")) }
    writeDigits(magnitude: integer.magnitude)
  }

  private mutating func writeDigits(magnitude: UInt64) {
    var power: UInt64 = 1
    while power <= magnitude / 10 { power *= 10 }
    while power > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude / power % 10))
      power /= 10
    }
  }

  /// Escapes quote, backslash, control characters, DEL and the C1 controls (as `\u007f`,
  /// `\u009b`: valid JSON either way, but a terminal showing the file acts on them raw). Runs
  /// without one (nearly every string) are copied whole: byte by byte was a third of a line.
  private mutating func writeEscaped(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        index += 1
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte >= 0x7F else { continue }
        if byte == 0x7F || byte < 0x80 {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<(index - 1)]))
          writeEscape(byte)
          runStart = index
        } else if byte == 0xC2, index < utf8.count, (0x80...0x9F).contains(utf8[index]) {
          // U+0080…U+009F: 0xC2 and the code point's low byte.
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<(index - 1)]))
          writeEscape(utf8[index])
          index += 1
          runStart = index
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func writeEscape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): raw("\\\"")
    case UInt8(ascii: "\\"): raw("\\\\")
    case UInt8(ascii: "\n"): raw("\\n")
    case UInt8(ascii: "\r"): raw("\\r")
    case UInt8(ascii: "\t"): raw("\\t")
    default:
      raw("\\u00")
      let hex: StaticString = "0123456789abcdef"
      hex.withUTF8Buffer { digits in
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0x0F)])
      }
    }
  }
}
