import Testing

@testable import DevCapsKit

@Suite("JSON object keys compared by their bytes")
struct JSONObjectKeysTests {
  /// An object of `count` plain keys, then `last`: in place for a few keys, in the table past 16.
  static func object(keys count: Int, then last: String) -> String {
    "{" + (0..<count).map { "\"k\($0)\": \($0),\n" }.joined() + last + ": 0}"
  }

  static func outcomes(_ text: String) -> [Result<JSONValue, JSONParser.SyntaxError>] {
    let bytes = Array(text.utf8)
    let skipAll: (String) -> Bool = { _ in false }
    return [nil, skipAll].flatMap { keep in
      [true, false].map { comparingBytes in
        Result { () throws(JSONParser.SyntaxError) in
          try JSONParser.parse(JSONParser.wrapped(bytes), keepsTopLevelMember: keep, comparingKeyBytes: comparingBytes)
        }
      }
    }
  }

  @Test(
    "a key written another way is the same key, as when every key is a String",
    arguments: [3, 16, 17, 40, 63, 64, 65, 200],
    [
      #""k2""#, #""k\u0032""#, #""\u006b2""#, #""k2\u0000""#, #""\u212a2""#, "\"\u{212A}2\"", #""k1\u0030""#,
      #""k""#, "\"k2\u{301}\"", #""k22""#,
    ])
  func sameAsStrings(count: Int, last: String) throws {
    let outcomes = Self.outcomes(Self.object(keys: count, then: last))
    #expect(outcomes[0] == outcomes[1])
    #expect(outcomes[2] == outcomes[3])
  }

  @Test(
    "a plain key after one written another way is compared with it as a String",
    arguments: [3, 16, 17, 40, 63, 64, 65, 200], [#""\u006b1""#, #""k\u0031""#, "\"\u{212A}1\"", #""x\n""#])
  func plainAfterOther(count: Int, first: String) throws {
    let outcomes = Self.outcomes("{" + first + ": 0,\n" + String(Self.object(keys: count, then: #""k1""#).dropFirst()))
    #expect(outcomes[0] == outcomes[1])
    #expect(outcomes[2] == outcomes[3])
    // The first two are "k1"; the Kelvin sign is "K", not "k".
    let isK1 = first.hasPrefix(#""\u006b"#) || first.hasPrefix(#""k"#)
    #expect((outcomes[0].failureValue?.message.contains("appears twice (first on line 1)") == true) == isK1)
  }

  @Test("a plain duplicate past the in-place keys is refused where it is written, naming the first's line")
  func plainDuplicate() {
    let outcomes = Self.outcomes(Self.object(keys: 40, then: #""k33""#))
    for outcome in outcomes {
      #expect(outcome.failureValue?.message == #"key "k33" appears twice (first on line 34); a key may appear once"#)
      #expect(outcome.failureValue?.line == 41)
    }
  }

  @Test(
    "a plain duplicate is found among keys that share length and first, middle and last bytes, in the list and in the table",
    arguments: [20, 64, 100])
  func sameFingerprints(count: Int) {
    // k000a … k999a: one length, and the same first and last byte; the middle one repeats every 10.
    let keys = (0..<count).map { "\"k\(String($0 + 1000).dropFirst())a\"" }
    for duplicate in [0, count / 2, count - 1] {
      let text = "{" + keys.map { $0 + ": 1,\n" }.joined() + keys[duplicate] + ": 2}"
      for outcome in Self.outcomes(text) {
        #expect(outcome.failureValue?.message.contains("appears twice (first on line \(duplicate + 1))") == true)
      }
    }
    for outcome in Self.outcomes("{" + keys.map { $0 + ": 1" }.joined(separator: ",\n") + "}") {
      #expect(outcome.failureValue == nil)
    }
  }

  @Test("the Kelvin sign after plain keys is the key K, as String equality has it")
  func kelvin() {
    let outcomes = Self.outcomes("{\"K\": 1, " + (0..<20).map { "\"x\($0)\": 1, " }.joined() + "\"\u{212A}\": 2}")
    for outcome in outcomes { #expect(outcome.failureValue?.message.contains("appears twice") == true) }
  }
}

extension JSONParser {
  /// `bytes` as the value of a top-level member, so that a skipping parse skips it.
  static func wrapped(_ bytes: [UInt8]) -> [UInt8] { Array("{\"member\": ".utf8) + bytes + Array("}".utf8) }
}

extension Result {
  fileprivate var failureValue: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
