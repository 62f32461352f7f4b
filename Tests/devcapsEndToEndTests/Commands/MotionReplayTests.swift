import Foundation
import Testing

/// `devcaps motion --replay FILE`: a recording through the fusion filter, printed as the live
/// stream prints it.
@Suite("motion --replay")
struct MotionReplayTests {
  /// Flat, face up, turning at 10°/s about the vertical, x towards north at the start, 100 Hz,
  /// with a 2 s gap (a suspend) at 5 s: 1000 samples.
  static func turningRecording() -> String {
    var lines = ["timestamp,gyro_x,gyro_y,gyro_z,accel_x,accel_y,accel_z,mag_x,mag_y,mag_z"]
    let rate = 10 * Double.pi / 180
    for index in 0..<1000 {
      let t = Double(index) / 100 + (index >= 500 ? 2 : 0)
      let yaw = rate * t
      // The earth's field (24 µT north, 41.6 µT down) seen by a device turned by yaw.
      let field = (24 * cos(yaw), -24 * sin(yaw), -41.6)
      lines.append("\(t),0,0,\(rate),0,0,-1,\(field.0),\(field.1),\(field.2)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func replay(_ text: String, _ arguments: [String]) throws -> DevCapsResult {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-replay-\(UUID().uuidString).csv")
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    return try DevCapsProcess.run(["motion", "--replay", file.path] + arguments)
  }

  @Test("every sample becomes a motion line of the event schema; the yaw follows the gyroscope; the gap restarts")
  func replaysRecording() throws {
    let result = try replay(Self.turningRecording(), ["--json", "--reference-frame", "x-magnetic-north-z-vertical"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 1000)
    #expect(try SchemaValidator.problems(in: Array(lines.prefix(3)) + [lines[500]], schema: "event.schema.json") == [])
    let samples = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    let restarted = samples.indices.filter { samples[$0]["restarted"] as? Bool == true }
    #expect(restarted == [500], "the 2 s gap restarts the estimate once, at its first sample")
    // At 4.99 s the device has turned 49.9° clockwise seen from above: yaw −49.9° from north.
    let attitude = try #require(samples[499]["attitude"] as? [String: Any])
    let yaw = try #require(attitude["yawDegrees"] as? Double)
    #expect(abs(yaw - 49.9) < 0.5 || abs(yaw + 49.9) < 0.5, "yaw \(yaw)")
    #expect(samples[999]["rateHz"] as? Double != nil && samples[0]["event"] as? String == "motion")
  }

  @Test(
    "a line that is not a sample is exit 65, naming the line and the column",
    arguments: [
      ("0,0,0,0,0,0,-1\n0.01,0,zero,0,0,0,-1\n", "line 2: column 3 (gyroscope y): \"zero\" is not a finite number"),
      ("# recorded on a bench\n0,0,0,0,0,0\n", "line 2: 6 columns; a sample has 7"),
      ("t,gx\n", "line 1: no samples in the recording"),
      ("0,0,0,0,0,0,-1,1,,3\n", "line 1: column 9 (magnetometer y): empty"),
    ])
  func badRecording(text: String, message: String) throws {
    let result = try replay(text, ["--json"])
    #expect(result.status == 65)
    #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("the magnetic-north frame without magnetometer columns is exit 65")
  func frameWithoutMagnetometer() throws {
    let result = try replay(
      "0,0,0,0,0,0,-1\n0.01,0,0,0,0,0,-1\n", ["--reference-frame", "x-magnetic-north-z-vertical"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("needs the magnetometer columns"), "stderr: \(result.stderr)")
  }

  @Test("a recording that cannot be read is exit 66")
  func unreadable() throws {
    let missing = try DevCapsProcess.run(["motion", "--replay", "/nonexistent/walk.csv"])
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("cannot read /nonexistent/walk.csv: does not exist"))
    let directory = try DevCapsProcess.run(["motion", "--replay", FileManager.default.temporaryDirectory.path])
    #expect(directory.status == 66)
  }

  @Test("--count limits the samples printed; the help documents the columns")
  func countAndHelp() throws {
    let counted = try replay(Self.turningRecording(), ["--json", "--count", "4"])
    #expect(counted.status == 0 && counted.stdout.split(separator: "\n").count == 5)
    let help = try DevCapsProcess.run(["motion", "--help"]).stdout
    #expect(help.contains("--replay") && help.contains("gyroscope x y z (rad/s"))
  }
}
