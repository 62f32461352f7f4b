import DevCapsMotion
import Foundation
import RealModule
import TestProcesses
import Testing

/// motion.md: a second, independent implementation on the same samples agrees within 1°.
/// PyPI's imufusion is installed into `.build/test-venv` by the test command
/// (scripts/install-python-tools.sh).
@Suite("Device motion: against imufusion")
struct FusionCrossCheckTests {
  @Test("60 s of turning, tilting and shaking: attitude within 1° of Fusion's throughout")
  func agreesWithFusion() throws {
    var sensors = SyntheticMotion { t in
      Attitude(
        roll: radians(35 * Double.sin(2 * Double.pi * t / 9)),
        pitch: radians(30 + 25 * Double.sin(2 * Double.pi * t / 13)),
        yaw: radians(120 * Double.sin(2 * Double.pi * t / 21) + 15 * t)
      ).quaternion
    }
    sensors.userAcceleration = { t in
      t.truncatingRemainder(dividingBy: 15) < 2 ? Vector3(0.3 * Double.sin(2 * Double.pi * 4 * t), 0.2, 0) : .zero
    }
    sensors.noise = 0.01
    var estimator = DeviceMotionEstimator(source: .fusion)
    var csv = ""
    for index in 0...Int(60 * sensors.rate) {
      let t = Double(index) / sensors.rate
      let input = sensors.input(at: t)
      guard let motion = estimator.update(input), let gyroscope = input.rotationRate, let acceleration = input.acceleration
      else { continue }
      let q = motion.attitude.quaternion
      let degreesPerSecond = gyroscope * (180 / Double.pi)
      let up = -acceleration
      let fields = [t, degreesPerSecond.x, degreesPerSecond.y, degreesPerSecond.z, up.x, up.y, up.z, q.w, q.x, q.y, q.z]
      csv += fields.map { String($0) }.joined(separator: ",") + "\n"
    }
    let samples = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-fusion-\(getpid()).csv")
    try csv.write(to: samples, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: samples) }

    let python = try #require(Self.pythonWithImufusion(), "imufusion is missing: run scripts/install-python-tools.sh")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("imufusion_crosscheck.py")
    let run = try ChildProcess.run(python.path, [script.path, samples.path, String(sensors.rate)], errors: .null)
    #expect(run.status == 0)
    let data = run.output
    let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Double])
    let worst = try #require(result["maxDegrees"])
    #expect(result["samples"] == 6001)
    #expect(worst < 1, "devcaps and Fusion differ by \(worst)° at \(result["worstAt"] ?? -1) s")
  }

  /// `DEVCAPS_TEST_PYTHON`, else the test command's virtual environment.
  static func pythonWithImufusion() -> URL? {
    if let path = ProcessInfo.processInfo.environment["DEVCAPS_TEST_PYTHON"] { return URL(fileURLWithPath: path) }
    var directory = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { directory.deleteLastPathComponent() }
    let venv = directory.appendingPathComponent(".build/test-venv/bin/python")
    return FileManager.default.isExecutableFile(atPath: venv.path) ? venv : nil
  }
}
