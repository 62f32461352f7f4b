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
}
