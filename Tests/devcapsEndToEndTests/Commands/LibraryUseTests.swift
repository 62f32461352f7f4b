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

  /// In a child process of its own: descriptors and threads are counted for the whole process,
  /// which the tests running beside it would disturb.
  @Test("a stream cancelled while it waits leaves no thread and no descriptor behind")
  func cancellation() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      // Warm up what lives for the whole process (the concurrency pool, libudev's first use).
      let warm = try DeviceStream(.sensors)
      _ = warm.events()
      warm.stop()
      try await Task.sleep(for: .milliseconds(100))
      let (descriptors, threads) = (LibraryUseTests.openDescriptors(), LibraryUseTests.threads())
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
      let after = (LibraryUseTests.openDescriptors(), LibraryUseTests.threads())
      guard after.0 == descriptors, after.1 <= threads else {
        FileHandle.standardError.write(Data("descriptors \(descriptors) → \(after.0), threads \(threads) → \(after.1)\n".utf8))
        exit(1)
      }
    }
    if let result, result.exitStatus != .exitCode(0) {
      Issue.record("\(String(decoding: result.standardErrorContent, as: UTF8.self))")
    }
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
    #expect(throws: StreamError.unavailable("no proximity sensor found (no IIO device with in_proximity* channels, no input device with SW_FRONT_PROXIMITY)")) {
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
