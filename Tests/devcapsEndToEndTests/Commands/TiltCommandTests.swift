import Foundation
import Testing

/// `devcaps tilt` on umockdev testbeds: the ball follows the convertible's display
/// accelerometer in the JSON frames and on a terminal, the pinephone's vibrator receives the
/// rumble through umockdev's ioctl emulation of its event node, and the terminal comes back.
@Suite("devcaps tilt", .serialized)
struct TiltCommandTests {
  static let vibratorNode = "/dev/input/event3"
  static let vibratorEvent = """
    P: /devices/platform/vibrator/input/input3/event3
    N: input/event3
    E: SUBSYSTEM=input
    E: DEVNAME=/dev/input/event3

    """
  static let pinephoneAccelerometer = "/sys/devices/platform/soc/1c2b000.i2c/i2c-1/1-0068/iio:device1"

  /// The frames of a `--json` run, after checking its status and the schema.
  static func frames(_ arguments: [String], _ testbed: TestbedDriver) throws -> (
    frames: [[String: Any]], stderr: String
  ) {
    let result = try DevCapsProcess.run(["tilt", "--json"] + arguments, environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(try SchemaValidator.problems(in: lines, schema: "tilt.schema.json") == [])
    let frames = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
    return (frames, result.stderr)
  }

  static func cells(_ frame: [String: Any], _ key: String) -> (x: Double, y: Double) {
    let value = frame[key] as? [String: Double] ?? [:]
    return (value["x"] ?? .nan, value["y"] ?? .nan)
  }

  @Test(
    "tilting the convertible rolls the ball that way on the screen (device y up is screen y down)",
    arguments: [
      (0.7, 0.0, -0.7, 1.0, 0.0),
      (-0.7, 0.0, -0.7, -1.0, 0.0),
      (0.0, -0.7, -0.7, 0.0, 1.0),
      (0.0, 0.7, -0.7, 0.0, -1.0),
    ])
  func followsTheTilt(gx: Double, gy: Double, gz: Double, signX: Double, signY: Double) throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try MotionCommandTests.tilt(testbed, gx, gy, gz)
    let (frames, _) = try Self.frames(["--frames", "20", "--rate", "100"], testbed)
    #expect(frames.count == 20)
    let first = Self.cells(try #require(frames.first), "position")
    let last = Self.cells(try #require(frames.last), "position")
    #expect(first == (39.5, 11.5), "it starts in the middle of 80×24")
    #expect((last.x - first.x) * signX > 0 || signX == 0)
    #expect((last.y - first.y) * signY > 0 || signY == 0)
    if signX == 0 { #expect(last.x == first.x) }
    if signY == 0 { #expect(last.y == first.y) }
    let velocity = Self.cells(try #require(frames.last), "velocity")
    #expect(velocity.x * signX >= 0 && velocity.y * signY >= 0)
    #expect(
      frames.allSatisfy { $0["source"] as? String == "accelerometer" && $0["sensor"] as? String == "iio:device1" })
    #expect(frames.map { $0["frame"] as? Int } == Array(0..<20))
  }

  @Test("lying flat the ball stays in the middle; turned mid-run it turns back")
  func flatThenTurned() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try MotionCommandTests.tilt(testbed, 0, 0, -1)
    let (flat, _) = try Self.frames(["--frames", "10", "--rate", "100"], testbed)
    #expect(flat.allSatisfy { Self.cells($0, "position") == (39.5, 11.5) && ($0["bounce"] as? [Any])?.isEmpty == true })

    try MotionCommandTests.tilt(testbed, 0.8, 0, -0.6)
    let stream = try StreamProcess(
      ["tilt", "--json", "--rate", "100", "--frames", "400"], environment: testbed.environment)
    stream.waitForLines(30)
    try MotionCommandTests.tilt(testbed, -0.8, 0, -0.6)
    stream.waitForLines(120)
    stream.signal(SIGINT)
    #expect(stream.wait() == 130)
    let frames = try stream.received.map { try stream.json($0) }
    let velocities = frames.map { Self.cells($0, "velocity").x }
    let turn = try #require(velocities.firstIndex { $0 > 0 })
    #expect(velocities[turn...].contains { $0 < 0 }, "the ball rolls back left once the device tips left")
    #expect(frames.last.map { ($0["gravity"] as? [String: Double])?["x"] ?? 0 < 0 } == true)
  }

  @Test("a ball rolling into a wall bounces back with the set loss")
  func bounces() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try MotionCommandTests.tilt(testbed, 1, 0, 0)
    let (frames, _) = try Self.frames(
      ["--frames", "150", "--rate", "100", "--bounce", "0.5", "--friction", "0"], testbed)
    let index = try #require(frames.firstIndex { ($0["bounce"] as? [[String: Any]])?.isEmpty == false })
    let hit = try #require((frames[index]["bounce"] as? [[String: Any]])?.first)
    #expect(hit["wall"] as? String == "right")
    let speed = try #require(hit["speed"] as? Double)
    #expect(speed > 50)
    // Reversed with half the speed, then gravity pulls it for the rest of the step.
    let after = Self.cells(frames[index], "velocity").x
    #expect(after < 0 && abs(after + speed * 0.5) < 0.5 * speed * 0.2, "\(after) after \(speed)")
    #expect(frames.allSatisfy { Self.cells($0, "position").x <= 79 && $0["buzz"] as? Bool == false })
  }

  @Test(
    "bad options are usage errors that say what is wrong",
    arguments: [
      (["--bounce", "1.5"], "--bounce must be between 0 and 1"),
      (["--friction=-0.1"], "--friction must be between 0 and 1"),
      (["--friction", "-0.1"], "--friction must be between 0 and 1"),
      (["--frames", "-2"], "--frames must be 1 or more"),
      (["--buzz-threshold=-1"], "--buzz-threshold must be 0 or more"),
      (["--frames", "0"], "--frames must be 1 or more"),
      (["--rate", "0"], "--rate must be between 0.1 and 1000"),
      ([], "tilt draws on a terminal and standard output is not one: use --json"),
    ])
  func usage(arguments: [String], message: String) throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let result = try DevCapsProcess.run(
      ["tilt"] + arguments + (arguments.isEmpty ? [] : ["--json"]), environment: testbed.environment)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("no display accelerometer is exit 69")
  func unavailable() throws {
    let result = try DevCapsProcess.run(
      ["tilt", "--json", "--frames", "1"], environment: try TestbedDriver(fixture: "qemu-vm").environment)
    #expect(result.status == 69)
    #expect(result.stderr.contains("no accelerometer found"), "\(result.stderr)")
  }

  /// The pinephone on its side (gravity +x: its accelerometer reads raw y through the mount
  /// matrix), with an event node behind its vibrator that answers as a rumble motor.
  static func pinephone(failing: String? = nil) throws -> TestbedDriver {
    let testbed = try TestbedDriver(fixture: "pinephone")
    try testbed.add(vibratorEvent)
    try testbed.set(pinephoneAccelerometer, "in_accel_x_raw", "0")
    try testbed.set(pinephoneAccelerometer, "in_accel_y_raw", "16384")
    try testbed.attachForceFeedback(vibratorNode, effectID: 7, failing: failing)
    return testbed
  }

  @Test(
    "a hard bounce buzzes the vibrator: one rumble uploaded, played by an EV_FF write per hard hit, removed at the end")
  func buzz() throws {
    let testbed = try Self.pinephone()
    let (frames, stderr) = try Self.frames(["--frames", "150", "--rate", "100", "--buzz-threshold", "30"], testbed)
    #expect(stderr.isEmpty, "\(stderr)")
    let buzzed = frames.filter { $0["buzz"] as? Bool == true }
    #expect(!buzzed.isEmpty)
    #expect(
      frames.allSatisfy { $0["source"] as? String == "fusion" }, "the phone's gyroscope gives device motion's gravity")
    for frame in frames {
      let hard = (frame["bounce"] as? [[String: Any]] ?? []).contains { ($0["speed"] as? Double ?? 0) > 30 }
      #expect(frame["buzz"] as? Bool == hard, "\(frame)")
    }

    let log = try testbed.forceFeedbackLog(Self.vibratorNode)
    let upload = try #require(log.first)
    #expect(upload["call"] as? String == "EVIOCSFF")
    #expect(upload["type"] as? Int == 0x50, "FF_RUMBLE")
    #expect(upload["id"] as? Int == -1, "a new effect")
    #expect((upload["length"] as? Int ?? 0) > 0 && (upload["strong"] as? Int ?? 0) > 0)
    let plays = log.dropFirst().dropLast()
    #expect(plays.count == buzzed.count)
    #expect(
      plays.allSatisfy {
        $0["call"] as? String == "write" && $0["type"] as? Int == 0x15 && $0["code"] as? Int == 7
          && $0["value"] as? Int == 1
      })
    let remove = try #require(log.last)
    #expect(remove["call"] as? String == "EVIOCRMFF" && remove["id"] as? Int == 7)
  }

  @Test("--no-buzz and soft bounces leave the motor alone")
  func noBuzz() throws {
    let testbed = try Self.pinephone()
    let (frames, _) = try Self.frames(
      ["--frames", "150", "--rate", "100", "--no-buzz", "--buzz-threshold", "30"], testbed)
    #expect(frames.allSatisfy { $0["buzz"] as? Bool == false })
    #expect(frames.contains { ($0["bounce"] as? [Any])?.isEmpty == false })
    #expect(try testbed.forceFeedbackLog(Self.vibratorNode).isEmpty, "the node is not even opened")

    let (soft, _) = try Self.frames(["--frames", "150", "--rate", "100", "--buzz-threshold", "1000"], testbed)
    #expect(soft.allSatisfy { $0["buzz"] as? Bool == false })
    #expect(try testbed.forceFeedbackLog(Self.vibratorNode).map { $0["call"] as? String } == ["EVIOCSFF", "EVIOCRMFF"])
  }

  @Test("a motor devcaps may not use is one warning, and the ball rolls on")
  func permissionDenied() throws {
    let testbed = try Self.pinephone(failing: "EACCES")
    let (frames, stderr) = try Self.frames(["--frames", "150", "--rate", "100", "--buzz-threshold", "30"], testbed)
    #expect(frames.count == 150)
    #expect(frames.allSatisfy { $0["buzz"] as? Bool == false })
    let warnings = stderr.split(separator: "\n")
    #expect(
      warnings == [
        "devcaps: warning: /dev/input/event3: uploading a rumble effect (EVIOCSFF) failed: Permission denied; no buzz"
      ])
    #expect(try testbed.forceFeedbackLog(Self.vibratorNode).map { $0["call"] as? String } == ["EVIOCSFF"])
  }

  @Test("no motor, no buzz and no error")
  func noMotor() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try MotionCommandTests.tilt(testbed, 1, 0, 0)
    let (frames, stderr) = try Self.frames(["--frames", "150", "--rate", "100", "--buzz-threshold", "1"], testbed)
    #expect(frames.contains { ($0["bounce"] as? [Any])?.isEmpty == false })
    #expect(frames.allSatisfy { $0["buzz"] as? Bool == false })
    #expect(!stderr.contains("warning"), "\(stderr)")
  }

  // MARK: On a terminal

  static func commandLine(_ testbed: TestbedDriver, _ arguments: String) -> String {
    "stty cols 60 rows 20; env \(MotionCommandTests.shellEnvironment(testbed)) '\(DevCapsProcess.executable.path)' tilt \(arguments)"
  }

  /// The cells the ball was drawn at, in order: every "ESC[row;colH●".
  static func ballCells(_ output: String) throws -> [(row: Int, column: Int)] {
    let pattern = try Regex(#"\u{1B}\[(\d+);(\d+)H●"#)
    return output.matches(of: pattern).compactMap { match in
      guard let row = match.output[1].substring.flatMap({ Int($0) }),
        let column = match.output[2].substring.flatMap({ Int($0) })
      else { return nil }
      return (row, column)
    }
  }

  @Test("on a terminal the ball rolls right when tilted right; Ctrl-C restores the terminal and exits 130")
  func screen() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try MotionCommandTests.tilt(testbed, 0.7, 0, -0.7)
    let session = try TerminalSession(Self.commandLine(testbed, "--rate 100") + "; echo \"status $?\"; stty -a")
    #expect(session.wait { (try? Self.ballCells($0).count) ?? 0 > 10 }, "\(session.output.debugDescription)")
    session.type("\u{03}")
    let output = session.finish()
    let cells = try Self.ballCells(output)
    let first = try #require(cells.first)
    let last = try #require(cells.last)
    #expect(first == (10, 31), "the middle of a 60×19 field (29.5, 9), 1-based")
    #expect(last.column > first.column && last.row == first.row)
    #expect(cells.allSatisfy { $0.column <= 60 && $0.row <= 19 })
    #expect(
      output.contains("\u{1B}[20;1H tilt 45° → · speed "),
      "the status line on the last row: \(output.suffix(400).debugDescription)")
    #expect(output.contains(" Hz · accelerometer i…\u{1B}[K"), "the source, cut at the width, saying so")
    let restore = try #require(output.range(of: "\u{1B}[?25h\u{1B}[?1049l"), "left the alternate screen")
    let after = output[restore.upperBound...]
    #expect(after.contains("status 130"), "\(after.debugDescription)")
    // stty -a lists each local mode, with a minus when it is off.
    #expect(
      after.contains(" icanon") && after.contains(" echo ") && !after.contains("-icanon") && !after.contains(" -echo "),
      "\(after)")
  }

  @Test(
    "q quits with 0, SIGTERM with 143, SIGHUP with 129 and SIGQUIT (Ctrl-\\) with 131, the terminal restored each way",
    arguments: [("q", "0"), ("kill", "143"), ("hangup", "129"), ("quit", "131")])
  func quit(key: String, status: String) throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let line =
      key != "q"
      ? Self.commandLine(testbed, "--rate 50") + " & echo \"JOB $!\"; wait $!; echo \"status $?\"; stty -a"
      : Self.commandLine(testbed, "--rate 50") + "; echo \"status $?\"; stty -a"
    let session = try TerminalSession(line)
    #expect(session.wait { $0.contains("●") })
    if key == "q" {
      session.type("q")
    } else {
      let signal = ["kill": SIGTERM, "hangup": SIGHUP, "quit": SIGQUIT][key]!
      #expect(session.job.map { kill($0, signal) } == 0, "\(session.output.prefix(200).debugDescription)")
    }
    let output = session.finish()
    let restore = try #require(output.range(of: "\u{1B}[?25h\u{1B}[?1049l"))
    let after = output[restore.upperBound...]
    #expect(after.contains("status \(status)"), "\(after.debugDescription)")
    #expect(!after.contains("-icanon") && !after.contains(" -echo "))
    #expect(!output.contains("crashed"), "\(output.debugDescription)")
  }

  @Test("a zero-size terminal draws no ball and still quits cleanly")
  func zeroSize() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try MotionCommandTests.tilt(testbed, 1, 0, 0)
    let session = try TerminalSession(
      "stty cols 0 rows 0; env \(MotionCommandTests.shellEnvironment(testbed)) '\(DevCapsProcess.executable.path)' tilt --rate 50; echo \"status $?\""
    )
    #expect(session.wait { $0.contains("\u{1B}[2J") })
    usleep(500_000)
    session.type("q")
    let output = session.finish()
    #expect(!output.contains("●"))
    #expect(output.contains("\u{1B}[?25h\u{1B}[?1049l") && output.contains("status 0"), "\(output.debugDescription)")
  }

  @Test("space puts the ball back in the middle")
  func recentre() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try MotionCommandTests.tilt(testbed, 1, 0, 0)
    let session = try TerminalSession(Self.commandLine(testbed, "--rate 50"))
    // Wait for the ball to reach the right wall, then tip the device flat and press space.
    #expect(
      session.wait { (try? Self.ballCells($0).last?.column) == 60 }, "\(session.output.suffix(300).debugDescription)")
    try MotionCommandTests.tilt(testbed, 0, 0, -1)
    usleep(300_000)
    session.type(" ")
    #expect(session.wait { (try? Self.ballCells($0).last.map { $0 == (10, 31) }) == true })
    session.type("q")
    _ = session.finish()
  }

  @Test("SIGWINCH: a smaller terminal moves the status line and keeps the ball inside")
  func resize() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try MotionCommandTests.tilt(testbed, 0.7, -0.7, 0)
    // The terminal shrinks once the first ball is drawn (the test touches `resize`): a resize
    // before devcaps started would test no SIGWINCH.
    let flag = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-resize-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: flag) }
    let session = try TerminalSession(
      "(while [ ! -e '\(flag)' ]; do sleep 0.05; done; stty cols 30 rows 10 < /dev/tty) & "
        + Self.commandLine(testbed, "--rate 50") + "; echo \"status $?\"")
    #expect(session.wait { $0.contains("●") }, "\(session.output.suffix(400).debugDescription)")
    #expect(FileManager.default.createFile(atPath: flag, contents: nil))
    #expect(session.wait { $0.contains("\u{1B}[10;1H") }, "\(session.output.suffix(400).debugDescription)")
    usleep(300_000)
    session.type("q")
    let output = session.finish()
    let afterResize = try #require(output.range(of: "\u{1B}[10;1H"))
    let cells = try Self.ballCells(String(output[afterResize.lowerBound...]))
    #expect(!cells.isEmpty && cells.allSatisfy { $0.column <= 30 && $0.row <= 9 }, "\(cells)")
    #expect(output.contains("status 0"))
  }
}
