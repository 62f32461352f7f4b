import Testing

@testable import DevCapsKit

@Suite("XML property lists")
struct PropertyListParserTests {
  func parse(_ text: String) throws(PropertyListParser.SyntaxError) -> JSONValue {
    try PropertyListParser.parse(Array(text.utf8))
  }

  @Test("an Info.plist with comments, a DOCTYPE, entities and every value type")
  func infoPlist() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <!-- the app's keys -->
      <dict>
        <key>CFBundleName</key><string>Kiosk &amp; Co &#x263A;</string>
        <key>Count</key><integer> 3 </integer>
        <key>Ratio</key><real>0.5</real>
        <key>Empty</key><string/>
        <key>UIRequiredDeviceCapabilities</key>
        <array><string>armv7</string><string>gyroscope</string></array>
        <key>Flags</key><dict><key>gps</key><true/><key>sms</key><false/></dict>
        <key>None</key><array/>
      </dict>
      </plist>
      """
    let value = try parse(text)
    #expect(value["CFBundleName"] == .string("Kiosk & Co ☺"))
    #expect(value["Count"] == .integer(3))
    #expect(value["Ratio"] == .number(0.5))
    #expect(value["Empty"] == .string(""))
    #expect(value["UIRequiredDeviceCapabilities"] == .array([.string("armv7"), .string("gyroscope")]))
    #expect(value["Flags"] == .object([JSONMember("gps", .bool(true)), JSONMember("sms", .bool(false))]))
    #expect(value["None"] == .array([]))
  }

  @Test(
    "malformed property lists are errors",
    arguments: [
      ("", "expected a <plist> element"),
      ("<dict></dict>", "expected a <plist> element"),
      ("<plist><dict><key>a</key></dict></plist>", "expected a value element"),
      ("<plist><dict><string>x</string></dict></plist>", "expected <key> in <dict>"),
      ("<plist><dict><key>a</key><true/><key>a</key><false/></dict></plist>", "appears twice"),
      ("<plist><integer>x</integer></plist>", "<integer> holds 'x'"),
      ("<plist><string>a</plist>", "expected </string>"),
      ("<plist><foo/></plist>", "unknown element <foo>"),
      ("<plist><string>&bogus;</string></plist>", "unknown entity"),
      ("<plist><true/></plist>trailing", "content after </plist>"),
      ("bplist00\u{1}", "binary property lists"),
      ("<plist><!-- unterminated </plist>", "expected '-->'"),
    ])
  func malformed(text: String, message: String) {
    do {
      _ = try parse(text)
      Issue.record("no error for \(text)")
    } catch {
      #expect(error.message.contains(message), "\(error)")
    }
  }

  @Test("nesting is limited")
  func depth() {
    let text =
      "<plist>" + String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000)
      + "</plist>"
    #expect(throws: PropertyListParser.SyntaxError.self) { try parse(text) }
  }
}
