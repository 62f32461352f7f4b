import DevCapsKit
import Foundation
import Testing

/// The DocC article "Testing your app": its app code and its tests, word for word, run through
/// the public API only.
@Suite("The article \"Testing your app\"")
struct TestingYourAppArticleTests {
  // From the article: the app's code.
  /// Counts the shakes it sees and follows the orientation, as a game's pause screen might.
  struct ShakeToUndo {
    let motion: MotionManager

    /// Waits for `count` shakes.
    func waitForShakes(_ count: Int) async throws -> Int {
      var seen = 0
      for try await _ in motion.shakeUpdates() {
        seen += 1
        if seen == count { break }
      }
      return seen
    }

    /// The orientations the device went through.
    func orientations() async throws -> [DeviceOrientation] {
      var seen: [DeviceOrientation] = []
      for try await orientation in motion.orientationUpdates() { seen.append(orientation) }
      return seen
    }
  }

  @Test("its tests: two shakes, three orientations, a battery running down")
  func articleTests() async throws {
    // From the article: its tests.
    // Shaken left and right three times a second, ±2 g, for 3 s, read 100 times a second.
    let shaken = MotionManager(
      source: .function(hertz: 100, duration: 3) { t in
        MotionInput(timestamp: t, acceleration: Vector3(2 * sin(2 * .pi * 3 * t), -1, 0))
      })
    let shakes = try await ShakeToUndo(motion: shaken).waitForShakes(2)  // 2

    // Held upright, then turned onto its side, then laid face up: recorded readings.
    let readings = (0..<150).map { i in
      let gravity = i < 50 ? Vector3(0, -1, 0) : i < 100 ? Vector3(-1, 0, 0) : Vector3(0, 0, -1)
      return MotionInput(timestamp: Double(i) / 50, acceleration: gravity)
    }
    let turned = MotionManager(source: .replay(readings))
    let orientations = try await ShakeToUndo(motion: turned).orientations()
    // [.portrait, .landscapeLeft, .faceUp]

    // A battery running down.
    let draining = BatteryMonitor(replaying: [
      BatteryStatus(id: "BAT0", level: 0.21, state: .unplugged, detailedState: .discharging),
      BatteryStatus(id: "BAT0", level: 0.19, state: .unplugged, detailedState: .discharging),
    ])
    var levels: [Double] = []
    for try await status in draining.updates { levels.append(status.level ?? .nan) }  // [0.21, 0.19]
    // The article's comments, checked:
    #expect(shakes == 2)
    #expect(orientations == [.portrait, .landscapeLeft, .faceUp])
    #expect(levels == [0.21, 0.19])
  }

  @Test("its DeviceState on a shared clock: landscape first, then serious while still in landscape")
  @MainActor
  func deviceStateOnClock() async {
    // From the article: a DeviceState on a shared clock.
    let clock = SimulationClock()
    let state = DeviceState(
      sources: .init(
        thermalState: .replaying([.zero: .nominal, .seconds(2): .serious], on: clock),
        orientation: .replaying([.zero: .portrait, .seconds(1): .landscapeLeft], on: clock)))
    let running = Task { await state.run() }  // the streams run while this runs
    await clock.advance(to: .seconds(1.5))
    #expect(state.orientation == .landscapeLeft && state.thermalState == .nominal)
    await clock.advance(to: .seconds(2.5))
    #expect(state.orientation == .landscapeLeft && state.thermalState == .serious)
    running.cancel()
    await running.value  // the streams have stopped
  }

  @Test("its motion on the clock: turned at 1 s, while thermal goes serious at 2 s")
  @MainActor
  func motionOnClock() async {
    // From the article: a MotionManager on the same clock.
    let clock = SimulationClock()
    let turning = MotionManager(
      source: .function(hertz: 50, duration: nil) { t in
        MotionInput(timestamp: t, acceleration: t < 1 ? Vector3(0, -1, 0) : Vector3(-1, 0, 0))
      }, clock: clock)
    let state = DeviceState(
      sources: .init(
        thermalState: .replaying([.zero: .nominal, .seconds(2): .serious], on: clock),
        orientation: turning.orientationUpdates()))
    let running = Task { await state.run() }
    await clock.advance(by: .seconds(1.5))  // 75 readings, each at its time
    #expect(state.orientation == .landscapeLeft && state.thermalState == .nominal)
    await clock.advance(by: .seconds(1))
    #expect(state.orientation == .landscapeLeft && state.thermalState == .serious)
    running.cancel()
    await running.value
  }

  @Test("the same article, checked against the file: its code blocks are the ones above")
  func wordForWord() throws {
    let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/DevCapsKit/DevCapsKit.docc/TestingYourApp.md")
    let test = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let text = try String(contentsOf: article, encoding: .utf8)
    let blocks = text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    #expect(blocks.count == 4)
    let normalized = { (code: String) in
      code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    let testLines = Set(normalized(test))
    for block in blocks {
      for line in normalized(block) where line != "import DevCapsKit" {
        #expect(testLines.contains(line), "the article's line is not in the test: \(line)")
      }
    }
  }
}
