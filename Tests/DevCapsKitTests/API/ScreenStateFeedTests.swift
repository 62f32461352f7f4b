import Testing

@testable import DevCapsKit

/// The screens after each display change, from a recorded sequence of changes (the udev side is
/// the displays watch's, tested on umockdev in `devcaps watch displays`).
@Suite("ScreenMonitor's state")
struct ScreenStateFeedTests {
  final class RecordedChanges: UpdateFeed {
    var changes: [DisplayUpdate]
    init(_ changes: [DisplayUpdate]) { self.changes = changes }
    func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> DisplayUpdate? {
      changes.isEmpty ? nil : changes.removeFirst()
    }
  }

  static func display(_ connector: String, connected: Bool = true, modes: [String] = ["1920x1080"]) -> DisplayInfo {
    var display = DisplayInfo(
      connector: connector, card: "card0", isInternal: connector.hasPrefix("eDP"), connected: connected)
    display.modes = connected ? modes : []
    return display
  }

  @Test("the state first, then the screens after each connection, mode change and disconnection")
  func states() async throws {
    let panel = Screen(display: Self.display("eDP-1"))
    let changes = RecordedChanges([
      DisplayUpdate(action: .connected, display: Self.display("HDMI-A-1")),
      DisplayUpdate(
        action: .modesChanged, display: Self.display("HDMI-A-1", modes: ["3840x2160", "1920x1080"])),
      DisplayUpdate(action: .disconnected, display: Self.display("eDP-1", connected: false)),
      DisplayUpdate(action: .disconnected, display: Self.display("DP-3", connected: false)),
    ])
    let feed = ScreenStateFeed(changes: changes, screens: [panel])
    var updates: [ScreenUpdate] = []
    while let update = try await feed.next(isolation: nil) { updates.append(update) }
    #expect(
      updates.map { $0.screens.map(\.connector) } == [
        ["eDP-1"], ["eDP-1", "HDMI-A-1"], ["eDP-1", "HDMI-A-1"], ["HDMI-A-1"], ["HDMI-A-1"],
      ])
    #expect(updates.first?.change == nil)
    #expect(updates[2].screens.last?.modes.first?.size.width == 3840)
    #expect(updates.dropFirst().map { $0.change?.action } == [.connected, .modesChanged, .disconnected, .disconnected])
  }

  @Test("no screens is a state too: an empty first update")
  func none() async throws {
    let feed = ScreenStateFeed(changes: RecordedChanges([]), screens: [])
    let first = try await feed.next(isolation: nil)
    #expect(first == ScreenUpdate(screens: [], change: nil))
    #expect(try await feed.next(isolation: nil) == nil)
  }
}
