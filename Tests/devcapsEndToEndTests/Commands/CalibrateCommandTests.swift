import Foundation
import Testing

/// `devcaps calibrate magnetometer` on the convertible with the HID sensor hub's magnetometer
/// (DeviceMotionCommandTests.add): the test turns a field with a known hard-iron offset and
/// soft-iron stretch through every direction by rewriting the magnetometer's sysfs values while
/// devcaps samples them, and checks what was fitted, saved and then used.
@Suite("devcaps calibrate magnetometer", .serialized)
struct CalibrateCommandTests {
  /// µT: what the device's own magnets add, how its steel stretches each axis, the earth's field.
  static let hardIron = (x: 20.0, y: -35.0, z: 10.0)
  static let softIron = (x: 1.10, y: 0.95, z: 1.0)
  static let earth = 45.0

  static func convertible() throws -> TestbedDriver {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try DeviceMotionCommandTests.add(testbed, gyroscope: true, magnetometer: true)
    try MotionCommandTests.tilt(testbed, 0, 0, -1)
    return testbed
  }

  /// Writes a reading as the sensor would show it (in_magn_scale 0.0001 gauss = 0.01 µT per
  /// count), each value replaced by rename so a read never sees half a number.
  static func show(in directory: String, _ field: (x: Double, y: Double, z: Double)) throws {
    for (axis, value) in [("x", field.x), ("y", field.y), ("z", field.z)] {
      let path = directory + "/in_magn_\(axis)_raw"
      try "\(Int((value * 100).rounded()))\n".write(toFile: path + ".new", atomically: false, encoding: .utf8)
      rename(path + ".new", path)
    }
  }

  /// The device turned as a hand turns it: smoothly along a spiral from face up to face down,
  /// twelve turns about the vertical, 1,500 small steps of 3 ms (about 2 µT each, so a reading
  /// that mixes two steps' x, y and z stays on the surface); then the field stays where it ended.
  /// `share` of the spiral turns only that far (0.6: face up to a little past upright).
  static func turn(_ testbed: TestbedDriver, share: Double = 1) -> Thread {
    let directory = testbed.root + DeviceMotionCommandTests.magnetometer
    let thread = Thread {
      let steps = 1500
      for step in 0...Int(Double(steps) * share) {
        let t = Double(step) / Double(steps)
        let z = 1 - 2 * t
        let r = (1 - z * z).squareRoot()
        let theta = 2 * Double.pi * 12 * t
        let field = (
          x: earth * r * cos(theta) * softIron.x + hardIron.x, y: earth * r * sin(theta) * softIron.y + hardIron.y,
          z: earth * z * softIron.z + hardIron.z
        )
        try? show(in: directory, field)
        usleep(3_000)
      }
    }
    thread.start()
    return thread
  }

  static func stateDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-state-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The convertible, and an environment whose XDG_STATE_HOME is a new directory (the caller
  /// removes it).
  static func convertibleWithState() throws -> (TestbedDriver, URL, [String: String]) {
    let testbed = try convertible()
    let state = try stateDirectory()
    var environment = testbed.environment
    environment["XDG_STATE_HOME"] = state.path
    return (testbed, state, environment)
  }

  @Test("turned every way: the offset and the per-axis scale are fitted, saved, and every later heading uses them")
  func fitted() throws {
    let (testbed, state, environment) = try Self.convertibleWithState()
    defer { try? FileManager.default.removeItem(at: state) }
    _ = Self.turn(testbed)
    let result = try DevCapsProcess.run(
      ["calibrate", "magnetometer", "--json", "--rate", "100", "--timeout", "20"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try SchemaValidator.problems(in: [result.stdout], schema: "calibration.schema.json") == [])
    let report = try #require(try result.json() as? [String: Any])
    #expect(report["sensor"] as? String == "iio:device4" && report["name"] as? String == "magn_3d")
    #expect(report["saved"] as? Bool == true && report["fittedScale"] as? Bool == true)
    let calibration = try #require(report["calibration"] as? [String: Any])
    #expect(calibration["accuracy"] as? String == "high")
    let offset = try #require(calibration["offset"] as? [String: Double])
    #expect(
      abs(offset["x"]! - Self.hardIron.x) < 1 && abs(offset["y"]! - Self.hardIron.y) < 1
        && abs(offset["z"]! - Self.hardIron.z) < 1, "\(offset)")
    let scale = try #require(calibration["scale"] as? [String: Double])
    // The fit undoes the stretch up to one common factor: compare ratios.
    #expect(abs(scale["x"]! / scale["z"]! - Self.softIron.z / Self.softIron.x) < 0.02, "\(scale)")
    #expect(abs(scale["y"]! / scale["z"]! - Self.softIron.z / Self.softIron.y) < 0.02, "\(scale)")

    let path = try #require(report["path"] as? String)
    #expect(path.hasPrefix(state.path + "/devcaps/magnetometer/magn_3d-"))
    let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
    #expect((saved?["offset"] as? [String: Double]) == offset)

    let heading = try DevCapsProcess.run(["watch", "heading", "--json", "--count", "0"], environment: environment)
    #expect(heading.status == 0, "\(heading.stderr)")
    let event = try #require(try heading.json() as? [String: Any])
    #expect(event["accuracy"] as? String == "high", "\(event)")
  }

  @Test("on a pipe: a line each time the coverage or the accuracy changes, then what was saved")
  func text() throws {
    let (testbed, state, environment) = try Self.convertibleWithState()
    defer { try? FileManager.default.removeItem(at: state) }
    _ = Self.turn(testbed)
    let result = try DevCapsProcess.run(
      ["calibrate", "magnetometer", "--rate", "100", "--timeout", "20"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines.first
        == "Calibrating the magnetometer iio:device4 (magn_3d). Turn the device slowly through every orientation: face up, face down, each edge up, until the accuracy is high."
    )
    let progress = lines.filter { $0.hasPrefix("coverage ") }
    #expect(progress.count > 3)
    #expect(progress.last?.hasSuffix("accuracy high") == true, "\(result.stdout)\n\(result.stderr)")
    let coverages = progress.compactMap { $0.split(separator: " ")[2...].first.flatMap { Int($0) } }
    // Coverage is counted around the centre fitted so far, which moves: it grows, not always.
    #expect(coverages.count == progress.count && coverages.first! < coverages.last!, "\(progress)")
    #expect(lines.contains { $0.hasPrefix("Saved \(state.path)/devcaps/magnetometer/magn_3d-") })
    #expect(
      lines.contains { $0.hasPrefix("  offset          20.") || $0.hasPrefix("  offset          19.") },
      "\(result.stdout)")
    #expect(lines.contains { $0.hasPrefix("  accuracy        high (coverage ") })
  }

  @Test("held still: too little of the sphere is covered, exit 75, nothing saved")
  func notTurned() throws {
    let (testbed, state, environment) = try Self.convertibleWithState()
    defer { try? FileManager.default.removeItem(at: state) }
    let result = try withExtendedLifetime(testbed) {
      try DevCapsProcess.run(["calibrate", "magnetometer", "--json", "--timeout", "1"], environment: environment)
    }
    #expect(result.status == 75)
    let stderr =
      result.stderr.split(separator: "\n").filter { !$0.hasPrefix("devcaps: note: ") }.joined(separator: "\n") + "\n"
    #expect(
      stderr.hasPrefix(
        "devcaps: not enough of the sphere covered to calibrate iio:device4 in 1 s (0 % of directions, "),
      "\(result.stderr)")
    #expect(stderr.hasSuffix("turn the device through every orientation and run it again; nothing saved\n"))
    let report = try #require(try result.json() as? [String: Any])
    #expect(report["saved"] as? Bool == false && report["path"] is NSNull)
    #expect(try SchemaValidator.problems(in: [result.stdout], schema: "calibration.schema.json") == [])
    #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent("devcaps").path))
  }

  @Test("a state directory that cannot be written is exit 73 with the path and the reason")
  func unwritable() throws {
    let testbed = try Self.convertible()
    let state = try Self.stateDirectory()
    defer { try? FileManager.default.removeItem(at: state) }
    let file = state.appendingPathComponent("a-file")
    try "x".write(to: file, atomically: false, encoding: .utf8)
    var environment = testbed.environment
    environment["XDG_STATE_HOME"] = file.path
    _ = Self.turn(testbed)
    let result = try DevCapsProcess.run(
      ["calibrate", "magnetometer", "--rate", "100", "--timeout", "20"], environment: environment)
    #expect(result.status == 73)
    #expect(
      result.stderr.hasSuffix(
        "devcaps: cannot write the magnetometer calibration \(file.path)/devcaps/magnetometer: \(file.path): Not a directory\n"
      ), "\(result.stderr)")
  }

  @Test("Ctrl-C stops it with 130 and saves nothing; a --timeout of 1e19 s counts down without overflowing")
  func interrupted() throws {
    let (testbed, state, environment) = try Self.convertibleWithState()
    defer { try? FileManager.default.removeItem(at: state) }
    let running = try StreamProcess(
      ["calibrate", "magnetometer", "--rate", "100", "--timeout", "1e19"], environment: environment)
    running.waitForLines(1)
    _ = Self.turn(testbed)
    running.waitForLines(3)
    running.signal(SIGINT)
    #expect(running.wait() == 130)
    #expect(running.stderr.hasSuffix("\ndevcaps: interrupted; nothing saved\n"), "\(running.stderr)")
    #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent("devcaps").path))
  }

  @Test("no magnetometer: exit 69 saying so")
  func noMagnetometer() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let result = try DevCapsProcess.run(["calibrate", "magnetometer"], environment: testbed.environment)
    #expect(result.status == 69)
    #expect(
      result.stderr == "devcaps: no magnetometer to calibrate (no IIO device with in_magn_x, in_magn_y and in_magn_z)\n"
    )
  }
}
