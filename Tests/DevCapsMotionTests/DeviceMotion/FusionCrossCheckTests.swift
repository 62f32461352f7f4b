import DevCapsMotion
import Foundation
import RealModule
import TestProcesses
import Testing

/// docs/explanation/motion.md: a second, independent implementation on the same samples agrees within 1°.
/// PyPI's imufusion is installed into `.build/test-venv` by the test command
/// (scripts/install-python-tools.sh). Both filters get the magnetometer, a magnet that comes and
/// goes and a long hard acceleration, so that rejection and recovery happen in both and are
/// compared, on even and uneven clocks; imufusion gets each sample's period from its timestamps.
@Suite("Device motion: against imufusion")
struct FusionCrossCheckTests {
  @Test(
    "60 s of turning, shaking, a magnet and a long acceleration: within 1° RMS and 3° of Fusion's",
    arguments: SampleClock.allCases)
  func agreesWithFusion(clock: SampleClock) throws {
    let orientation = { (t: Double) in
      Attitude(
        roll: radians(35 * Double.sin(2 * Double.pi * t / 9)),
        pitch: radians(30 + 25 * Double.sin(2 * Double.pi * t / 13)),
        yaw: radians(120 * Double.sin(2 * Double.pi * t / 21) + 15 * t)
      ).quaternion
    }
    var sensors = SyntheticMotion(orientation: orientation)
    sensors.userAcceleration = { t in
      // A shake every 15 s; from 38 to 44 s a horizontal 0.4 g (a car in a bend), rejected until
      // recovery gives in after 5 s. It ends while recovery still trusts the accelerometer, not
      // at the knife edge where recovery runs out, which a few samples' difference would tip.
      let shake =
        t.truncatingRemainder(dividingBy: 15) < 2 ? Vector3(0.3 * Double.sin(2 * Double.pi * 4 * t), 0.2, 0) : .zero
      let bend = (38..<44).contains(t) ? orientation(t).inverseRotate(Vector3(0.4, 0.1 * Double.sin(t), 0)) : .zero
      return shake + bend
    }
    // A magnet west of the device from 18 to 26 s: the horizontal field turns by about 50°.
    sensors.magneticDisturbance = { t in (18..<26).contains(t) ? Vector3(0, 30, 5) : .zero }
    sensors.noise = 0.01
    var estimator = DeviceMotionEstimator(
      source: .fusion, referenceFrame: .xMagneticNorthZVertical, filter: .fusion(),
      gyroscopeBias: GyroscopeBias(learning: false))
    var csv = ""
    var rejected = (accelerometer: 0, magnetometer: 0)
    for t in clock.times(seconds: 60) {
      let input = sensors.input(at: t, magnetometer: true)
      guard let motion = estimator.update(input), let gyroscope = motion.rotationRate,
        let acceleration = input.acceleration,
        let field = motion.magneticField?.field, let status = motion.fusion
      else { continue }
      if status.accelerometerRejected { rejected.accelerometer += 1 }
      if status.magnetometerRejected { rejected.magnetometer += 1 }
      let q = motion.attitude.quaternion
      let degreesPerSecond = gyroscope * (180 / Double.pi)
      let up = -acceleration
      let fields = [
        t, degreesPerSecond.x, degreesPerSecond.y, degreesPerSecond.z, up.x, up.y, up.z, field.x, field.y, field.z,
        q.w, q.x, q.y, q.z,
      ]
      csv += fields.map { String($0) }.joined(separator: ",") + "\n"
    }
    #expect(rejected.accelerometer > 300 && rejected.magnetometer > 300, "the disturbances are rejected: \(rejected)")

    let result = try Self.imufusion(csv)
    let rms = try #require(result["rmsDegrees"])
    let worst = try #require(result["maxDegrees"])
    #expect(result["accelerationRecoveries"] ?? 0 >= 1, "Fusion recovered from the acceleration: \(result)")
    #expect(result["magneticRecoveries"] ?? 0 >= 1, "Fusion recovered from the magnet: \(result)")
    #expect(
      rms < 1 && worst < 3,
      "\(clock): devcaps and Fusion differ by \(rms)° RMS, \(worst)° at \(result["worstAt"] ?? -1) s")
  }

  /// Runs imufusion_crosscheck.py over the samples; its JSON answer.
  static func imufusion(_ csv: String) throws -> [String: Double] {
    let samples = FileManager.default.temporaryDirectory.appendingPathComponent(
      "devcaps-fusion-\(UUID().uuidString).csv")
    try csv.write(to: samples, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: samples) }
    let python = try #require(Self.pythonWithImufusion(), "imufusion is missing: run scripts/install-python-tools.sh")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "imufusion_crosscheck.py")
    let run = try ChildProcess.run(python.path, [script.path, samples.path], errors: .null)
    #expect(run.status == 0)
    return try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Double])
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
