import DevCapsKit
import Testing

@Suite("ScreenMonitor")
struct ScreenMonitorTests {
  @Test("the first updates are the screens connected now, as the report lists them")
  func initialScreens() async throws {
    let connected = (try Report.current(sections: [.displays]).displays ?? []).filter(\.connected)
    var seen: [DisplayUpdate] = []
    let consumer = Task {
      var updates: [DisplayUpdate] = []
      for try await update in ScreenMonitor().updates {
        updates.append(update)
        if updates.count == connected.count { break }
      }
      return updates
    }
    if connected.isEmpty {
      try await Task.sleep(for: .milliseconds(200))
      consumer.cancel()
    }
    seen = try await consumer.value
    #expect(seen.map(\.display.connector) == connected.map(\.connector))
    #expect(seen.allSatisfy { $0.initial && $0.action == .connected })
  }
}
