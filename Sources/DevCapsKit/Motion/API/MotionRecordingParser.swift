/// The CSV of ``MotionRecording``, read as it arrives: bytes go in chunk by chunk, samples come
/// out line by line, and what it keeps between chunks is one field of at most
/// ``maximumFieldLength`` bytes. Memory stays the same whatever the file holds (a gigabyte of
/// commas is an error at the eleventh, one of spaces at the 4097th byte), and an error quotes
/// at most ``quotedLength`` bytes of the input.
struct MotionRecordingParser {
  /// The longest field, spaces included: a number is never longer.
  static let maximumFieldLength = 4096
  /// The most of a field an error message shows.
  static let quotedLength = 64
  static let maximumColumns = 10

  /// The line being read, from 1.
  private(set) var line = 1
  /// Samples returned so far.
  private(set) var sampleCount = 0
  /// The last line that held anything, for the "no samples" error; after a sample, its line.
  private(set) var lastLineWithBytes = 0
  private var byteOrderMarkMatched = 0
  private var atFileStart = true
  private var inComment = false
  /// Whether the line has shown a byte other than a space (and so is no comment if not one yet).
  private var lineStarted = false
  private var column = 0
  private var field: [UInt8] = []
  // Inline, not arrays: writing an element of an array checked it was not shared, twice a field.
  private var values = InlineArray<10, Double>(repeating: 0)
  private var emptyColumns = InlineArray<10, Bool>(repeating: false)
  /// Until the first line that is not empty or a comment: it may be a header.
  private var headerAllowed = true
  private var lineIsHeader = false

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  init() {
    field.reserveCapacity(Self.maximumFieldLength)
  }

  /// The next sample whose line ends within `bytes[position...]`, with `position` moved past
  /// that line; nil when the bytes ran out first (`position` is then `bytes.count` and the
  /// partial line is kept for the next chunk).
  mutating func next(in bytes: UnsafeRawBufferPointer, at position: inout Int) throws(MotionRecordingError)
    -> MotionInput?
  {
    let end = bytes.count
    if atFileStart { try skipByteOrderMark(bytes, &position) }
    while position < end {
      if inComment {
        while position < end && bytes[position] != newline { position += 1 }
        guard position < end else { return nil }
        inComment = false
      }
      if column == 0 && !lineStarted && field.isEmpty {
        // Empty lines, a byte each: a file of newlines is read at the speed of its bytes.
        while position < end && bytes[position] == newline {
          position += 1
          line += 1
        }
        guard position < end else { return nil }
        if !headerAllowed, let sample = plainLine(bytes, &position) { return sample }
      }
      let index = Self.delimiter(in: bytes, from: position)
      let span = UnsafeRawBufferPointer(rebasing: bytes[position..<index])
      if !span.isEmpty { lastLineWithBytes = line }
      if column == 0 && !lineStarted, let first = span.firstIndex(where: { !Self.isSpace($0) }) {
        lineStarted = true
        if span[first] == hash {
          // The spaces before it count as a field's, as they do when a read ends among them.
          if field.count + first > Self.maximumFieldLength {
            throw error("longer than \(Self.maximumFieldLength) bytes")
          }
          inComment = true
          field.removeAll(keepingCapacity: true)
          position += first + 1
          continue
        }
      }
      if field.count + span.count > Self.maximumFieldLength {
        throw error("longer than \(Self.maximumFieldLength) bytes")
      }
      guard index < end else {
        field.append(contentsOf: span)
        position = index
        return nil
      }
      position = index + 1
      let sample: MotionInput?
      if field.isEmpty {
        // The whole field is in this chunk (nearly always): read where it is, not copied.
        sample = try finishField(span.assumingMemoryBound(to: UInt8.self), endsLine: bytes[index] == newline)
      } else {
        field.append(contentsOf: span)
        sample = try finishKeptField(endsLine: bytes[index] == newline)
      }
      if let sample { return sample }
    }
    return nil
  }

  /// Ends the field after the comma or newline that ends it; the line's sample after a newline.
  private mutating func finishField(_ text: UnsafeBufferPointer<UInt8>, endsLine: Bool) throws(MotionRecordingError)
    -> MotionInput?
  {
    if endsLine { return try finishLine(text) }
    try finishField(text)
    column += 1
    if column == Self.maximumColumns {
      throw MotionRecordingError(line: line, problem: "more than 10 columns; " + Self.columnRule)
    }
    return nil
  }

  /// `finishField(_:endsLine:)` of the field kept from chunks before, which is then emptied.
  private mutating func finishKeptField(endsLine: Bool) throws(MotionRecordingError) -> MotionInput? {
    var kept: [UInt8] = []
    swap(&kept, &field)
    defer {
      kept.removeAll(keepingCapacity: true)
      swap(&kept, &field)
    }
    return try kept.withUnsafeBufferPointer { text in
      Result { () throws(MotionRecordingError) in try finishField(text, endsLine: endsLine) }
    }.get()
  }

  /// The last line's sample when the file does not end with a newline; throws when the
  /// recording held no sample at all.
  mutating func finish() throws(MotionRecordingError) -> MotionInput? {
    if !inComment, let sample = try finishKeptField(endsLine: true) { return sample }
    if sampleCount == 0 {
      throw MotionRecordingError(line: max(lastLineWithBytes, 1), problem: "no samples in the recording")
    }
    return nil
  }

  private mutating func skipByteOrderMark(_ bytes: UnsafeRawBufferPointer, _ position: inout Int)
    throws(MotionRecordingError)
  {
    while position < bytes.count && byteOrderMarkMatched < 3 {
      guard bytes[position] == Self.byteOrderMark[byteOrderMarkMatched] else {
        if byteOrderMarkMatched > 0 { throw MotionRecordingError(line: 1, problem: "an incomplete byte order mark") }
        break
      }
      byteOrderMarkMatched += 1
      position += 1
    }
    if position < bytes.count || byteOrderMarkMatched == 3 { atFileStart = false }
  }

  /// Ends the field `field` (column `column`): a header's name, or a sample's number.
  private mutating func finishField(_ field: UnsafeBufferPointer<UInt8>) throws(MotionRecordingError) {
    var start = 0
    var end = field.count
    while start < end && Self.isSpace(field[start]) { start += 1 }
    while end > start && Self.isSpace(field[end - 1]) { end -= 1 }
    let text = UnsafeBufferPointer(rebasing: field[start..<end])
    if column == 0 && headerAllowed { lineIsHeader = Self.isName(text) }
    if lineIsHeader {
      guard Self.isName(text) else {
        throw error("\(Self.quoted(text)) is not a column name; a first line of names is a header, of numbers a sample")
      }
      return
    }
    emptyColumns[column] = text.isEmpty
    if text.isEmpty {
      if column < 7 { throw error("empty") }
      return
    }
    guard let value = Self.number(text) else { throw error("\(Self.quoted(text)) is not a finite number") }
    values[column] = value
  }

  /// Ends the line whose last field is `field`: nil for an empty line, a comment or the
  /// header; else its sample.
  private mutating func finishLine(_ field: UnsafeBufferPointer<UInt8>) throws(MotionRecordingError) -> MotionInput? {
    defer {
      line += 1
      column = 0
      lineIsHeader = false
      lineStarted = false
    }
    if column == 0 && field.allSatisfy(Self.isSpace) { return nil }
    try finishField(field)
    let count = column + 1
    headerAllowed = false
    guard count == 7 || count == 10 else {
      throw MotionRecordingError(line: line, problem: "\(count) columns; " + Self.columnRule)
    }
    if lineIsHeader { return nil }
    var magnetometer: Vector3?
    if count == 10 {
      var empty = 0
      for column in 7..<10 where emptyColumns[column] { empty += 1 }
      if empty == 0 {
        magnetometer = Vector3(values[7], values[8], values[9])
      } else if empty < 3 {
        column = (7..<10).first { emptyColumns[$0] }!
        throw error("empty")
      }
    }
    sampleCount += 1
    return sample(magneticField: magnetometer)
  }

  /// The sample of `values`.
  @inline(__always)
  private func sample(magneticField: Vector3?) -> MotionInput {
    MotionInput(
      timestamp: values[0], acceleration: Vector3(values[4], values[5], values[6]),
      rotationRate: Vector3(values[1], values[2], values[3]), magneticField: magneticField)
  }

  /// The sample of a line of 7 or 10 plain numbers (``plainNumber(_:_:_:)``, a comma after each
  /// but the last, a newline after it) that lies whole in `bytes` from `position`, read in one
  /// pass where it is, `position` then moved past its newline. Nearly every line of a recording
  /// is one; field by field, through the checks every field needs, each cost a third of a row.
  /// nil for any other line, nothing changed: the field-by-field path then reads it, and says
  /// what is wrong with it, as it would have.
  @inline(__always)
  private mutating func plainLine(_ bytes: UnsafeRawBufferPointer, _ position: inout Int) -> MotionInput? {
    let text = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    let end = bytes.count
    var index = position
    var count = 0
    while true {
      guard count < Self.maximumColumns, let value = Self.plainNumber(text, &index, end), index < end else {
        return nil
      }
      values[count] = value
      count += 1
      let delimiter = text[index]
      index += 1
      if delimiter == newline { break }
      guard delimiter == comma else { return nil }
    }
    guard count == 7 || count == 10 else { return nil }
    position = index
    lastLineWithBytes = line
    line += 1
    sampleCount += 1
    return sample(magneticField: count == 10 ? Vector3(values[7], values[8], values[9]) : nil)
  }

  private func error(_ problem: String) -> MotionRecordingError {
    let name = lineIsHeader ? "" : " (\(MotionRecording.columnNames[column]))"
    return MotionRecordingError(line: line, problem: "column \(column + 1)\(name): \(problem)")
  }

  static let columnRule =
    "a sample has 7 (timestamp, gyroscope x y z, accelerometer x y z) or 10 (and magnetometer x y z)"

  /// The index of the first comma or newline in `bytes[start...]`, or `bytes.count`: eight bytes
  /// at a time while eight remain (a byte at a time was a twentieth of a replayed row).
  @inline(__always)
  private static func delimiter(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
    let end = bytes.count
    var index = start
    while index + 8 <= end {
      let word = (bytes.baseAddress! + index).loadUnaligned(as: UInt64.self).littleEndian
      // A byte's high bit for each byte that is a comma or a newline; bits above the lowest such
      // byte may be set wrongly (a borrow), the lowest is exact.
      let ones: UInt64 = 0x0101_0101_0101_0101
      let high: UInt64 = 0x8080_8080_8080_8080
      let commas = word ^ (ones &* UInt64(UInt8(ascii: ",")))
      let newlines = word ^ (ones &* UInt64(UInt8(ascii: "\n")))
      let found = ((commas &- ones) & ~commas | (newlines &- ones) & ~newlines) & high
      if found != 0 { return index + found.trailingZeroBitCount >> 3 }
      index += 8
    }
    while index < end, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "\n") { index += 1 }
    return index
  }

  private var newline: UInt8 { UInt8(ascii: "\n") }
  private var comma: UInt8 { UInt8(ascii: ",") }
  private var hash: UInt8 { UInt8(ascii: "#") }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }

  /// A column name: printable ASCII starting with a letter, and not a word a number parser
  /// takes (`nan`, `inf`, `infinity`).
  static func isName(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = text.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else {
      return false
    }
    guard text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
    let lowered = String(decoding: text.map { $0 | 0x20 }, as: UTF8.self)
    return !["nan", "inf", "infinity"].contains(lowered)
  }

  /// A finite decimal number: digits, a sign, a point and an exponent, nothing else (no NUL
  /// that would end the C parser's string early, no hexadecimal, no `nan`).
  static func number(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    if let exact = exactNumber(text) { return exact }
    let allowed = text.allSatisfy { byte in
      (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e")
        || byte == UInt8(ascii: "E")
    }
    guard allowed, let value = Double(String(decoding: text, as: UTF8.self)),
      value.isFinite
    else { return nil }
    return value
  }

  /// The number when it is one the C parser would read and its digits and exponent are small
  /// enough to make it with one exact operation (at most 2^53 over or times a power of ten up to
  /// 10^22, correctly rounded as the C parser rounds: Clinger's fast path); nil for everything
  /// else, which goes the long way. Nearly every recorded value takes this path, at a fraction
  /// of the C parser's cost.
  private static func exactNumber(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    guard let base = text.baseAddress else { return nil }
    let count = text.count
    var index = 0
    let decimal = scanDecimal(base, &index, count)
    guard decimal.digits > 0, decimal.digits <= 19 else { return nil }
    var exponent = decimal.exponent
    if index < count {
      guard text[index] | 0x20 == UInt8(ascii: "e") else { return nil }
      index += 1
      var exponentNegative = false
      if index < count && (text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+")) {
        exponentNegative = text[index] == UInt8(ascii: "-")
        index += 1
      }
      guard index < count else { return nil }
      var written = 0
      while index < count {
        let digit = text[index] &- UInt8(ascii: "0")
        guard digit < 10, written < 1000 else { return nil }
        written = written * 10 + Int(digit)
        index += 1
      }
      exponent += exponentNegative ? -written : written
    }
    return exactValue(negative: decimal.negative, mantissa: decimal.mantissa, exponent: exponent)
  }

  /// A number of the form `-12.345` at `text[index..<end]` (a sign, digits, a point and digits,
  /// at least one digit and at most 19, and no exponent) that ``exactNumber(_:)`` makes exactly,
  /// `index` moved past it; nil when there is none there or it needs more.
  @inline(__always)
  private static func plainNumber(_ text: UnsafePointer<UInt8>, _ index: inout Int, _ end: Int) -> Double? {
    let decimal = scanDecimal(text, &index, end)
    guard decimal.digits > 0, decimal.digits <= 19 else { return nil }
    return exactValue(negative: decimal.negative, mantissa: decimal.mantissa, exponent: decimal.exponent)
  }

  /// The sign, digits and point at `text[index..<end]`, `index` moved past them: the digits as
  /// one integer (wrapped past 19 digits: `digits` says how many there were) and the power of
  /// ten of its last digit.
  @inline(__always)
  private static func scanDecimal(_ text: UnsafePointer<UInt8>, _ index: inout Int, _ end: Int) -> (
    negative: Bool, mantissa: UInt64, digits: Int, exponent: Int
  ) {
    var negative = false
    if index < end && (text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+")) {
      negative = text[index] == UInt8(ascii: "-")
      index += 1
    }
    let mantissaStart = index
    var mantissa: UInt64 = 0
    // 19 digits always fit in 64 bits; more (leading zeros too: counting only the others cost
    // a fifth of a number) go the long way, checked by the callers: the mantissa wraps
    // meanwhile, and is then not used.
    var exponent = 0
    // The whole part, then the fraction: two loops with nothing to check but the digit.
    while index < end {
      let digit = text[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      index += 1
    }
    let sawPoint = index < end && text[index] == UInt8(ascii: ".")
    if sawPoint {
      index += 1
      let fractionStart = index
      while index < end {
        let digit = text[index] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        index += 1
      }
      exponent = fractionStart - index
    }
    // At least one digit in the mantissa (the callers check): "." or "-" alone is no number.
    return (negative, mantissa, index - mantissaStart - (sawPoint ? 1 : 0), exponent)
  }

  /// mantissa × 10^exponent when one exact operation makes it (Clinger's fast path), else nil.
  @inline(__always)
  private static func exactValue(negative: Bool, mantissa: UInt64, exponent: Int) -> Double? {
    guard mantissa <= 1 << 53, exponent >= -22, exponent <= 22 else { return nil }
    var value = Double(mantissa)
    if exponent < 0 { value /= powersOfTen[-exponent] } else { value *= powersOfTen[exponent] }
    return negative ? -value : value
  }

  /// 10^0 … 10^22, each exact in a Double (a literal, so stored as it stands, with nothing to
  /// compute at first use or check at each).
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
  ]

  /// `"text"`, cut to ``quotedLength`` bytes with "…" after.
  static func quoted(_ text: UnsafeBufferPointer<UInt8>) -> String {
    let shown = String(decoding: text.prefix(quotedLength), as: UTF8.self)
    return "\"" + shown + (text.count > quotedLength ? "…\"" : "\"")
  }
}
