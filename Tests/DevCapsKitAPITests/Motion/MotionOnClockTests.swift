import DevCapsKit
import Synchronization
import Testing

/// A ``MotionManager`` over a simulation on a ``SimulationClock``: each reading comes when the
/// clock reaches its time, in time order with the other sources on the clock.
@Suite("Motion simulations on a clock")
struct MotionOnClockTests {
  final class Taken<Element: Sendable>: Sendable {
    let elements = Mutex<[Element]>([])
    let done = Mutex(false)
    var all: [Element] { elements.withLock { $0 } }
  }

  /// Advances `clock` to `instant`, waiting at most 10 s: a clock that never settles fails the
  /// test instead of holding it (the stuck advance is left behind).
  static func advance(_ clock: SimulationClock, to instant: Duration) async -> Bool {
    let finished = Taken<Never>()
    Task {
      await clock.advance(to: instant)
      finished.done.withLock { $0 = true }
    }
    for _ in 0..<1000 {
      if finished.done.withLock({ $0 }) { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("advancing the clock to \(instant) did not end within 10 s")
    return false
  }

  @Test("2 s on the clock of an endless 50 Hz simulation give exactly the device motion of 2 s at 100 ms")
  func deviceMotionOfTwoSeconds() async throws {
    let clock = SimulationClock()
    let motion = MotionManager(
      source: .function(hertz: 50, duration: nil) { t in
        MotionInput(timestamp: t, acceleration: Vector3(0, -1, 0), rotationRate: .zero)
      }, clock: clock)
    let taken = Taken<Double>()
    // Made before the task: `advance` waits only for the sequences that exist when it is called.
    let updates = motion.deviceMotionUpdates(interval: .milliseconds(100))
    let loop = Task {
      for try await sample in updates {
        taken.elements.withLock { $0.append(sample.timestamp) }
      }
    }
    defer { loop.cancel() }
    #expect(await Self.advance(clock, to: .seconds(2)))
    let twoSeconds = taken.all
    let first = try #require(twoSeconds.first)
    #expect(first < 0.1)
    #expect(twoSeconds.count == Int(((2 - first) / 0.1).rounded(.down)) + 1, "one update per 100 ms up to 2 s")
    #expect(zip(twoSeconds.dropFirst(), twoSeconds).allSatisfy { abs($0 - $1 - 0.1) < 1e-9 })
    #expect(await Self.advance(clock, to: .seconds(3)))
    #expect(taken.all.count == twoSeconds.count + 10, "one more second: ten more")
    #expect(taken.all.allSatisfy { $0 <= 3 })
  }

  @Test("an orientation loop on the clock gets each change once the clock reaches it, in order with the other loops")
  func orderWithOtherSources() async {
    let clock = SimulationClock()
    let motion = MotionManager(
      source: .replay(
        (0..<150).map { i in
          MotionInput(timestamp: Double(i) / 50, acceleration: i < 50 ? Vector3(0, -1, 0) : Vector3(-1, 0, 0))
        }), clock: clock)
    let log = Taken<String>()
    let thermal = Updates<ThermalState>.replaying([.zero: .nominal, .seconds(2): .serious], on: clock)
    let orientations = motion.orientationUpdates()
    let loops = [
      Task {
        for try await orientation in orientations {
          log.elements.withLock { $0.append("\(orientation)") }
        }
      },
      Task { for try await state in thermal { log.elements.withLock { $0.append("\(state)") } } },
    ]
    defer { loops.forEach { $0.cancel() } }
    #expect(await Self.advance(clock, to: .seconds(0.9)))
    #expect(Set(log.all) == ["portrait", "nominal"])
    #expect(await Self.advance(clock, to: .seconds(3)))
    #expect(Array(log.all.dropFirst(2)) == ["landscapeLeft", "serious"])
  }
}
