import Testing

@testable import DevCapsKit

@Suite("JSON parser, skipping top-level members")
struct JSONParserSkippingTests {
  static func both(_ text: String) -> (
    full: Result<JSONValue, JSONParser.SyntaxError>, skipping: Result<JSONValue, JSONParser.SyntaxError>
  ) {
    let bytes = Array(text.utf8)
    return (
      Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(bytes) },
      Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(bytes, keepingTopLevel: { $0 == "kept" }) }
    )
  }

  @Test("kept members are built; the others keep their place, as null")
  func keeps() throws {
    let value = try JSONParser.parse(
      Array(#"{"skipped": {"a": [1, "x", true, null, 2.5]}, "kept": {"b": [1]}, "later": "z"}"#.utf8),
      keepingTopLevel: { $0 == "kept" })
    #expect(
      value
        == .object([
          JSONMember("skipped", .null), JSONMember("kept", .object([JSONMember("b", .array([.integer(1)]))])),
          JSONMember("later", .null),
        ]))
  }

  @Test(
    "a skipped member is refused exactly where and why a full parse refuses it",
    arguments: [
      "[1 2]", "{\"a\" 1}", "{a: 1}", "{\"a\": 1,}", "[01]", "[1.]", "[1e]", "[-]", "\"abc", "\"a\u{1}\"", "\"\\x\"",
      "\"\\ud800\"", "\"\\u0000\"", "\"\\ud800\\u0041\"", "[tru]", "{\"a\": 1, \"a\": 2}", "[1e999]",
      "[\(String(repeating: "9", count: 400))]", "{\"é\": 1,\n \"é\": 2}", "\"é\u{1}\"", "[nul", "",
      String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
      "{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"k7\": 0}",
    ])
  func sameErrors(member: String) {
    let (full, skipping) = Self.both("{\"kept\": 1,\n  \"skipped\": " + member + "}")
    guard case .failure(let expected) = full else {
      Issue.record("the full parse accepted \(member)")
      return
    }
    #expect(skipping.failureValue == expected)
  }

  @Test(
    "what a full parse accepts, skipping accepts",
    arguments: [
      "18446744073709551616", "-0", "0.5e-3", "-123456789012345678", "1234567890123456789", "\"é\\n\\ud83d\\ude00\"",
      "[[], {}, [{}]]", String(repeating: "[", count: 63) + String(repeating: "]", count: 63),
    ])
  func sameAcceptance(member: String) throws {
    let (full, skipping) = Self.both("{\"skipped\": " + member + ", \"kept\": " + member + "}")
    let value = try full.get()
    #expect(try skipping.get() == .object([JSONMember("skipped", .null), JSONMember("kept", value["kept"]!)]))
  }

  @Test("invalid UTF-8 in a skipped string is refused")
  func invalidUTF8() {
    let bytes = Array(#"{"skipped": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(bytes, keepingTopLevel: { _ in false }) }
  }
}

extension Result {
  fileprivate var failureValue: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
