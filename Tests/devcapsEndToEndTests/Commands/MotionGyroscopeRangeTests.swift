import Foundation
import TestProcesses
import Testing

/// `devcaps motion --replay FILE --gyroscope-range DEG`: the range a recording's gyroscope clips at.
@Suite("motion --replay --gyroscope-range")
struct MotionGyroscopeRangeTests {
  /// Swung about x, ±60° at 2 Hz (754°/s at the fastest), read at 200 Hz by a gyroscope that
  /// clips at ±400°/s, with the earth's field (24 µT north, 41.6 µT down): 10 s.
  static func clippedSwing() -> (text: String, truth: [Double]) {
    var lines = ["timestamp,gyro_x,gyro_y,gyro_z,accel_x,accel_y,accel_z,mag_x,mag_y,mag_z"]
    var truth: [Double] = []
    let range = 400 * Double.pi / 180
    for index in 0..<2000 {
      let t = Double(index) / 200
      let angle = (60 * Double.pi / 180) * sin(4 * Double.pi * t)
      let rate = (60 * Double.pi / 180) * 4 * Double.pi * cos(4 * Double.pi * t)
      // Turned by `angle` about x: gravity's direction and the field in the device frame.
      let gravity = (0.0, -sin(angle), -cos(angle))
      let field = (24.0, -41.6 * sin(angle), -41.6 * cos(angle))
      lines.append(
        "\(t),\(max(-range, min(range, rate))),0,0,\(gravity.0),\(gravity.1),\(gravity.2),\(field.0),\(field.1),\(field.2)"
      )
      truth.append(angle * 180 / Double.pi)
    }
    return (lines.joined(separator: "\n") + "\n", truth)
  }

  /// The largest pitch error over the last half, replayed with `range` (°/s).
  func worstPitchError(range: String) throws -> Double {
    let (text, truth) = Self.clippedSwing()
    let result = try MotionReplayTests().replay(
      text, ["--json", "--reference-frame", "x-magnetic-north-z-vertical", "--gyroscope-range", range])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == truth.count)
    var worst = 0.0
    for (index, line) in lines.enumerated() where index >= 1000 {
      let sample = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let attitude = try #require(sample["attitude"] as? [String: Any])
      let pitch = try #require(attitude["pitchDegrees"] as? Double)
      worst = max(worst, abs(pitch - truth[index]))
    }
    return worst
  }

  @Test("told the range it clips at, the turn left out is read from the field: pitch within 3°; told 2000, far off")
  func rangeGiven() throws {
    let told = try worstPitchError(range: "400")
    let wrong = try worstPitchError(range: "2000")
    #expect(told < 3, "\(told)° told 400, \(wrong)° told 2000")
    #expect(wrong > 10, "\(wrong)°: a range never reached takes nothing as clipped")
  }

  @Test(
    "a range that is no positive number, or without --replay, is exit 64 with a message",
    arguments: [
      (["--gyroscope-range", "0"], "positive number"), (["--gyroscope-range=-400"], "positive number"),
      (["--gyroscope-range", "nan"], "positive number"), (["--gyroscope-range", "inf"], "positive number"),
    ])
  func badRange(arguments: [String], message: String) throws {
    let result = try MotionReplayTests().replay("0,0,0,0,0,0,-1\n", arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test("--gyroscope-range without --replay is exit 64: a live gyroscope's range comes from sysfs")
  func withoutReplay() throws {
    let result = try DevCapsProcess.run(["motion", "--gyroscope-range", "400"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("needs --replay"), "\(result.stderr)")
  }
}
