/// One line of compact JSON written straight into bytes that are kept from line to line: no
/// ``JSONValue`` tree and no `String` per key or number, so once the buffer has grown to a
/// line's size, writing the next line allocates nothing. `watch motion` writes its 200 lines a
/// second this way (through Codable and `JSONValue` each sample cost 121 heap allocations).
/// ``JSONValue/serialized()`` writes through it too.
///
/// The storage is kept at its full size and written through a pointer, the length apart: each
/// key or number is one bounds check and one copy, where appending to an array byte by byte or
/// by slices cost a uniqueness check, a capacity check and a generic copy each (a third of
/// `motion --replay --json`). The storage is a buffer of its own rather than an array: an
/// array's `withUnsafeMutableBufferPointer` on every write cost more than the bytes it wrote.
public struct JSONLine: TextOutputStream, Sendable {
  /// The line is the storage's first `count` bytes; the rest is room for the next bytes.
  private var storage: Storage
  /// The line's length in bytes.
  package private(set) var count = 0
  /// Bit n set: the container at depth n has no member yet.
  private var firstAtDepth: UInt64 = 0
  private var depth = 0
  private var afterKey = false
  /// The last second a time was written for, and its text up to the milliseconds
  /// (`"2026-11-22T02:33:02.`, 21 bytes): lines come hundreds a second, and working the date out
  /// (gmtime_r) for each was a tenth of a motion line.
  private var cachedSecond = Int.min
  private var cachedDate: (UInt64, UInt64, UInt64) = (0, 0, 0)
  private var cachedLength = 0
  /// The last list of strings written by ``value(strings:)`` and its JSON array's bytes: a
  /// motion line's sensors are the same list line after line, and escaping them again on each
  /// was a sixtieth of a replayed row.
  private var cachedStrings: [String] = []
  private var cachedStringsJSON: [UInt8] = Array("[]".utf8)

  /// An empty line with room for `capacity` bytes.
  public init(capacity: Int = 1024) {
    storage = Storage(capacity: max(capacity, 64))
  }

  /// The line so far, UTF-8 (a copy).
  public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

  /// The bytes the line can hold before its storage grows.
  package var capacity: Int { storage.capacity }

  /// Calls `body` with the line's bytes, without copying them.
  package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try withExtendedLifetime(storage) {
      try body(UnsafeRawBufferPointer(start: storage.bytes, count: count))
    }
  }

  /// Empties the line, keeping its storage, for the next one.
  public mutating func removeAll() {
    count = 0
    firstAtDepth = 0
    depth = 0
    afterKey = false
  }

  /// The line as text.
  public var text: String { withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

  // MARK: Containers and keys

  public mutating func beginObject() { begin(UInt8(ascii: "{")) }

  public mutating func endObject() { end(UInt8(ascii: "}")) }

  /// An object opened with its first members written up to a key, as one constant run of bytes
  /// (`{"event":"motion","time":`): the next thing written is that key's value.
  @inline(__always)
  package mutating func beginObject(upToKey text: StaticString) {
    separate()
    raw(text)
    depth += 1
    firstAtDepth &= ~(1 << UInt64(depth))
    afterKey = true
  }

  public mutating func beginArray() { begin(UInt8(ascii: "[")) }

  public mutating func endArray() { end(UInt8(ascii: "]")) }

  /// A member's key; its value is the next thing written. Inlined, so that each key's length
  /// is a constant where it is written and its bytes are copied without a call.
  @inline(__always)
  public mutating func key(_ name: StaticString) {
    quoted(name)
    afterKey = true
  }

  /// A member's key that is not known at compile time (escaped). Disfavoured, so that a literal
  /// key takes the StaticString form above (a literal's default type would otherwise win, and
  /// every key of every line went through the escaping scan: a sixth of `motion --replay`).
  @_disfavoredOverload
  public mutating func key(_ name: String) {
    separate()
    writeEscaped(name)
    put(UInt8(ascii: ":"))
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
    stretch(upTo: Self.numberLength) { $0.value(number) }
  }

  public mutating func value(_ number: Double?) {
    if let number { value(number) } else { null() }
  }

  public mutating func value(_ text: String) {
    separate()
    writeEscaped(text)
  }

  /// An array of strings, escaped once: a list that is the one written last time (the same
  /// array, or equal to it) is copied from the bytes kept then.
  package mutating func value(strings: [String]) {
    if strings != cachedStrings {
      var array = JSONLine(capacity: 64)
      array.beginArray()
      for text in strings { array.value(text) }
      array.endArray()
      cachedStringsJSON = array.bytes
      cachedStrings = strings
    }
    separate()
    cachedStringsJSON.withUnsafeBufferPointer { put($0) }
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
    text.withUTF8Buffer { put($0) }
  }

  // MARK: TextOutputStream

  public mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { put($0) }
  }

  // MARK: Stretches

  /// The most bytes a number takes (``ShortestDecimal/maximumLength``, `null` or digits and `.0`).
  static var numberLength: Int { ShortestDecimal.maximumLength }

  /// Writes at most `length` bytes of valid JSON at once through `body`'s ``Writer`` (a value,
  /// or members of the open object with their keys and punctuation), after a comma if one is
  /// due: one capacity and uniqueness check for the whole stretch, where writing it key by key
  /// and number by number cost those checks and a call each (a sixth of a motion line). The
  /// writer checks each write against `length`, so a stretch longer than it says stops the
  /// program rather than writing past the storage.
  @inline(__always)
  package mutating func stretch(upTo length: Int, _ body: (inout Writer) -> Void) {
    let comma = needsComma()
    fill(upTo: length + 1) { output in
      var writer = Writer(output, limit: length + 1)
      if comma { writer.raw(",") }
      body(&writer)
      return writer.count
    }
  }

  /// Writes bytes at a pointer with room for `limit` of them (``stretch(upTo:_:)``).
  package struct Writer {
    private let output: UnsafeMutablePointer<UInt8>
    private let limit: Int
    /// The bytes written so far.
    package private(set) var count = 0

    fileprivate init(_ output: UnsafeMutablePointer<UInt8>, limit: Int) {
      self.output = output
      self.limit = limit
    }

    /// Text that is valid JSON as it stands (punctuation, keys with their quotes and colon, a
    /// literal): inlined, so that its length is a constant and its bytes are copied without a
    /// call.
    @inline(__always)
    package mutating func raw(_ text: StaticString) {
      text.withUTF8Buffer { utf8 in
        precondition(count + utf8.count <= limit, "a JSON stretch is longer than it said")
        (output + count).update(from: utf8.baseAddress!, count: utf8.count)
        count += utf8.count
      }
    }

    /// Shortest round-trip form; whole numbers keep a `.0` so the type stays visible.
    /// Non-finite numbers cannot be written and become null.
    @inline(__always)
    package mutating func value(_ number: Double) {
      precondition(count + JSONLine.numberLength <= limit, "a JSON stretch is longer than it said")
      count += JSONLine.write(number, to: output + count)
    }

    @inline(__always)
    package mutating func value(_ number: Double?) {
      if let number { value(number) } else { raw("null") }
    }

    @inline(__always)
    package mutating func value(_ flag: Bool) {
      if flag { raw("true") } else { raw("false") }
    }
  }

  /// `number` at `output` (room for ``numberLength`` bytes); how many bytes it took.
  private static func write(_ number: Double, to output: UnsafeMutablePointer<UInt8>) -> Int {
    guard number.isFinite else {
      output[0] = UInt8(ascii: "n")
      output[1] = UInt8(ascii: "u")
      output[2] = UInt8(ascii: "l")
      output[3] = UInt8(ascii: "l")
      return 4
    }
    // Whole numbers as integers with `.0` (-0.0 too, as 0.0). Converted and back, not
    // rounded(): libm's round was a call per number.
    if abs(number) < 1e15, Double(Int64(number)) == number {
      let position = writeDigits(Int64(number), to: output)
      output[position] = UInt8(ascii: ".")
      output[position + 1] = UInt8(ascii: "0")
      return position + 2
    }
    return ShortestDecimal.write(number, to: output)
  }

  // MARK: Bytes

  /// Room for `length` more bytes, which `body` writes at the pointer it is given, returning
  /// how many it wrote (at most `length`). A copy of the line shares its storage until one of
  /// them writes: then the writer takes storage of its own.
  @inline(__always)
  private mutating func fill(upTo length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    if _slowPath(count + length > storage.capacity || !isKnownUniquelyReferenced(&storage)) {
      reserve(count + length)
    }
    count += body(storage.bytes + count)
  }

  /// Storage of this line's own with room for `length` bytes, the line copied into it.
  @inline(never)
  private mutating func reserve(_ length: Int) {
    let capacity = length > storage.capacity ? max(length, storage.capacity * 2) : storage.capacity
    let own = Storage(capacity: capacity)
    own.bytes.update(from: storage.bytes, count: count)
    storage = own
  }

  /// The bytes of a line, freed with the last line that holds them.
  private final class Storage: @unchecked Sendable {
    let bytes: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
      bytes = .allocate(capacity: capacity)
      self.capacity = capacity
    }

    deinit { bytes.deallocate() }
  }

  @inline(__always)
  mutating func put(_ byte: UInt8) {
    fill(upTo: 1) { output in
      output[0] = byte
      return 1
    }
  }

  private mutating func put(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let source = buffer.baseAddress else { return }
    fill(upTo: buffer.count) { output in
      output.update(from: source, count: buffer.count)
      return buffer.count
    }
  }

  /// The bytes `body` writes for `second` (at most 24), written once per second: later the
  /// same second's bytes are copied from the last time.
  @inline(__always)
  mutating func cached(second: Int, _ body: (inout JSONLine) -> Void) {
    var date = cachedDate
    let length = MemoryLayout.size(ofValue: date)
    guard second == cachedSecond else {
      let start = count
      body(&self)
      precondition(count - start <= length)
      withUnsafeMutableBytes(of: &date) {
        $0.copyMemory(from: UnsafeRawBufferPointer(start: storage.bytes + start, count: count - start))
      }
      cachedDate = date
      cachedSecond = second
      cachedLength = count - start
      return
    }
    // All of the cache's bytes at once (a copy of constant length is a few moves, not a call).
    let copied = cachedLength
    fill(upTo: length) { output in
      Swift.withUnsafeBytes(of: &date) {
        UnsafeMutableRawPointer(output).copyMemory(from: $0.baseAddress!, byteCount: length)
      }
      return copied
    }
  }

  // MARK: Private

  /// `"text":`, after a comma if one is due: one bounds check and a copy of a length known
  /// where it is inlined.
  @inline(__always)
  private mutating func quoted(_ text: StaticString) {
    let comma = needsComma()
    text.withUTF8Buffer { utf8 in
      fill(upTo: utf8.count + 4) { output in
        var position = 0
        if comma {
          output[0] = UInt8(ascii: ",")
          position = 1
        }
        output[position] = UInt8(ascii: "\"")
        (output + position + 1).update(from: utf8.baseAddress!, count: utf8.count)
        position += utf8.count + 1
        output[position] = UInt8(ascii: "\"")
        output[position + 1] = UInt8(ascii: ":")
        return position + 2
      }
    }
  }

  private mutating func begin(_ bracket: UInt8) {
    separate()
    put(bracket)
    depth += 1
    firstAtDepth |= 1 << UInt64(depth)
  }

  private mutating func end(_ bracket: UInt8) {
    depth -= 1
    put(bracket)
  }

  /// The comma before a value or key, unless it is a container's first or a key's value.
  mutating func separate() {
    if needsComma() { put(UInt8(ascii: ",")) }
  }

  /// Whether a comma goes before the next value or key (and notes that it was written).
  @inline(__always)
  private mutating func needsComma() -> Bool {
    if afterKey {
      afterKey = false
      return false
    }
    guard depth > 0 else { return false }
    let bit: UInt64 = 1 << UInt64(depth)
    if firstAtDepth & bit != 0 {
      firstAtDepth &= ~bit
      return false
    }
    return true
  }

  /// `value`'s digits, left-padded with zeros to `width`, with no separator.
  mutating func writeDigits(_ value: Int, width: Int) {
    let magnitude = UInt64(value.magnitude)
    let digits = ShortestDecimal.digitCount(magnitude)
    let shown = max(digits, width)
    fill(upTo: shown + 1) { output in
      var position = 0
      if value < 0 {
        output[0] = UInt8(ascii: "-")
        position = 1
      }
      ShortestDecimal.writeDigits(magnitude, count: shown, to: output + position)
      return position + shown
    }
  }

  private mutating func writeDigits(_ integer: Int64) {
    fill(upTo: 21) { Self.writeDigits(integer, to: $0) }
  }

  private mutating func writeDigits(magnitude: UInt64) {
    fill(upTo: 20) { output in
      let digits = ShortestDecimal.digitCount(magnitude)
      ShortestDecimal.writeDigits(magnitude, count: digits, to: output)
      return digits
    }
  }

  /// `integer`'s digits at `output` (room for 21 bytes); how many bytes they took.
  @inline(__always)
  private static func writeDigits(_ integer: Int64, to output: UnsafeMutablePointer<UInt8>) -> Int {
    var position = 0
    if integer < 0 {
      output[0] = UInt8(ascii: "-")
      position = 1
    }
    let digits = ShortestDecimal.digitCount(integer.magnitude)
    ShortestDecimal.writeDigits(integer.magnitude, count: digits, to: output + position)
    return position + digits
  }

  /// Escapes quote, backslash, control characters, DEL and the C1 controls (as `\u007f`,
  /// `\u009b`: valid JSON either way, but a terminal showing the file acts on them raw). Runs
  /// without one (nearly every string) are copied whole: byte by byte was a third of a line.
  private mutating func writeEscaped(_ text: String) {
    put(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      var index = 0
      while index < utf8.count {
        if index + 8 <= utf8.count,
          !Self.mayNeedEscape(UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self))
        {
          index += 8
          continue
        }
        let byte = utf8[index]
        index += 1
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte >= 0x7F else { continue }
        if byte == 0x7F || byte < 0x80 {
          put(UnsafeBufferPointer(rebasing: utf8[runStart..<(index - 1)]))
          writeEscape(byte)
          runStart = index
        } else if byte == 0xC2, index < utf8.count, (0x80...0x9F).contains(utf8[index]) {
          // U+0080…U+009F: 0xC2 and the code point's low byte.
          put(UnsafeBufferPointer(rebasing: utf8[runStart..<(index - 1)]))
          writeEscape(utf8[index])
          index += 1
          runStart = index
        }
      }
      put(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    put(UInt8(ascii: "\""))
  }

  /// Whether any of the eight bytes is one that may need escaping: a control character, quote,
  /// backslash, DEL or a byte of a non-ASCII character (eight at a time: a byte at a time cost
  /// a fifth of the non-number part of a motion line).
  @inline(__always)
  private static func mayNeedEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & high != 0 }
    let below0x20 = (word &- ones &* 0x20) & ~word & high != 0
    return below0x20 || word & high != 0 || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
      || hasZero(word ^ (ones &* 0x7F))
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
        put(digits[Int(byte >> 4)])
        put(digits[Int(byte & 0x0F)])
      }
    }
  }
}
