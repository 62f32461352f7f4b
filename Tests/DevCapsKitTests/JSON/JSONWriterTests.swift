import Testing

@testable import DevCapsKit

@Suite("JSON output")
struct JSONWriterTests {
  @Test(
    "scalars",
    arguments: [
      (JSONValue.null, "null"),
      (.bool(true), "true"),
      (.integer(-12), "-12"),
      (.number(0.5), "0.5"),
      (.number(60), "60.0"),
      (.number(.nan), "null"),
      (.number(.infinity), "null"),
      (.string("a\"b\\c\n\u{1}"), #""a\"b\\c\n\u0001""#),
      (.string("µT ✓"), "\"µT ✓\""),
      (.string("\"é\u{7F}✓\t\r"), #""\"é\u007f✓\t\r""#),
      (.string("\n"), #""\n""#),
      (.string(""), #""""#),
      (.string("ünïcode\u{1F}🙂\\"), #""ünïcode\u001f🙂\\""#),
    ])
  func scalars(value: JSONValue, expected: String) {
    #expect(value.serialized() == expected)
  }

  @Test("any string survives writing and parsing back, escapes between multi-byte scalars included")
  func roundTrip() throws {
    // Not NUL: devcaps' parser refuses it in a string, by design.
    let scalars: [Unicode.Scalar] = ["a", "\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{7F}", "é", "✓", "🙂", " "]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      var text = ""
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        text.unicodeScalars.append(scalars.randomElement(using: &generator)!)
      }
      let written = JSONValue.string(text).serialized()
      #expect(try JSONParser.parse(Array(written.utf8)) == .string(text), "\(written)")
    }
  }

  @Test("objects keep member order, on one line")
  func objects() {
    let value = JSONValue.object([
      JSONMember("b", .integer(1)), JSONMember("a", .array([.null, .bool(false)])), JSONMember("e", .array([])),
    ])
    #expect(value.serialized() == #"{"b":1,"a":[null,false],"e":[]}"#)
  }

  @Test("optional helpers turn unknown and non-finite values into null")
  func optionals() {
    #expect(JSONValue.optional(nil as Double?) == .null)
    #expect(JSONValue.optional(Double.nan) == .null)
    #expect(JSONValue.optional(UInt64.max) == .unsignedInteger(UInt64.max))
    #expect(JSONValue.optional(UInt64(1) << 63) == .unsignedInteger(1 << 63))
    #expect(JSONValue.optional(UInt64(5)) == .integer(5))
  }
}
