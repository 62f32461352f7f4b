/// Checking a value without building it: a saved report's sections that a manifest does not
/// need. Each check throws what building the value would throw, at the same place, so that a
/// report is accepted or refused exactly as a full parse would.
extension JSONParser {
  mutating func skipValue() throws(SyntaxError) {
    guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): try skipObject()
    case UInt8(ascii: "["): try skipArray()
    case UInt8(ascii: "\""): try skipString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
    default: _ = try parseValue()
    }
  }

  private mutating func skipObject() throws(SyntaxError) {
    if try enterContainer(closing: UInt8(ascii: "}")) { return }
    // Keys are still read: a duplicate key is an error wherever it is.
    var keys = JSONObjectKeys(comparingBytes: comparesKeyBytes)
    while true {
      _ = try readKey(into: &keys)
      try skipValue()
      if try endOfElement(closing: UInt8(ascii: "}")) { return }
    }
  }

  private mutating func skipArray() throws(SyntaxError) {
    if try enterContainer(closing: UInt8(ascii: "]")) { return }
    while true {
      skipWhitespace()
      try skipValue()
      if try endOfElement(closing: UInt8(ascii: "]")) { return }
    }
  }

  /// Plain ASCII is passed over; escapes and other UTF-8 go through the parser's own checks.
  private mutating func skipString() throws(SyntaxError) {
    if scanPlainString() != nil { return }
    _ = try parseString()
  }

  /// Syntax alone decides for short integers; anything else may be out of range, which only
  /// converting it tells.
  private mutating func skipNumber() throws(SyntaxError) {
    let start = index
    if try scanNumber(), smallInteger(from: start) != nil { return }
    index = start
    _ = try parseValue()
  }
}
