import DevCapsKit
import Foundation
import TestProcesses
import Testing

/// Cancelling the task that consumes updates stops the source: its thread ends and its
/// descriptors close before the task's value is returned.
@Suite("Cancelling updates")
struct CancellationTests {
  /// Runs `consume` in a task and cancels it after 50 ms, three times over, and exits 1 when
  /// other descriptors or named threads are left than before (counted after a first round that
  /// warms up what lives for the whole process: libudev's first use), recording what differs.
  static func leavesNothingBehind(_ consume: @escaping @Sendable () async throws -> Void) async throws {
    func round() async throws {
      let consumer = Task { try await consume() }
      try await Task.sleep(for: .milliseconds(50))
      consumer.cancel()
      try await consumer.value
    }
    try await round()
    try await Task.sleep(for: .milliseconds(100))
    let before = ProcessCensus()
    for _ in 0..<3 { try await round() }
    try await Task.sleep(for: .milliseconds(100))
    let changes = ProcessCensus().changes(since: before)
    guard changes.isEmpty else {
      // Recorded here, in the child: the parent gets no output from an exit test that failed.
      for change in changes { Issue.record(Comment(rawValue: change)) }
      exit(1)
    }
  }

  /// Descriptors and threads are counted for the whole process, which the tests running beside
  /// it would disturb: in a child process of its own.
  @Test("screen updates cancelled while waiting leave no thread and no descriptor behind")
  func screens() async {
    await #expect(processExitsWith: .success) {
      try await CancellationTests.leavesNothingBehind {
        for try await _ in ScreenMonitor().updates {}
      }
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
