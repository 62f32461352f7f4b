import Foundation
import Testing

/// `devcaps motion`, `watch motion` and `watch heading` on umockdev testbeds: each source the
/// machine can offer, and what is missing when it offers none.
///
/// The HID sensor hub devices added to the convertible are laid out as the kernel's hid-sensor
/// drivers make them (drivers/iio/gyro/hid-sensor-gyro-3d.c: gyro_3d, in_anglvel_{x,y,z}_raw with
/// a shared scale; drivers/iio/magnetometer/hid-sensor-magn-3d.c: magn_3d, in_magn_{x,y,z}_raw;
/// drivers/iio/orientation/hid-sensor-rotation.c: dev_rotation, in_rot_quaternion_raw "x y z w"
/// with in_rot_scale), siblings of the convertible's accel_3d devices on the same hub.
@Suite("devcaps motion and the device-motion watches", .serialized)
struct DeviceMotionCommandTests {
  static let hub = "/sys/devices/pci0000:00/0000:00:13.0/{33AECD58-B679-4E54-9BD9-A04D34F0C226}/001F:8087:0AC2.0005"
  static let gyroscope = hub + "/HID-SENSOR-200076.5.auto/iio:device3"
  static let magnetometer = hub + "/HID-SENSOR-200083.6.auto/iio:device4"
  static let rotation = hub + "/HID-SENSOR-20008a.7.auto/iio:device5"

  static func add(
    _ testbed: TestbedDriver, gyroscope: Bool = false, magnetometer: Bool = false, rotation: String? = nil
  ) throws {
    let prefix = "/devices/pci0000:00/0000:00:13.0/{33AECD58-B679-4E54-9BD9-A04D34F0C226}/001F:8087:0AC2.0005"
    if gyroscope {
      try testbed.add(
        "P: \(prefix)/HID-SENSOR-200076.5.auto/iio:device3\nN: iio:device3\nE: SUBSYSTEM=iio\nA: name=gyro_3d\n"
          + "A: in_anglvel_x_raw=0\nA: in_anglvel_y_raw=0\nA: in_anglvel_z_raw=0\nA: in_anglvel_scale=0.000174533\n"
          + "A: in_anglvel_sampling_frequency=0\n")
    }
    if magnetometer {
      try testbed.add(
        "P: \(prefix)/HID-SENSOR-200083.6.auto/iio:device4\nN: iio:device4\nE: SUBSYSTEM=iio\nA: name=magn_3d\n"
          + "A: in_magn_x_raw=0\nA: in_magn_y_raw=2000\nA: in_magn_z_raw=-4300\nA: in_magn_scale=0.0001\n"
          + "A: in_rot_from_north_magnetic_tilt_comp_raw=0\n")
    }
    if let rotation {
      try testbed.add(
        "P: \(prefix)/HID-SENSOR-20008a.7.auto/iio:device5\nN: iio:device5\nE: SUBSYSTEM=iio\nA: name=dev_rotation\n"
          + "A: in_rot_quaternion_raw=\(rotation)\nA: in_rot_scale=0.0001\nA: in_rot_offset=0\n")
    }
  }

  static func motion(_ arguments: [String], _ testbed: TestbedDriver, extra: [String: String] = [:]) throws -> (
    Int32, [[String: Any]], [String], String
  ) {
    let result = try DevCapsProcess.run(arguments, environment: testbed.environment.merging(extra) { $1 })
    // --once prints one pretty document; streams one object per line.
    let lines = arguments.contains("--once") ? [result.stdout] : result.stdout.split(separator: "\n").map(String.init)
    let events = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
    return (result.status, events, lines, result.stderr)
  }

  @Test("a phone's combined accelerometer and gyroscope (mount matrix in sysfs) and its magnetometer: fusion, upright")
  func phone() throws {
    let testbed = try TestbedDriver(fixture: "pinephone")
    let (status, events, lines, stderr) = try Self.motion(
      ["watch", "motion", "--json", "--count", "5", "--rate", "50"], testbed)
    #expect(status == 0, "\(stderr)")
    #expect(events.count == 6)
    let last = try #require(events.last)
    #expect(last["source"] as? String == "fusion")
    #expect(last["sensors"] as? [String] == ["iio:device1", "iio:device2"])
    let attitude = try #require(last["attitude"] as? [String: Any])
    #expect(abs((attitude["pitchDegrees"] as? Double ?? 0) - 90) < 1, "upright: pitch 90°")
    #expect((last["magneticField"] as? [String: Any])?["accuracy"] as? String == "uncalibrated")
    #expect(last["headingDegrees"] is Double)
    #expect(try SchemaValidator.problems(in: lines, schema: "event.schema.json") == [])
  }

  @Test("the phone held upright (pitch 90°, gimbal lock): roll and yaw stay where they are in every sample, no flip")
  func uprightSteady() throws {
    let testbed = try TestbedDriver(fixture: "pinephone")
    let (status, events, _, stderr) = try Self.motion(["watch", "motion", "--json", "--count", "10"], testbed)
    #expect(status == 0, "\(stderr)")
    let attitudes = events.compactMap { $0["attitude"] as? [String: Any] }
    func angle(_ attitude: [String: Any], _ key: String) -> Double { attitude[key] as? Double ?? .nan }
    #expect(attitudes.count == 11)
    #expect(attitudes.allSatisfy { abs(angle($0, "pitchDegrees") - 90) < 1 }, "\(attitudes)")
    // The filter settles a few hundredths of a degree off 90°; at 90° itself roll is 0.
    #expect(attitudes.allSatisfy { abs(angle($0, "rollDegrees")) < 1 }, "\(attitudes)")
    #expect(attitudes.allSatisfy { abs(angle($0, "yawDegrees")) < 1 }, "\(attitudes)")
  }

  @Test("a convertible with accelerometer, gyroscope and magnetometer: fusion follows the tilt set")
  func convertible() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try Self.add(testbed, gyroscope: true, magnetometer: true)
    try MotionCommandTests.tilt(testbed, 0, 0, -1)
    let stream = try StreamProcess(["watch", "motion", "--json", "--rate", "50"], environment: testbed.environment)
    stream.waitForLines(2)
    // Tilt the right edge down by 30°: gravity (sin 30°, 0, −cos 30°), roll +30°.
    try MotionCommandTests.tilt(testbed, 0.5, 0, -0.866)
    usleep(1_500_000)
    stream.signal(SIGINT)
    #expect(stream.wait() == 130)
    let events = try stream.received.map { try stream.json($0) }
    let first = try #require(events.first)
    let last = try #require(events.last)
    #expect(first["source"] as? String == "fusion")
    #expect(abs(((first["attitude"] as? [String: Any])?["rollDegrees"] as? Double ?? 99)) < 1)
    let roll = (last["attitude"] as? [String: Any])?["rollDegrees"] as? Double ?? 0
    #expect(abs(roll - 30) < 3, "roll \(roll)°")
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
  }

  @Test(
    "stopped for 3 s (Ctrl-Z) and continued: the estimate restarts, and the rate counts from there, not over the pause")
  func rateAfterPause() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try Self.add(testbed, gyroscope: true, magnetometer: false)
    try MotionCommandTests.tilt(testbed, 0, 0, -1)
    let stream = try StreamProcess(["watch", "motion", "--json", "--rate", "20"], environment: testbed.environment)
    let before = stream.waitForLines(10).count
    stream.signal(SIGSTOP)
    usleep(3_000_000)
    stream.signal(SIGCONT)
    _ = stream.waitForLines(before + 12)
    stream.signal(SIGINT)
    #expect(stream.wait() == 130)
    let events = try stream.received.map { try stream.json($0) }
    let restart = try #require(events.lastIndex { $0["restarted"] as? Bool == true }, "the pause restarts the estimate")
    #expect(restart >= 9, "\(restart)")
    #expect(events[restart]["rateHz"] is NSNull, "nothing counted yet at the restart")
    let rate = try #require(events.last?["rateHz"] as? Double)
    #expect(rate > 14 && rate < 26, "about the 20 Hz asked for, not averaged over the pause: \(rate)")
  }

  @Test("only an accelerometer: source accelerometer, no yaw, rotation rate or heading")
  func accelerometerOnly() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try MotionCommandTests.tilt(testbed, 0, -1, 0)
    let result = try DevCapsProcess.run(["motion", "--once", "--json"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let event = try #require(try result.json() as? [String: Any])
    #expect(event["source"] as? String == "accelerometer")
    #expect((event["attitude"] as? [String: Any])?["yawDegrees"] is NSNull)
    #expect(event["rotationRate"] is NSNull && event["headingDegrees"] is NSNull && event["magneticField"] is NSNull)
    #expect(
      try SchemaValidator.problems(in: [result.stdout.split(separator: "\n").joined()], schema: "event.schema.json")
        == [])
    let north = try DevCapsProcess.run(
      ["motion", "--reference-frame", "x-magnetic-north-z-vertical"], environment: testbed.environment)
    #expect(north.status == 69)
    #expect(north.stderr.contains("needs a magnetometer"), "\(north.stderr)")
  }

  @Test("a sensor hub's fused rotation: source hub, the kernel's quaternion as the attitude")
  func hub() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    // Upright (pitch +90°): the rotation about x by 90°, "x y z w" scaled by 1e-4.
    try Self.add(testbed, rotation: "7071 0 0 7071")
    let (status, events, lines, stderr) = try Self.motion(
      ["motion", "--once", "--json", "--reference-frame", "x-magnetic-north-z-vertical"], testbed)
    #expect(status == 0, "\(stderr)")
    let event = try #require(events.first)
    #expect(event["source"] as? String == "hub")
    let attitude = try #require(event["attitude"] as? [String: Any])
    #expect(abs((attitude["pitchDegrees"] as? Double ?? 0) - 90) < 0.1)
    #expect(
      try SchemaValidator.problems(in: [lines.joined().split(separator: "\n").joined()], schema: "event.schema.json")
        == [])
    let list = try DevCapsProcess.run(["list", "--json", "--only", "sensors"], environment: testbed.environment)
    #expect(
      list.stdout.contains("\"type\": \"rotation\"") && list.stdout.contains("\"unit\": \"quaternion\""),
      "\(list.stdout)")
    let capability = try DevCapsProcess.run(["get", "capabilities.device-motion"], environment: testbed.environment)
    #expect(
      capability.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "true",
      "\(capability.stdout)\(capability.stderr)")
  }

  @Test("no motion sensors at all: 69, naming what is missing")
  func none() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    let result = try DevCapsProcess.run(["motion", "--once"], environment: testbed.environment)
    #expect(result.status == 69)
    #expect(result.stderr.contains("no accelerometer") && result.stderr.contains("no gyroscope"), "\(result.stderr)")
    let heading = try DevCapsProcess.run(
      ["watch", "heading"], environment: try TestbedDriver(fixture: "yoga-convertible").environment)
    #expect(heading.status == 69)
    #expect(heading.stderr.contains("needs a magnetometer"), "\(heading.stderr)")
  }

  @Test(
    "a stored calibration is used: the field loses its offset and says how accurate it is; garbage in it is a warning")
  func storedCalibration() throws {
    let testbed = try TestbedDriver(fixture: "pinephone")
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-state-\(getpid())")
    defer { try? FileManager.default.removeItem(at: state) }
    let directory = state.appendingPathComponent("devcaps/magnetometer")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("lis3mdl-platform-soc-1c2b000.i2c-i2c-1-1-001e.json")
    try #"{"offset":{"x":14.6,"y":0,"z":0},"scale":{"x":1,"y":1,"z":1},"fieldStrength":8.2,"accuracy":"high"}"#
      .write(to: file, atomically: true, encoding: .utf8)
    let environment = ["XDG_STATE_HOME": state.path]
    let (status, events, _, stderr) = try Self.motion(
      ["watch", "heading", "--json", "--count", "0"], testbed, extra: environment)
    #expect(status == 0, "\(stderr)")
    #expect(events.first?["accuracy"] as? String == "high")
    let (_, motion, _, _) = try Self.motion(["motion", "--once", "--json"], testbed, extra: environment)
    let field = try #require(motion.first?["magneticField"] as? [String: Any])
    #expect(abs(field["x"] as? Double ?? 99) < 1e-9, "the offset is removed")

    try "{not json".write(to: file, atomically: true, encoding: .utf8)
    let broken = try DevCapsProcess.run(
      ["watch", "heading", "--json", "--count", "0"], environment: testbed.environment.merging(environment) { $1 })
    #expect(broken.status == 0)
    #expect(
      broken.stderr.contains("is not one devcaps wrote") && broken.stderr.contains("uncalibrated"), "\(broken.stderr)")
  }
}

/// `devcaps motion` on a terminal (under a pty): the readout on the alternate screen, and the
/// terminal as it was after q, Ctrl-C or SIGTERM.
@Suite("devcaps motion on a terminal", .serialized)
struct MotionTerminalTests {
  @Test(
    "the live readout follows the convertible; q (0), Ctrl-C (130) and SIGTERM (143) restore the terminal",
    arguments: [("q", "0"), ("ctrl-c", "130"), ("kill", "143")])
  func quit(key: String, status: String) throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try DeviceMotionCommandTests.add(testbed, gyroscope: true, magnetometer: true)
    try MotionCommandTests.tilt(testbed, 0, 0, -1)
    let command =
      "stty cols 80 rows 40; env \(MotionCommandTests.shellEnvironment(testbed)) '\(DevCapsProcess.executable.path)' motion"
    let line =
      key == "kill"
      ? command + " & echo \"JOB $!\"; wait $!; echo \"status $?\"; stty -a"
      : command + "; echo \"status $?\"; stty -a"
    let session = try TerminalSession(line)
    #expect(
      session.wait {
        $0.contains("Device motion · devcaps fusion") && $0.range(of: #"\d Hz"#, options: .regularExpression) != nil
      },
      "\(session.output.suffix(600).debugDescription)")
    switch key {
    case "q": session.type("q")
    case "ctrl-c": session.type("\u{03}")
    default: #expect(session.job.map { kill($0, SIGTERM) } == 0, "\(session.output.prefix(200).debugDescription)")
    }
    let output = session.finish()
    var screen = TerminalScreen()
    screen.feed(output)
    let shown = try #require(screen.alternateScreenAtExit, "left the alternate screen").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(shown.first?.hasPrefix("Device motion · devcaps fusion (accelerometer + gyroscope) · ") == true, "\(shown)")
    #expect(shown.contains("Attitude        roll    0.0°  pitch    0.0°  yaw    0.0°"), "flat, face up: \(shown)")
    #expect(shown.contains("Gravity         x    0.00  y    0.00  z   -1.00 g"))
    #expect(shown.contains("Magnetic field  x    0.00  y   20.00  z  -43.00 µT  uncalibrated"))
    #expect(shown.last == "iio:device1, iio:device3, iio:device4 · q or Ctrl-C to quit")
    let restore = try #require(output.range(of: "\u{1B}[?25h\u{1B}[?1049l"))
    let after = output[restore.upperBound...]
    #expect(after.contains("status \(status)"), "\(after.debugDescription)")
    // stty -a lists each local mode, with a minus when it is off.
    #expect(
      after.contains(" icanon") && after.contains(" echo ") && !after.contains("-icanon") && !after.contains(" -echo "),
      "\(after)")
  }
}
