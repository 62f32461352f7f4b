import Foundation
import Testing

@testable import DevCapsKit

/// The tracker over a real polled source on a device directory, with its clock injected so that
/// the shake detectors' timing is the test's, not the machine's.
@Suite("Motion tracker")
struct MotionTrackerTests {
  /// An accelerometer whose x axis the test moves: raw counts of 1/1000 g (scale in m/s²).
  static let accelerometer = [
    "name": "accel_3d", "in_accel_x_raw": "0", "in_accel_y_raw": "-1000", "in_accel_z_raw": "0",
    "in_accel_scale": String(standardGravity / 1000),
  ]

  /// Swings to 2.5 g on x and back to rest, one sample every `step` seconds of the injected clock.
  func shakes(step: Double) throws -> Int {
    let directory = try IIODirectory(Self.accelerometer)
    let source = try #require(IIOPolledSource(device: directory.describe(), kinds: [.accelerometer]))
    var now = 0.0
    var settings = ShakeDetector.Settings()
    settings.kind = .count
    let tracker = MotionTracker(sampler: source, shake: settings, clock: { now })
    var found = 0
    for swing in 0..<12 {
      try directory.root.write(
        String(directory.syspath.dropFirst(directory.root.path.count)) + "/in_accel_x_raw",
        swing % 2 == 0 ? "2500\n" : "0\n")
      now += step
      if case .success(let sample) = tracker.read(), tracker.shake(sample) != nil { found += 1 }
    }
    return found
  }

  @Test("five excursions within 1.5 s of the tracker's clock are a shake; the same spread over seconds is not")
  func shakeTiming() throws {
    #expect(try shakes(step: 0.1) > 0)
    #expect(try shakes(step: 1.0) == 0)
  }
}
