import DevCapsKit
import Foundation
import Testing

/// Cancelling the task that consumes updates stops the source: its thread ends and its
/// descriptors close before the task's value is returned.
@Suite("Cancelling updates")
struct CancellationTests {
  static func openDescriptors() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
  }
  static func threads() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? -1 }

  /// Runs `consume` in a task and cancels it after 50 ms, three times over, and exits 1 when
  /// more descriptors or threads are left than before (counted after a first round that warms up
  /// what lives for the whole process: the concurrency pool, libudev's first use).
  static func leavesNothingBehind(_ consume: @escaping @Sendable () async throws -> Void) async throws {
    func round() async throws {
      let consumer = Task { try await consume() }
      try await Task.sleep(for: .milliseconds(50))
      consumer.cancel()
      try await consumer.value
    }
    try await round()
    try await Task.sleep(for: .milliseconds(100))
    let before = (openDescriptors(), threads())
    for _ in 0..<3 { try await round() }
    try await Task.sleep(for: .milliseconds(100))
    let after = (openDescriptors(), threads())
    guard after.0 == before.0, after.1 <= before.1 else {
      FileHandle.standardError.write(
        Data("descriptors \(before.0) → \(after.0), threads \(before.1) → \(after.1)\n".utf8))
      exit(1)
    }
  }

  /// Descriptors and threads are counted for the whole process, which the tests running beside
  /// it would disturb: in a child process of its own.
  @Test("screen updates cancelled while waiting leave no thread and no descriptor behind")
  func screens() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      try await CancellationTests.leavesNothingBehind {
        for try await _ in ScreenMonitor().updates {}
      }
    }
    if let result, result.exitStatus != .exitCode(0) {
      Issue.record("\(String(decoding: result.standardErrorContent, as: UTF8.self))")
    }
  }

  @Test("a cancelled next() returns nil, the end of the updates")
  func ended() async throws {
    let consumer = Task {
      var iterator = ScreenMonitor().updates.makeAsyncIterator()
      _ = try await iterator.next()  // the screens now, at once; the next one waits for a change
      return try await iterator.next()
    }
    try await Task.sleep(for: .milliseconds(50))
    consumer.cancel()
    #expect(try await consumer.value == nil)
  }
}
