import DevCapsKit
import Testing

@Suite("Screen, as UIScreen")
struct ScreenTests {
  static func display(_ connector: String, builtIn: Bool, modes: [String]) -> DisplayInfo {
    var display = DisplayInfo(connector: connector, card: "card0", isInternal: builtIn, connected: true)
    display.modes = modes
    return display
  }

  @Test("a phone's DSI panel without an EDID: the kernel's first mode is the native one; no refresh, scale 1")
  func panelWithoutEDID() {
    let screen = Screen(display: Self.display("DSI-1", builtIn: true, modes: ["720x1440"]))
    #expect(screen.modes.map(\.description) == ["720x1440"])
    #expect(screen.nativeBounds == Screen.Size(width: 720, height: 1440))
    #expect(screen.maximumFramesPerSecond == nil)
    #expect(screen.physicalSize == nil)
    #expect(screen.nativeScale == 1)
  }

  @Test("a laptop panel with an EDID: its preferred mode and refresh rate, its size, scale by density over 96 ppi")
  func laptopPanel() {
    var display = Self.display("eDP-1", builtIn: true, modes: ["2560x1600", "1920x1200", "1280x800i"])
    display.preferredMode = "2560x1600"
    display.preferredRefreshHz = 59.972
    display.widthMm = 301
    display.heightMm = 188
    let screen = Screen(display: display)
    #expect(screen.nativeBounds?.description == "2560x1600")
    #expect(screen.maximumFramesPerSecond == 60)
    #expect(screen.physicalSize == Screen.Size(width: 301, height: 188))
    // 2560 px over 301 mm is 216 ppi: 2.25 × 96.
    #expect(screen.nativeScale == 2.25)
    #expect(screen.modes.last == Screen.Mode("1280x800i"))
    #expect(screen.modes.last?.interlaced == true)
  }

  @Test("modes the kernel would not write are not modes", arguments: ["", "x", "0x0", "1920x", "axb", "1920x1080x3"])
  func garbageModes(text: String) {
    #expect(Screen.Mode(text) == nil)
  }

  @Test("the main screen is the built-in panel, else the first connected one; screens lists the connected ones")
  func mainScreen() {
    // This machine's own screens (none on a CI runner): whatever they are, main is among them.
    let screens = Screen.screens
    #expect(screens.allSatisfy { $0.display.connected })
    if let main = Screen.main { #expect(screens.contains(main)) } else { #expect(screens.isEmpty) }
  }
}
