import Testing

@testable import DevCapsKit

@Suite("JSON parser")
struct JSONParserTests {
  func parse(_ text: String) throws(JSONParser.SyntaxError) -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
  }

  @Test("values, order and escapes")
  func values() throws {
    let value = try parse(#" {"b": [1, -2.5e3, true, false, null], "a": "\u00e9\ud83d\ude00\n\"\/"} "#)
    #expect(
      value
        == .object([
          JSONMember("b", .array([.integer(1), .number(-2500), .bool(true), .bool(false), .null])),
          JSONMember("a", .string("é😀\n\"/")),
        ]))
  }

  @Test("a byte order mark is tolerated")
  func byteOrderMark() throws {
    #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .array([]))
  }

  @Test("round trip through the writer")
  func roundTrip() throws {
    let value = JSONValue.object([JSONMember("k", .array([.string("a\u{1}b"), .number(0.25), .integer(-3)]))])
    #expect(try parse(value.serialized()) == value)
  }

  @Test(
    "malformed input is an error with line and column",
    arguments: [
      ("", "unexpected end of input, expected a value"),
      ("[1,", "unexpected end of input, expected a value"),
      ("[1 2]", "expected ',' or ']'"),
      ("{\"a\" 1}", "expected ':' after the key"),
      ("{a: 1}", "expected a key in double quotes"),
      ("{\"a\": 1,}", "expected a key in double quotes"),
      ("[01]", "leading zeros"),
      ("[1.]", "digits after it"),
      ("[1e]", "an exponent needs digits"),
      ("[-]", "a number needs digits"),
      ("\"abc", "unterminated string"),
      ("\"a\u{1}\"", "unescaped control character"),
      ("\"\\x\"", "invalid escape"),
      ("\"\\ud800\"", "unpaired surrogate"),
      ("\"\\u0000\"", "NUL character"),
      ("[tru]", "expected a value"),
      ("[] []", "after the document"),
      ("{\"a\": 1, \"a\": 2}", "appears twice"),
      ("[1e999]", "out of range"),
    ])
  func malformed(text: String, message: String) {
    do {
      _ = try parse(text)
      Issue.record("no error for \(text)")
    } catch {
      #expect(error.message.contains(message), "\(error)")
    }
  }

  @Test("positions count lines and characters")
  func position() {
    do {
      _ = try parse("{\n  \"é\": x\n}")
      Issue.record("no error")
    } catch {
      #expect(error.line == 2)
      #expect(error.column == 8)
    }
  }

  @Test("limits: depth and size stop the parser, not the stack")
  func limits() {
    #expect(throws: JSONParser.SyntaxError.self) { try parse(String(repeating: "[", count: 100_000)) }
    var small = JSONParser.Limits()
    small.maximumBytes = 10
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Array("[1,2,3,4,5,6]".utf8), limits: small) }
    #expect(throws: Never.self) { try parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) }
  }

  @Test("integers at and above 2^63 stay integers, exactly, and are written back the same")
  func unsignedIntegers() throws {
    let value = try parse(#"[9223372036854775807, 9223372036854775808, 18446744073709551615, 18446744073709551616]"#)
    #expect(
      value
        == .array([.integer(.max), .unsignedInteger(1 << 63), .unsignedInteger(.max), .number(18446744073709551616)]))
    #expect(
      value.serialized() == "[9223372036854775807,9223372036854775808,18446744073709551615,1.8446744073709552e+19]")
    #expect(try JSONValueDecoder().decode(UInt64.self, from: .unsignedInteger(1 << 63)) == 1 << 63)
  }

  @Test(
    "100,000 keys parse, and a duplicate still names the line of the first (the line is counted only for the error)")
  func manyKeys() throws {
    let members = (0..<100_000).map { "\"key\($0)\": \($0)" }.joined(separator: ",\n")
    var limits = JSONParser.Limits()
    limits.maximumBytes = 16 << 20
    func parse(_ text: String) throws(JSONParser.SyntaxError) -> JSONValue {
      try JSONParser.parse(Array(text.utf8), limits: limits)
    }
    let value = try parse("{" + members + "}")
    guard case .object(let parsed) = value else {
      throw JSONParser.SyntaxError(line: 0, column: 0, message: "not an object")
    }
    #expect(parsed.count == 100_000)
    let error = #expect(throws: JSONParser.SyntaxError.self) { try parse("{" + members + ",\n\"key5\": 1}") }
    #expect(error?.message.contains("first on line 6") == true, "\(String(describing: error))")
    #expect(error?.line == 100_001)
  }

  @Test("invalid UTF-8 and NUL bytes are errors")
  func bytes() {
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse([0x5B, 0x00, 0x5D]) }
  }
  @Test("eight bytes at a time: the first byte that ends a plain string is found, wherever it is in the word")
  func plainStringWords() {
    func ends(_ byte: UInt8) -> Bool { byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 }
    func first(_ word: [UInt8]) -> Int? {
      let value = UInt64(littleEndian: word.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
      let found = JSONParser.plainStringEnds(value)
      return found == 0 ? nil : found.trailingZeroBitCount / 8
    }
    for byte in 0...255 {
      for position in 0..<8 {
        var word = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
        word[position] = UInt8(byte)
        #expect(first(word) == (ends(UInt8(byte)) ? position : nil), "byte \(byte) at \(position)")
      }
    }
    // Words of bytes next to the ones that end a string, each after the others (a borrow).
    let alphabet: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xFF, 0x61]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<20_000 {
      let word = (0..<8).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return alphabet[Int(state >> 33) % alphabet.count]
      }
      #expect(first(word) == word.firstIndex(where: ends), "\(word)")
    }
  }

  @Test("strings and indentation of every length, ended or broken at every offset of a word")
  func stringsAndIndentation() throws {
    for length in 0..<20 {
      let text = String(repeating: "x", count: length)
      for indent in 0..<20 {
        let spaces = String(repeating: " ", count: indent)
        #expect(try parse("[\n\(spaces)\"\(text)\"\(spaces)]") == .array([.string(text)]))
        #expect(try parse("{\(spaces)\"\(text)\"\(spaces):\(spaces)1}") == .object([JSONMember(text, .integer(1))]))
      }
      #expect(try parse("[\"\(text)\\n\"]") == .array([.string(text + "\n")]))
      #expect(try parse("[\"\(text)é\"]") == .array([.string(text + "é")]))
      let control = #expect(throws: JSONParser.SyntaxError.self) { try parse("[\"\(text)\u{1}\"]") }
      #expect(control?.message == "unescaped control character in a string")
      let unterminated = #expect(throws: JSONParser.SyntaxError.self) { try parse("[\"\(text)") }
      #expect(unterminated?.message == "unterminated string")
    }
  }
}
