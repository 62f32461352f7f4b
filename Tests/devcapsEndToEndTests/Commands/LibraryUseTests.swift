import DevCapsKit
import Foundation
import Testing

/// DevCapsKit as a program outside the package uses it: only `import DevCapsKit`, only public
/// names (the README's "Use it from Swift" examples).
@Suite("The library's public API", .serialized)
struct LibraryUseTests {
  @Test("a report of the sections asked for, as the list command makes it")
  func report() {
    let report = ReportBuilder().build(sections: [.memory, .cpu])
    #expect(report.sections == [.cpu, .memory])
    #expect((report.memory?.totalBytes ?? 0) > 0)
    #expect(report.power == nil)
  }

  static func openDescriptors() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1 }
  static func threads() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? -1 }

  @Test("a stream cancelled while it waits leaves no thread and no descriptor behind")
  func cancellation() async throws {
    // Warm up what lives for the whole process (the concurrency pool, libudev's first use).
    _ = try DeviceStream(.sensors).events()
    try await Task.sleep(for: .milliseconds(100))
    let (descriptors, threads) = (Self.openDescriptors(), Self.threads())

    for _ in 0..<3 {
      let stream = try DeviceStream(.sensors)
      let events = stream.events()
      let consumer = Task {
        var seen = 0
        for try await _ in events { seen += 1 }
        return seen
      }
      try await Task.sleep(for: .milliseconds(50))
      consumer.cancel()
      _ = try await consumer.value
      stream.stop()
    }
    try await Task.sleep(for: .milliseconds(100))
    #expect(Self.openDescriptors() == descriptors)
    #expect(Self.threads() <= threads)
  }

  @Test("--count 0 semantics: a stream of only the initial state ends by itself")
  func initialStateOnly() async throws {
    var options = StreamOptions()
    options.maximumChanges = 0
    let stream = try DeviceStream(.sensors, options: options)
    var initial = 0
    for try await event in stream.events() {
      #expect(!event.isChange)
      initial += 1
    }
    #expect(initial == ReportBuilder().build(sections: [.sensors]).sensors?.count)
  }

  @Test("a stream without its source says so before delivering anything (test machines have no proximity sensor)")
  func unavailable() {
    #expect(throws: StreamError.unavailable("no proximity sensor found (no IIO device with in_proximity* channels)")) {
      try DeviceStream(.proximity)
    }
  }
}

/// The README's "Use it from Swift" example, word for word: compiled with the tests so that it
/// keeps compiling (not run: it waits for battery changes).
func readmeExample() async throws {
  let report = ReportBuilder().build(sections: [.memory, .power])  // the list --json model
  print(report.memory?.installedBytes ?? 0, report.power?.level ?? .nan)

  let stream = try DeviceStream(.battery)       // StreamError.unavailable when there is no source
  for try await update in stream.events() {     // the current state first, then each change
    if case .battery(let battery) = update.event { print(battery.id, battery.device) }
  }                                             // cancelling the task stops the stream
}
