import Testing

@testable import DevCapsKit

/// The byte-level splitting and trimming must give what the Character operations give.
@Suite("ASCII fast paths of string parsing")
struct ASCIIStringTests {
  static let texts: [String] = [
    "", "\n", "\n\n", "a", "a\n", "\na", "a\nb\n\nc", "a\r\nb", "a\r\n", "\r\n", "a\rb\n", "a\n\r",
    "key : value\nother:x\n", " \t a b \t\n", "a:b:c", ":", "a:\r\n", "\0 x \0", " \r\n ", "\r",
    "caf\u{E9}: x\nb", "e\u{301}:\n", "a \u{301}b\n", ":\u{301}x:y", "\u{600}:x", "\n\u{301}", " é ",
    "x,y,,z", ",", ",,a,", "a, b ,c",
  ]

  @Test("splitCharacters is split", arguments: texts)
  func split(text: String) {
    for separator: Character in ["\n", " ", ":", ","] {
      for omitting in [true, false] {
        let expected = text.split(separator: separator, omittingEmptySubsequences: omitting).map(String.init)
        #expect(
          text.splitCharacters(separator: separator, omittingEmptySubsequences: omitting).map(String.init) == expected)
        let sub = text.dropFirst()
        #expect(
          sub.splitCharacters(separator: separator, omittingEmptySubsequences: omitting).map(String.init)
            == sub.split(separator: separator, omittingEmptySubsequences: omitting).map(String.init))
      }
    }
  }

  @Test("firstIndex(ofASCII:) is firstIndex(of:)", arguments: texts)
  func firstIndex(text: String) {
    for character: Character in [":", "\n", ","] {
      #expect(text.firstIndex(ofASCII: character) == text.firstIndex(of: character))
      let sub = text.dropFirst()
      #expect(sub.firstIndex(ofASCII: character) == sub.firstIndex(of: character))
    }
  }

  @Test("trimmingWhitespace trims what the Characters trim", arguments: texts)
  func trimming(text: String) {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\0" }
    let expected = String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    #expect(text.trimmingWhitespace() == expected)
  }
}
