import Testing

@testable import DevCapsKit

/// Finding where a value of a parsed document was written: a member by its key, an element by
/// its first byte, as a syntax error's line and column count them.
@Suite("JSON parser: locating a value")
struct JSONParserLocatingTests {
  func position(_ path: [JSONStep], in text: String) -> (line: Int, column: Int)? {
    JSONParser.position(of: path, in: Array(text.utf8))
  }

  @Test("a member points at its key, an element at its value, through nested containers")
  func nested() throws {
    let text = "{\n  \"a\": 1,\n  \"b\": [\n    true,\n    {\"c\": null, \"d\": \"x\"}\n  ]\n}"
    #expect(position([.member(0)], in: text).map { [$0.line, $0.column] } == [2, 3])
    #expect(position([.member(1)], in: text).map { [$0.line, $0.column] } == [3, 3])
    #expect(position([.member(1), .element(0)], in: text).map { [$0.line, $0.column] } == [4, 5])
    #expect(position([.member(1), .element(1), .member(1)], in: text).map { [$0.line, $0.column] } == [5, 17])
  }

  @Test("columns count characters, not bytes: é is one, and a byte order mark none (as an editor shows it)")
  func characters() throws {
    #expect(position([.member(1)], in: "\u{FEFF}{\"é\": 1, \"b\": 2}").map { [$0.line, $0.column] } == [1, 10])
  }

  @Test("a path that leads nowhere, an empty path, or bytes that are not JSON have no place")
  func nowhere() throws {
    #expect(position([], in: "[1]") == nil)
    #expect(position([.element(1)], in: "[1]") == nil)
    #expect(position([.member(0)], in: "[1]") == nil)
    #expect(position([.element(0), .element(0)], in: "[1]") == nil)
    #expect(position([.member(0)], in: "{}") == nil)
    #expect(position([.member(0)], in: "<plist><dict/></plist>") == nil)
  }
}
