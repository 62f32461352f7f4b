import DevCapsKit
import Testing

@testable import devcaps

@Suite("Pretty JSON documents")
struct PrettyJSONTests {
  @Test("objects keep member order and indent by two spaces")
  func objects() {
    let value = JSONValue.object([
      JSONMember("b", .integer(1)), JSONMember("a", .array([.null, .bool(false)])), JSONMember("e", .array([])),
    ])
    #expect(value.prettyPrinted == "{\n  \"b\": 1,\n  \"a\": [null, false],\n  \"e\": []\n}")
  }

  @Test("lists of scalars stay on one line, lists of objects one per line")
  func inlineLists() {
    let matrix = JSONValue.array([.array([.number(1), .number(0)]), .array([.number(0), .number(1)])])
    #expect(matrix.prettyPrinted == "[[1.0, 0.0], [0.0, 1.0]]")
    let objects = JSONValue.array([.object([JSONMember("a", .integer(1))])])
    #expect(objects.prettyPrinted == "[\n  {\n    \"a\": 1\n  }\n]")
  }

  @Test("a pretty document parses back to the same value")
  func roundTrip() throws {
    let value = JSONValue.object([
      JSONMember("k", .array([.string("a\u{1}b"), .number(0.25), .integer(-3)])), JSONMember("o", .object([])),
    ])
    #expect(try JSONParser.parse(Array(value.prettyPrinted.utf8)) == value)
  }
}
