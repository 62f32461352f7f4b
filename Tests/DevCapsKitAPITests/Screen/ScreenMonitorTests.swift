import DevCapsKit
import Testing

@Suite("ScreenMonitor")
struct ScreenMonitorTests {
  @Test("the first update comes at once: the screens connected now, as Screen.screens lists them, even none")
  func currentState() async throws {
    let connected = Screen.screens
    for try await update in ScreenMonitor().updates {
      #expect(update.change == nil)
      #expect(update.screens.map(\.connector) == connected.map(\.connector))
      break
    }
  }
}
