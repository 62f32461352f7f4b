import Foundation
import Testing

@testable import DevCapsKit

@Suite("Backlight of a built-in panel")
struct BacklightTests {
  static func panel(syspath: String = "/sys/devices/pci0000:00/0000:00:02.0/drm/card0/card0-eDP-1") -> DisplayInfo {
    var display = DisplayInfo(connector: "eDP-1", card: "card0", isInternal: true, connected: true)
    display.syspath = syspath
    return display
  }

  @Test("the panel's own backlight first, then firmware, platform, raw (systemd-backlight's order); none for a monitor")
  func choice() {
    let candidates = [
      Backlight.Candidate(syspath: "/sys/devices/platform/raw_bl", parent: nil, type: "raw", maximum: 255),
      Backlight.Candidate(syspath: "/sys/devices/acpi_video0", parent: nil, type: "firmware", maximum: 15),
      Backlight.Candidate(syspath: "/sys/devices/broken", parent: nil, type: "firmware", maximum: 0),
      Backlight.Candidate(
        syspath: "/sys/devices/pci0000:00/0000:00:02.0/drm/card0/card0-eDP-1/intel_backlight",
        parent: "/sys/devices/pci0000:00/0000:00:02.0/drm/card0/card0-eDP-1", type: "raw", maximum: 19393),
    ]
    #expect(Backlight.choose(among: candidates, for: Self.panel())?.syspath.hasSuffix("intel_backlight") == true)
    #expect(
      Backlight.choose(among: Array(candidates.prefix(3)), for: Self.panel())?.syspath == "/sys/devices/acpi_video0")
    #expect(Backlight.choose(among: Array(candidates.prefix(1)), for: Self.panel())?.maximum == 255)
    let monitor = DisplayInfo(connector: "HDMI-A-1", card: "card0", isInternal: false, connected: true)
    #expect(Backlight.choose(among: candidates, for: monitor) == nil)
  }

  @Test("level is actual_brightness over max_brightness; setting writes the nearest step to brightness")
  func levelAndSet() throws {
    let root = try TemporaryRoot(["/actual_brightness": "4848\n", "/brightness": "4848\n"])
    let backlight = Backlight(syspath: root.path, maximum: 19393)
    #expect(abs(try backlight.level() - 0.25) < 0.001)
    try backlight.set(0.5)
    #expect(try String(contentsOfFile: root.path + "/brightness", encoding: .utf8) == "9697\n")
    try root.write("/actual_brightness", "garbage\n")
    #expect(throws: ScreenError.self) { try backlight.level() }
    let missing = Backlight(syspath: root.path + "/nowhere", maximum: 10)
    #expect(throws: ScreenError.self) { try missing.set(0.5) }
  }

  @Test("brightness outside 0…1 is refused before anything is written")
  func invalid() {
    let screen = Screen(display: Self.panel())
    for value in [-0.1, 1.5, .infinity] {
      #expect(throws: ScreenError.invalidBrightness(value)) { try screen.setBrightness(value) }
    }
    #expect(throws: ScreenError.self) { try screen.setBrightness(.nan) }
  }
}
