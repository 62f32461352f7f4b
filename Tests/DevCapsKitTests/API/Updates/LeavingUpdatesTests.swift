import Foundation
import Synchronization
import TestProcesses
import Testing

@testable import DevCapsKit

/// However a loop over updates is left — its task cancelled, `break` in a function, or `break`
/// in a program's top-level code, where the compiler keeps the iterator until the program exits
/// (here: an iterator kept and not asked again) — the source stops: its thread ends, its
/// descriptors close, the manager's current value is nil again. On an MPU-6050's directory and a
/// magnetometer's, laid out as the kernel does, polled.
@Suite("Leaving updates")
struct LeavingUpdatesTests {
  enum Leaving: CaseIterable { case cancelling, breaking, abandoning }

  static let magnetometer = [
    "name": "lis3mdl", "in_magn_x_raw": "100", "in_magn_y_raw": "-200", "in_magn_z_raw": "300",
    "in_magn_scale": "0.000146",
  ]

  /// A manager over the MPU-6050 (accelerometer, gyroscope) and the magnetometer.
  static func manager(_ imu: IIODirectory, _ magnetometer: IIODirectory) -> MotionManager {
    var accelerometer = SensorInfo(type: .accelerometer, id: "iio:device3", bus: "iio", syspath: imu.syspath)
    accelerometer.iio = imu.describe()
    var gyroscope = accelerometer
    gyroscope.type = .gyroscope
    var compass = SensorInfo(type: .magnetometer, id: "iio:device4", bus: "iio", syspath: magnetometer.syspath)
    compass.iio = magnetometer.describe()
    return MotionManager(sensors: [accelerometer, gyroscope, compass])
  }

  /// One loop over `updates`, left as `leaving` says; an abandoned iterator is returned, for the
  /// caller to keep as top-level code does.
  static func loop<Element>(_ updates: Updates<Element>, leaving: Leaving) async throws -> Any? {
    switch leaving {
    case .cancelling:
      let consumer = Task { for try await _ in updates {} }
      try await Task.sleep(for: .milliseconds(50))
      consumer.cancel()
      try await consumer.value
      return nil
    case .breaking:
      for try await _ in updates { break }
      return nil
    case .abandoning:
      var iterator = updates.makeAsyncIterator()
      _ = try await iterator.next()
      return iterator
    }
  }

  /// Every sequence of the manager, left each way: a first round warms up what lives for the
  /// whole process (libudev's descriptors), then three rounds may leave no descriptor, no named
  /// thread (``ProcessCensus``) and no current value behind. Records what stayed and exits 1 when
  /// something does.
  static func leavesNothingBehind() async throws {
    let imu = try IIODirectory(IIOPolledSourceTests.imu, name: "iio:device3")
    let compass = try IIODirectory(magnetometer, name: "iio:device4")
    // Kept to the end: the directories go with the last use of them otherwise, mid-loop.
    defer { withExtendedLifetime((imu, compass)) {} }
    let motion = manager(imu, compass)
    let interval = Duration.milliseconds(5)
    var kept: [Any] = []
    var problems: [String] = []
    for leaving in Leaving.allCases {
      let sequences: [(String, () async throws -> Any?, () -> Bool)] = [
        (
          "accelerometer", { try await loop(motion.accelerometerUpdates(interval: interval), leaving: leaving) },
          { motion.accelerometerData == nil }
        ),
        (
          "gyroscope", { try await loop(motion.gyroUpdates(interval: interval), leaving: leaving) },
          { motion.gyroData == nil }
        ),
        (
          "magnetometer", { try await loop(motion.magnetometerUpdates(interval: interval), leaving: leaving) },
          { motion.magnetometerData == nil }
        ),
        ("screens", { try await loop(ScreenMonitor().updates, leaving: leaving) }, { true }),
      ]
      for (name, run, cleared) in sequences {
        // An abandoned source is stopped once its loop has been away for releaseAfter.
        let settle: Duration =
          leaving != .abandoning ? .milliseconds(100) : name == "screens" ? .milliseconds(2600) : .milliseconds(450)
        kept.append(try await run() as Any)
        try await Task.sleep(for: settle)
        let before = ProcessCensus()
        for _ in 0..<3 {
          kept.append(try await run() as Any)
          try await Task.sleep(for: settle)
          if !cleared() { problems.append("\(name), \(leaving): the current value stayed") }
        }
        problems += ProcessCensus().changes(since: before).map { "\(name), \(leaving): \($0)" }
      }
    }
    withExtendedLifetime(kept) {}
    SharedUpdatesTests.exitIfAny(problems)
  }

  /// Descriptors and threads are counted for the whole process, which the tests running beside
  /// it would disturb: in a child process of its own.
  @Test("cancelled, left by break, or abandoned as top-level code does: no thread, descriptor or current value stays")
  func everyWayOfLeaving() async {
    await #expect(processExitsWith: .success) {
      await SharedUpdatesTests.exitingOnError { try await LeavingUpdatesTests.leavesNothingBehind() }
    }
  }

  @Test("an abandoned loop's source stops after releaseAfter; asked again, it opens anew and the samples go on")
  func abandonedThenAskedAgain() async throws {
    let imu = try IIODirectory(IIOPolledSourceTests.imu, name: "iio:device3")
    let compass = try IIODirectory(Self.magnetometer, name: "iio:device4")
    // Kept to the end: the directories go with the last use of them otherwise, mid-loop.
    defer { withExtendedLifetime((imu, compass)) {} }
    let motion = Self.manager(imu, compass)
    let updates = motion.accelerometerUpdates(interval: .milliseconds(5))
    #expect(updates.releaseAfter == .milliseconds(250))
    #expect(motion.gyroUpdates(interval: .seconds(1)).releaseAfter == .seconds(4))
    #expect(ScreenMonitor().updates.releaseAfter == .seconds(2))
    var iterator = updates.makeAsyncIterator()
    let first = try await iterator.next()
    #expect(motion.accelerometerData == first)
    var cleared = false
    for _ in 0..<100 where !cleared {
      try await Task.sleep(for: .milliseconds(20))
      cleared = motion.accelerometerData == nil
    }
    #expect(cleared, "the current value is cleared once the loop has been away for 250 ms")
    let again = try await iterator.next()
    #expect(again != nil && again!.timestamp > first!.timestamp)
    #expect(motion.accelerometerData == again)
  }

  @Test("samples keep the newest while the loop is busy: the next one is from now, not from when the loop last asked")
  func newestSample() async throws {
    let imu = try IIODirectory(IIOPolledSourceTests.imu, name: "iio:device3")
    let compass = try IIODirectory(Self.magnetometer, name: "iio:device4")
    // Kept to the end: the directories go with the last use of them otherwise, mid-loop.
    defer { withExtendedLifetime((imu, compass)) {} }
    let motion = Self.manager(imu, compass)
    func monotonic() -> Double {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
    /// The time between the sample before a busy spell and the one after it, and how old that
    /// one is when the loop asks for it (the samples are polled, on CLOCK_MONOTONIC). Busy for
    /// three samples, less than releaseAfter (400 ms), so the source keeps running; a spell that a
    /// loaded machine stretched past 350 ms may have let the source go and is tried again.
    func busySpell(_ updates: Updates<AccelerometerData>) async throws -> (gap: Double, age: Double)? {
      for _ in 0..<5 {
        var iterator = updates.makeAsyncIterator()
        let first = try #require(try await iterator.next())
        let started = monotonic()
        try await Task.sleep(for: .milliseconds(300))
        let asked = monotonic()
        let next = try #require(try await iterator.next())
        if asked - started < 0.35 { return (next.timestamp - first.timestamp, asked - next.timestamp) }
      }
      return nil
    }
    let updates = motion.accelerometerUpdates(interval: .milliseconds(100))
    #expect(updates.buffering == .newest(1))
    #expect(updates.releaseAfter == .milliseconds(400))
    #expect(
      try await busySpell(updates).map { $0.gap >= 0.18 } != false, "the newest sample, two or three intervals on")
    // Kept from the busy spell: read at least 100 ms before the loop asked, however late a loaded
    // machine ran the sampler (a load only makes the loop later still).
    #expect(
      try await busySpell(updates.buffering(.unbounded)).map { $0.age >= 0.1 } != false,
      "every sample, the oldest first")
    #expect(try await busySpell(updates.buffering(.oldest(1))).map { $0.age >= 0.1 } != false, "the oldest sample")
  }
}

/// A loop that was only busy past `releaseAfter` (awaiting something slow) gets its source
/// stopped as an abandoned one does, but loses none of the updates it was sent.
@Suite("A busy loop's idle release")
struct BusyLoopReleaseTests {
  /// Stands in for a `DeviceStream`: releasing it finishes its stream, as stopping the thread does.
  final class Source: @unchecked Sendable {
    let continuation: AsyncThrowingStream<Int, any Error>.Continuation
    let stream: AsyncThrowingStream<Int, any Error>
    let onRelease: @Sendable () -> Void
    init(opened: Int, onRelease: @escaping @Sendable () -> Void) {
      (stream, continuation) = AsyncThrowingStream.makeStream()
      self.onRelease = onRelease
      continuation.yield(opened * 100)  // the state now, as a reopened stream of changes starts
    }
    deinit {
      onRelease()
      continuation.finish()
    }
  }

  /// Set when the first source is let go.
  static let firstReleased = Atomic<Bool>(false)

  @Test("the changes buffered when the source was stopped come first, then the reopened source's state")
  func lossless() async throws {
    let opened = Mutex<[AsyncThrowingStream<Int, any Error>.Continuation]>([])
    let updates = Updates<Int>(buffering: .unbounded, releaseAfter: .milliseconds(100)) { _ throws(UpdateError) in
      let source = opened.withLock { opened in
        let first = opened.isEmpty
        let source = Source(opened: opened.count + 1) {
          if first { Self.firstReleased.store(true, ordering: .releasing) }
        }
        opened.append(source.continuation)
        return source
      }
      return StreamFeed(owner: source, stream: source.stream, keepsChanges: true) { $0 }
    }
    var iterator = updates.makeAsyncIterator()
    #expect(try await iterator.next() == 100)
    let first = opened.withLock { $0[0] }
    first.yield(1)
    first.yield(2)
    // Busy: the watchdog stops the source after 100 ms. A loaded machine may take longer to get
    // there; wait for it (up to 10 s) rather than ask for a reopened state that never comes.
    try await Task.sleep(for: .milliseconds(400))
    for _ in 0..<100 where !Self.firstReleased.load(ordering: .acquiring) {
      try await Task.sleep(for: .milliseconds(100))
    }
    let released = Self.firstReleased.load(ordering: .acquiring)
    try #require(released, "the busy loop's source was never let go")
    #expect(try await iterator.next() == 1)
    #expect(try await iterator.next() == 2)
    #expect(try await iterator.next() == 200)  // opened anew: its state now
    #expect(opened.withLock(\.count) == 2)
  }
}
