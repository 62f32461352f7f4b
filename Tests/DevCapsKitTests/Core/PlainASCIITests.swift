import Foundation
import Testing

@testable import DevCapsKit

/// The byte paths stand for Character operations: each is held to what the Character operation
/// gives on the same text.
@Suite("Plain ASCII text in its bytes")
struct PlainASCIITests {
  @Test(
    "plain text is ASCII without a carriage return",
    arguments: [
      ("flags : fpu", true), ("", true), ("a\r\nb", false), ("a\rb", false), ("café", false), ("\t\0 ", true),
    ])
  func plain(text: String, expected: Bool) {
    var text = text
    #expect(text.withUTF8 { PlainASCII.isPlain($0) } == expected)
  }

  @Test(
    "sorted unique words are the Strings split, sorted and deduplicated",
    arguments: [
      "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov",
      "sse sse2 sse4_1 sse4_2 ssse3 sse4a sse  sse2",
      "Z a _ A z 0 9 aa a_ a0 A_ ZZ",
      "half thumb,fastmult\tvfp  edsp,,neon\t\tvfpv3 ",
      "",
      "   ",
      ",,\t",
      "x",
    ])
  func sortedWords(line: String) {
    let isSeparator = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x2C }
    let byCharacter = Array(
      Set(line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init))
    ).sorted()
    #expect(PlainASCII.sortedUniqueWords(line, separatedBy: isSeparator) == byCharacter)
  }

  @Test("text that is not plain is left to the Character path")
  func notPlain() {
    #expect(PlainASCII.sortedUniqueWords("a é", separatedBy: { $0 == 0x20 }) == nil)
  }

  @Test(
    "a word is found whole",
    arguments: [
      ("fpu hypervisor vme", "hypervisor", true), ("fpu hypervisor", "hyper", false),
      ("hypervisor", "hypervisor", true),
      ("a  b", "b", true), ("", "a", false), ("ab", "b", false),
    ])
  func containsWord(text: String, word: String, expected: Bool) {
    #expect(PlainASCII.containsWord(text, word, separator: 0x20) == expected)
  }

  @Test(
    "an ASCII prefix in the bytes is hasPrefix's answer, a combining mark after it too",
    arguments: [
      ("Cpus_allowed_list:\t0-3", "Cpus_allowed_list:"), ("Max open files  1024", "Max open files "),
      ("Max open file", "Max open files "), ("ab\u{301}c", "ab"), ("abc", "ab"), ("ab", "ab"), ("", "a"),
      ("é", "e"), ("abc", ""), ("na\u{EF}ve", "na"),
    ])
  func asciiPrefix(text: String, prefix: String) {
    #expect(text.hasASCIIPrefix(prefix) == text.hasPrefix(prefix))
    #expect(text[...].hasASCIIPrefix(prefix) == text[...].hasPrefix(prefix))
  }
}
