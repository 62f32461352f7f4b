import Foundation
import Synchronization
import Testing

@testable import DevCapsKit

@Suite("WorkerThread, the one way devcaps starts a thread")
struct WorkerThreadTests {
  @Test("join waits for the closure to return; the thread has its name as the closure runs, as ps -L shows it")
  func joinWaits() throws {
    final class Seen: Sendable { let name = Mutex<String?>(nil) }
    let seen = Seen()
    let thread = try WorkerThread(named: "devcaps-test") {
      seen.name.withLock { $0 = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8) }
    }
    thread.join()
    #expect(seen.name.withLock { $0 } == "devcaps-test\n")
  }

  @Test("a detached thread runs without anyone joining it")
  func detachedRuns() throws {
    let wake = try FileDescriptor.pipe()
    defer {
      wake.read.closeIgnoringErrors()
      wake.write.closeIgnoringErrors()
    }
    let write = wake.write
    try WorkerThread.detached(named: "devcaps-test") { _ = try? write.write(value: UInt8(7)) }
    var entry = pollfd(fd: wake.read.rawValue, events: Int16(POLLIN), revents: 0)
    #expect(try FileDescriptor.poll(&entry, timeout: 10_000) == 1)
    var byte: UInt8 = 0
    #expect(try wake.read.read(into: &byte) == 1 && byte == 7)
  }

  @Test("forEach hands out every index exactly once, whatever the number of workers")
  func forEachEveryIndexOnce() {
    for workers in [1, 2, 4, 16] {
      let seen = Mutex<[Int]>(Array(repeating: 0, count: 1000))
      WorkerThread.forEach(1000, workers: workers) { index in seen.withLock { $0[index] += 1 } }
      #expect(seen.withLock { $0 } == Array(repeating: 1, count: 1000), "\(workers) workers")
    }
  }
}
