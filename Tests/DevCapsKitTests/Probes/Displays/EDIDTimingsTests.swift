import Foundation
import Testing

@testable import DevCapsKit

/// The modes an EDID's timings state, on a real monitor's EDID (Fixtures/edid): the expected
/// timings are those `edid-decode`, an implementation that shares nothing with devcaps, lists.
@Suite("EDID timings")
struct EDIDTimingsTests {
  static func fixture(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/edid/\(name).hex")
    return try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isWhitespace).map {
      try #require(UInt8($0, radix: 16))
    }
  }

  static func mode(_ width: Int, _ height: Int, _ hertz: Double, interlaced: Bool = false) -> EDID.Mode {
    EDID.Mode(width: width, height: height, refreshHz: hertz, interlaced: interlaced)
  }

  @Test("a Dell E2219HN: established, standard and detailed timings, the extension's too")
  func dellMonitor() throws {
    let edid = try EDID.parse(Self.fixture("dell-e2219hn"))
    #expect(edid.preferredMode == Self.mode(1920, 1080, 60))
    #expect(
      edid.timings == [
        Self.mode(720, 400, 70), Self.mode(640, 480, 60), Self.mode(640, 480, 75), Self.mode(800, 600, 60),
        Self.mode(800, 600, 75), Self.mode(1024, 768, 60), Self.mode(1024, 768, 75), Self.mode(1280, 1024, 75),
        Self.mode(1152, 864, 75), Self.mode(1280, 1024, 60), Self.mode(1600, 900, 60), Self.mode(1920, 1080, 60),
        Self.mode(1920, 1080, 60),
        Self.mode(1920, 1080, 60), Self.mode(1920, 1080, 60, interlaced: true), Self.mode(1280, 720, 60),
        Self.mode(1920, 1080, 50),
      ])
  }

  @Test("Screen.modes of the monitor on HDMI: each mode the EDID states has its rate; one it does not, none")
  func screenModes() throws {
    var display = DisplayInfo(connector: "HDMI-A-1", card: "card0", isInternal: false, connected: true)
    // The kernel's modes file for this monitor, each size once (720x480 only in a short video descriptor).
    display.modes = ["1920x1080", "1920x1080i", "1600x900", "1280x1024", "1280x720", "1024x768", "720x480"]
    display.apply(try EDID.parse(Self.fixture("dell-e2219hn")))
    let modes = Screen(display: display).modes
    #expect(modes.map(\.description) == display.modes)
    #expect(modes.map(\.refreshHz) == [60, 60, 60, 75, 60, 75, nil])
    #expect(Screen(display: display).preferredMode?.refreshHz == 60)
    #expect(display.modeRefreshHz?["1920x1080"] == 60, "the highest of 60 and 50 Hz")
  }

  @Test("standard timings: aspect 00 is 16:10 from EDID 1.3 on and 1:1 before; 01 01 and 00 00 are unused")
  func standardAspect() throws {
    var builder = EDIDBuilder()
    builder.bytes.replaceSubrange(38..<44, with: [0xB3, 0x00, 0x01, 0x01, 0x00, 0x00])
    builder.bytes[19] = 3
    #expect(try EDID.parse(builder.sealed()).timings == [Self.mode(1680, 1050, 60)])
    builder.bytes[19] = 2
    #expect(try EDID.parse(builder.sealed()).timings == [Self.mode(1680, 1680, 60)])
  }

  @Test("an extension whose checksum does not add up gives no timings")
  func badExtension() throws {
    var bytes = try Self.fixture("dell-e2219hn")
    bytes[200] &+= 1
    let timings = try EDID.parse(bytes).timings
    #expect(timings.count == 13, "the base block's only")
  }
}
