import Foundation
import Synchronization
import TestProcesses
import Testing

@testable import DevCapsKit

/// Loops over the same updates (the same sensor or stream, interval and options) share one
/// source and its thread, each with a buffer of its own; the last to leave stops it. Samples from
/// an MPU-6050's directory laid out as the kernel does, polled; changes from a thermal zone's.
/// Threads and descriptors are counted for the whole process, which the tests running beside
/// them would disturb: those run in a child process of their own.
@Suite("Shared updates")
struct SharedUpdatesTests {
  struct Failure: Error, CustomStringConvertible { let description: String }

  /// `body`'s result, or a failure saying `what` did not happen within `seconds` (its task is
  /// cancelled, which ends every loop in it).
  static func within<T: Sendable>(
    _ seconds: Double, _ what: String, _ body: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
      group.addTask { try await body() }
      group.addTask {
        try await Task.sleep(for: .seconds(seconds))
        return nil
      }
      defer { group.cancelAll() }
      guard let result = try await group.next(), let result else {
        throw Failure(description: "\(what): not within \(seconds) s")
      }
      return result
    }
  }

  /// Runs `body` in a test's child process; an error (a wait that timed out) exits 1, saying so.
  static func exitingOnError(_ body: () async throws -> Void) async {
    do {
      try await body()
    } catch {
      exitIfAny(["\(error)"])
    }
  }

  /// In a test's child process: records each problem as an issue (the parent reports it: a
  /// failed exit test returns no output to read) and exits 1 when there are any.
  static func exitIfAny(_ problems: [String]) {
    guard problems.isEmpty else {
      for problem in problems { Issue.record(Comment(rawValue: problem)) }
      exit(1)
    }
  }

  static func accelerometer(_ imu: IIODirectory) -> MotionManager {
    var sensor = SensorInfo(type: .accelerometer, id: "iio:device3", bus: "iio", syspath: imu.syspath)
    sensor.iio = imu.describe()
    return MotionManager(sensors: [sensor])
  }

  /// The timestamps of the first `count` samples.
  static func timestamps(_ updates: Updates<AccelerometerData>, count: Int) async throws -> [Double] {
    var taken: [Double] = []
    for try await sample in updates {
      taken.append(sample.timestamp)
      if taken.count == count { break }
    }
    return taken
  }

  final class Taken: Sendable {
    let first = Mutex<[Double]>([])
    /// The second loop's last sample: the first loop stops once it has taken it (its own
    /// buffer may be behind on a loaded machine; unbounded, it loses nothing meanwhile).
    let last = Mutex<Double?>(nil)
  }

  /// Takes samples into `taken` until it has taken the second loop's last.
  static func takeUntilDone(_ updates: Updates<AccelerometerData>, into taken: Taken) async throws {
    for try await sample in updates {
      taken.first.withLock { $0.append(sample.timestamp) }
      if let last = taken.last.withLock({ $0 }), sample.timestamp >= last { break }
    }
  }

  /// One sample, then busy for 200 ms (longer than a fast loop needs for its samples, shorter
  /// than releaseAfter, 250 ms), then the next: when the busy spell began, and that sample.
  static func slowLoop(_ updates: Updates<AccelerometerData>) async throws -> (asleep: Double, next: AccelerometerData)
  {
    var iterator = updates.buffering(.newest(1)).makeAsyncIterator()
    _ = try await iterator.next()
    let asleep = ProcessInfo.processInfo.systemUptime
    try await Task.sleep(for: .milliseconds(200))
    return (asleep, try #require(try await iterator.next()))
  }

  @Test("two loops over the same sensor and interval get the same samples")
  func sameSamples() async throws {
    let imu = try IIODirectory(IIOPolledSourceTests.imu, name: "iio:device3")
    defer { withExtendedLifetime(imu) {} }  // the directory goes with its last use otherwise
    let updates = Self.accelerometer(imu).accelerometerUpdates(interval: .milliseconds(5)).buffering(.unbounded)
    let taken = Taken()
    let (first, second) = try await Self.within(60, "samples in each of two loops") {
      // A child task: cancelled with the wait when it times out.
      async let first: Void = Self.takeUntilDone(updates, into: taken)
      while taken.first.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(5)) }
      let second = try await Self.timestamps(updates, count: 20)
      taken.last.withLock { $0 = second.last }
      try await first
      return (taken.first.withLock { $0 }, second)
    }
    // The second loop joined later: each of its samples is one the first loop got, none between.
    let start = try #require(first.firstIndex(of: second[0]), "the second loop's first sample is one of the first's")
    #expect(Array(first[start...].prefix(second.count)) == second)
  }

  @Test("a slow loop that keeps the newest sample neither slows a fast loop nor gets a stale sample")
  func slowBesideFast() async throws {
    let imu = try IIODirectory(IIOPolledSourceTests.imu, name: "iio:device3")
    defer { withExtendedLifetime(imu) {} }  // the directory goes with its last use otherwise
    let updates = Self.accelerometer(imu).accelerometerUpdates(interval: .milliseconds(10))
    let (fast, slow) = try await Self.within(60, "a fast loop's 30 samples beside a slow loop") {
      async let slow = Self.slowLoop(updates)
      let fast = try await Self.timestamps(updates.buffering(.unbounded), count: 30)
      return (fast, try await slow)
    }
    let gaps = zip(fast.dropFirst(), fast).map { $0 - $1 }
    #expect(gaps.allSatisfy { $0 > 0 }, "every sample once, in order")
    // 30 samples at 10 ms take 0.3 s; a loop held up by the slow one would take a sample per 200 ms.
    #expect((fast.last! - fast.first!) < 3, "the fast loop's samples came at the source's rate")
    // Kept from the busy spell's second half at least: the newest, not the one after the first.
    #expect(
      slow.next.timestamp > slow.asleep + 0.1,
      "the slow loop's next sample is from when it asked, not from before its busy spell")
  }

  /// Threads with ten loops over a source, then with one: printed, and the
  /// same; then every loop ends, and the source's thread and descriptors are gone. Exits 1,
  /// saying what went wrong.
  static func oneThreadForTenLoops() async throws {
    let imu = try IIODirectory(IIOPolledSourceTests.imu, name: "iio:device3")
    defer { withExtendedLifetime(imu) {} }  // the directory goes with its last use otherwise
    let updates = accelerometer(imu).accelerometerUpdates(interval: .milliseconds(10))
    // Warm up what lives for the whole process (libudev's descriptors).
    _ = try await within(30, "a first sample") { try await timestamps(updates, count: 2) }
    try await Task.sleep(for: .milliseconds(100))
    let idle = ProcessCensus()
    let loops = (0..<10).map { _ in Task { for try await _ in updates {} } }
    defer { loops.forEach { $0.cancel() } }
    var problems: [String] = []
    try await Task.sleep(for: .milliseconds(200))
    // One loop: cancel the others first; a running source that they share counts the same.
    let withTen = ProcessCensus().devcapsThreads
    for loop in loops.dropFirst() { loop.cancel() }
    for loop in loops.dropFirst() { _ = await loop.result }
    try await Task.sleep(for: .milliseconds(100))
    let withOne = ProcessCensus().devcapsThreads
    print("devcaps threads: idle \(idle.devcapsThreads), 1 loop \(withOne), 10 loops \(withTen)")
    if withTen != withOne { problems.append("devcaps threads with 1 loop \(withOne), with 10 loops \(withTen)") }
    if withOne != idle.devcapsThreads + 1 {
      problems.append("1 loop: \(withOne) devcaps threads, idle \(idle.devcapsThreads)")
    }
    loops[0].cancel()
    _ = await loops[0].result
    try await Task.sleep(for: .milliseconds(100))
    problems += ProcessCensus().changes(since: idle).map { "after the last loop: \($0)" }
    // A loop after the last one opens the source anew.
    _ = try await within(30, "a sample from a source opened anew") { try await timestamps(updates, count: 2) }
    exitIfAny(problems)
  }

  @Test(
    "ten loops over a running source cost the thread of one; after the last loop its thread and descriptors are gone")
  func threadsAndClosing() async {
    let result = await #expect(
      processExitsWith: .success, observing: [\.standardOutputContent]
    ) {
      await SharedUpdatesTests.exitingOnError { try await SharedUpdatesTests.oneThreadForTenLoops() }
    }
    if let result { print(String(decoding: result.standardOutputContent, as: UTF8.self), terminator: "") }
  }

  /// A thermal zone with a passive trip at 90 °C, at `celsius`.
  static func writeZone(_ root: TemporaryRoot, celsius: Int) throws {
    let zone = "/sys/class/thermal/thermal_zone0/"
    try root.write(zone + "type", "x86_pkg_temp\n")
    try root.write(zone + "temp", "\(celsius * 1000)\n")
    try root.write(zone + "trip_point_0_type", "passive\n")
    try root.write(zone + "trip_point_0_temp", "90000\n")
  }

  final class Seen: Sendable { let states = Mutex<[ThermalState]>([]) }

  /// A loop over thermal changes sees the zone go serious; a loop that joins then gets serious
  /// first, at once, from the running source, which it shares. Exits 1, saying what went wrong.
  static func lateLoopGetsCurrentState() async throws {
    let root = try TemporaryRoot()
    try writeZone(root, celsius: 45)
    setenv("DEVCAPS_ROOT", root.path, 1)
    var options = StreamOptions()
    options.rate = 20
    let updates = Updates<ThermalState>.events(.thermal, options: options) { event in
      guard case .thermal(let update) = event.event else { return nil }
      return update.state
    }
    let seen = Seen()
    let first = Task { for try await state in updates { seen.states.withLock { $0.append(state) } } }
    defer { first.cancel() }
    func waitFor(_ states: [ThermalState]) async throws {
      _ = try await within(30, "the first loop seeing \(states)") {
        while seen.states.withLock({ $0 }) != states { try await Task.sleep(for: .milliseconds(10)) }
        return true
      }
    }
    try await waitFor([.nominal])
    try writeZone(root, celsius: 95)
    try await waitFor([.nominal, .serious])
    let running = ProcessCensus().devcapsThreads
    let joined = try await within(10, "the joining loop's first update") {
      var iterator = updates.makeAsyncIterator()
      return (try await iterator.next(), ProcessCensus().devcapsThreads)
    }
    var problems: [String] = []
    if joined.0 != .serious { problems.append("the joining loop got \(String(describing: joined.0)) first") }
    if joined.1 != running { problems.append("devcaps threads \(running) → \(joined.1) as a loop joined") }
    exitIfAny(problems)
  }

  @Test("a loop that joins a running stream of changes gets the state now first, from the shared source")
  func lateLoop() async {
    await #expect(processExitsWith: .success) {
      await SharedUpdatesTests.exitingOnError { try await SharedUpdatesTests.lateLoopGetsCurrentState() }
    }
  }
}
