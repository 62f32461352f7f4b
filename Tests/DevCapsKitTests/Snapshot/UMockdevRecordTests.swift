import Testing

@testable import DevCapsKit

/// Attribute lines as umockdev-record writes them. That umockdev reads them back byte for byte is
/// the end-to-end test's job (SnapshotCommandTests); these pin the encoding itself.
@Suite("Snapshot: umockdev-record's attribute lines")
struct UMockdevRecordTests {
  @Test(
    "text is escaped as GLib's g_strescape does",
    arguments: [
      ("1\n", #"1\n"#),
      ("a\tb\r\u{8}\u{C}\u{B}", #"a\tb\r\b\f\v"#),
      (#"say "hi" \ there"#, #"say \"hi\" \\ there"#),
      ("\u{1}\u{1F}\u{7F}", #"\001\037\177"#),
      ("é", #"\303\251"#),
    ])
  func escapes(text: String, expected: String) {
    #expect(UMockdevRecord.line("name", Array(text.utf8)) == "A: name=" + expected)
  }

  @Test("NUL bytes or invalid UTF-8 make a binary attribute, written in upper-case hex")
  func binary() {
    #expect(UMockdevRecord.line("edid", [0x00, 0xFF, 0x10, 0xab]) == "H: edid=00FF10AB")
    #expect(UMockdevRecord.line("raw", [0x41, 0xC3]) == "H: raw=41C3")
    #expect(UMockdevRecord.line("empty", []) == "A: empty=")
  }

  @Test("node names and links are written below /dev")
  func belowDev() {
    #expect(UMockdevRecord.belowDev("/dev/dri/card0") == "dri/card0")
    #expect(UMockdevRecord.belowDev("input/event3") == "input/event3")
  }
}
