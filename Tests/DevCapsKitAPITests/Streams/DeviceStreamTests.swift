import DevCapsKit
import Foundation
import Testing

/// The stream under the façade's updates, as the CLI's `watch` uses it.
@Suite("DeviceStream", .serialized)
struct DeviceStreamTests {
  @Test("a report of the sections asked for, as the list command makes it")
  func report() {
    let report = ReportBuilder().build(sections: [.memory, .cpu])
    #expect(report.sections == [.cpu, .memory])
    #expect((report.memory?.totalBytes ?? 0) > 0)
    #expect(report.power == nil)
  }

  /// In a child process of its own: descriptors and threads are counted for the whole process,
  /// which the tests running beside it would disturb.
  @Test("a stream cancelled while it waits leaves no thread and no descriptor behind")
  func cancellation() async {
    await #expect(processExitsWith: .success) {
      try await CancellationTests.leavesNothingBehind {
        let stream = try DeviceStream(.sensors)
        for try await _ in stream.events() {}
        stream.stop()
      }
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

  /// What `deliver(to:completion:)` handed over, filled on the sampling thread.
  final class Delivered: @unchecked Sendable {
    let lock = NSLock()
    var events: [StreamEvent] = []
    var completions: [UpdateError?] = []
    var threads: Set<String> = []
    let ended = DispatchSemaphore(value: 0)

    func handle(_ event: StreamEvent) -> Bool {
      lock.withLock {
        events.append(event)
        threads.insert(Thread.isMainThread ? "main" : "sampling")
      }
      return true
    }

    func complete(_ error: UpdateError?) {
      lock.withLock { completions.append(error) }
      ended.signal()
    }
  }

  @Test("deliver: the initial state handed over on the sampling thread, then one completion")
  func deliverInitialState() throws {
    var options = StreamOptions()
    options.maximumChanges = 0
    let stream = try DeviceStream(.sensors, options: options)
    let delivered = Delivered()
    stream.deliver(to: delivered.handle, completion: delivered.complete)
    #expect(delivered.ended.wait(timeout: .now() + 10) == .success)
    stream.stop()
    delivered.lock.withLock {
      #expect(delivered.events.count == ReportBuilder().build(sections: [.sensors]).sensors?.count)
      #expect(delivered.events.allSatisfy { !$0.isChange })
      #expect(delivered.completions.count == 1 && delivered.completions.first! == nil)
      #expect(delivered.threads.isSubset(of: ["sampling"]))
    }
  }

  @Test("deliver: stop() from another thread returns after the completion ran, and a second deliver is refused")
  func deliverStopped() throws {
    let stream = try DeviceStream(.sensors)
    let delivered = Delivered()
    stream.deliver(to: delivered.handle, completion: delivered.complete)
    usleep(100_000)
    stream.stop()
    delivered.lock.withLock { #expect(delivered.completions.count == 1) }
    let again = Delivered()
    stream.deliver(to: again.handle, completion: again.complete)
    again.lock.withLock {
      #expect(again.events.isEmpty)
      #expect(again.completions.count == 1)
    }
  }

  @Test("events of a stream nobody keeps: the loop keeps it running until it ends by itself (1.5 s)")
  func eventsKeepTheStream() async throws {
    var options = StreamOptions()
    options.duration = 1.5
    let start = ContinuousClock.now
    for try await event in try DeviceStream(.sensors, options: options).events() { #expect(!event.isChange) }
    let elapsed = ContinuousClock.now - start
    #expect(elapsed >= .milliseconds(1400), "it ended after \(elapsed), not at its timeout")
  }

  @Test("deliver on a stream nobody keeps: it runs until it ends by itself, then completes once")
  func deliverKeepsTheStream() throws {
    var options = StreamOptions()
    options.duration = 0.8
    let delivered = Delivered()
    let start = ContinuousClock.now
    try DeviceStream(.sensors, options: options).deliver(to: delivered.handle, completion: delivered.complete)
    #expect(delivered.ended.wait(timeout: .now() + 10) == .success)
    let elapsed = ContinuousClock.now - start
    #expect(elapsed >= .milliseconds(700), "it ended after \(elapsed), not at its timeout")
    delivered.lock.withLock { #expect(delivered.completions.count == 1 && delivered.completions.first! == nil) }
  }

  @Test("the same missing hardware is the same typed error, with the same message, from a stream and from updates")
  func oneError() async {
    let missing = UpdateError.unavailable(
      "no proximity sensor found (no IIO device with in_proximity* channels, no input device with SW_FRONT_PROXIMITY)")
    #expect(throws: missing) { try DeviceStream(.proximity) }
    await #expect(throws: missing) { for try await _ in Device.proximityStateUpdates() {} }
  }

  @Test("a stream without its source says so before delivering anything (test machines have no proximity sensor)")
  func unavailable() {
    #expect(
      throws: UpdateError.unavailable(
        "no proximity sensor found (no IIO device with in_proximity* channels, no input device with SW_FRONT_PROXIMITY)"
      )
    ) {
      try DeviceStream(.proximity)
    }
  }
}
