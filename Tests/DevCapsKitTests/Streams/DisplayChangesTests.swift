import Testing

@testable import DevCapsKit

@Suite("Display changes")
struct DisplayChangesTests {
  func display(_ connector: String, connected: Bool, modes: [String] = []) -> DisplayInfo {
    var display = DisplayInfo(
      connector: connector, card: "card0", isInternal: connector.hasPrefix("eDP"), connected: connected)
    display.modes = modes
    return display
  }

  func changes(_ old: [DisplayInfo], _ new: [DisplayInfo]) -> [String] {
    DisplayWatcher.changes(from: old, to: new).map { "\($0.display.connector) \($0.action.rawValue)" }
  }

  @Test("plugging, unplugging and new modes")
  func transitions() {
    let before = [
      display("eDP-1", connected: true, modes: ["1920x1200"]), display("HDMI-A-1", connected: false),
      display("DP-1", connected: true),
    ]
    let after = [
      display("eDP-1", connected: true, modes: ["1280x800"]), display("HDMI-A-1", connected: true),
      display("DP-1", connected: false),
    ]
    #expect(changes(before, after) == ["eDP-1 modes-changed", "HDMI-A-1 connected", "DP-1 disconnected"])
  }

  @Test("nothing changed, nothing reported; a disconnected connector's modes do not matter")
  func quiet() {
    let state = [display("eDP-1", connected: true, modes: ["1920x1200"]), display("HDMI-A-1", connected: false)]
    #expect(changes(state, state).isEmpty)
    #expect(
      changes([display("DP-1", connected: false, modes: ["a"])], [display("DP-1", connected: false, modes: ["b"])])
        .isEmpty)
  }

  @Test("a card that vanishes disconnects its connected displays; a new connected connector connects")
  func cards() {
    #expect(
      changes([display("DP-2", connected: true), display("DP-3", connected: false)], []) == ["DP-2 disconnected"])
    #expect(changes([], [display("DP-2", connected: true), display("DP-3", connected: false)]) == ["DP-2 connected"])
  }
}
