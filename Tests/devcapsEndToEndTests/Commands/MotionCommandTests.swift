import Foundation
import Testing

/// The up-angle and the motion watches against umockdev accelerometers whose raw values a helper
/// process changes while devcaps polls them.
@Suite("devcaps up-angle and motion watches", .serialized)
struct MotionCommandTests {
  static let display =
    "/sys/devices/pci0000:00/0000:00:13.0/{33AECD58-B679-4E54-9BD9-A04D34F0C226}/001F:8087:0AC2.0005/HID-SENSOR-200073.4.auto/iio:device1"
  static let base =
    "/sys/devices/pci0000:00/0000:00:13.0/{33AECD58-B679-4E54-9BD9-A04D34F0C226}/001F:8087:0AC2.0005/HID-SENSOR-200073.3.auto/iio:device0"

  /// The convertible's display sensor is mounted turned: raw (x, y) reads as gravity (−y, x).
  /// This sets raw values so that gravity is (gx, gy, gz) g.
  static func tilt(_ testbed: TestbedDriver, _ gx: Double, _ gy: Double, _ gz: Double = 0) throws {
    try testbed.set(display, "in_accel_x_raw", String(Int((gy * 981).rounded())))
    try testbed.set(display, "in_accel_y_raw", String(Int((-gx * 981).rounded())))
    try testbed.set(display, "in_accel_z_raw", String(Int((gz * 981).rounded())))
  }

  @Test("--once: the display accelerometer through its mount matrix, not the base one listed first")
  func once() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try Self.tilt(testbed, 0.21, -0.97, 0.05)
    let result = try DevCapsProcess.run(["up-angle", "--once", "--json"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let event = try #require(try result.json() as? [String: Any])
    #expect(event["sensor"] as? String == "iio:device1")
    #expect(abs((event["angleDegrees"] as? Double ?? 0) - 12.2) < 0.1)
    #expect(event["orientation"] as? String == "portrait")
    #expect(
      try SchemaValidator.problems(in: [result.stdout.split(separator: "\n").joined()], schema: "event.schema.json")
        == [])
    let text = try DevCapsProcess.run(["up-angle", "--once"], environment: testbed.environment)
    #expect(text.stdout.hasPrefix("12.2° portrait · gravity ("), "\(text.stdout)")
  }

  @Test("--relative-to takes either vocabulary and wraps")
  func relative() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try Self.tilt(testbed, -1, 0)
    for word in ["landscape-right", "left-up"] {
      let result = try DevCapsProcess.run(
        ["up-angle", "--once", "--json", "--relative-to", word], environment: testbed.environment)
      let event = try #require(try result.json() as? [String: Any])
      #expect(event["angleDegrees"] as? Double == 180)
      #expect(event["relativeTo"] as? String == "landscape-right")
    }
    #expect(
      try DevCapsProcess.run(["up-angle", "--relative-to", "face-up"], environment: testbed.environment).status == 64)
  }

  @Test("lying flat: the angle is null, the orientation face-up")
  func flat() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try Self.tilt(testbed, 0, 0, -1)
    let event = try #require(
      try DevCapsProcess.run(["up-angle", "--once", "--json"], environment: testbed.environment).json()
        as? [String: Any])
    #expect(event["angleDegrees"] is NSNull)
    #expect(event["orientation"] as? String == "face-up")
  }

  @Test("no display accelerometer is exit 69 saying what was found")
  func unavailable() throws {
    let onlyBase = try TestbedDriver(fixture: "qemu-vm")
    try onlyBase.add(
      "P: /devices/platform/accel/iio:device0\nE: SUBSYSTEM=iio\nA: name=accel_3d\nA: label=accel-base\nA: in_accel_x_raw=0\nA: in_accel_y_raw=0\nA: in_accel_z_raw=-981\n"
    )
    let base = try DevCapsProcess.run(["up-angle"], environment: onlyBase.environment)
    #expect(base.status == 69)
    #expect(
      base.stderr.contains(
        "found only a base accelerometer: accel_3d (iio:device0, base); the up-angle needs one in the display"))
    let none = try DevCapsProcess.run(["up-angle"], environment: try TestbedDriver(fixture: "qemu-vm").environment)
    #expect(none.status == 69)
    #expect(none.stderr.contains("no accelerometer found"))
  }

  @Test("the stream follows the device as it turns; garbage gives a null and a problem, never NaN")
  func stream() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let stream = try StreamProcess(["up-angle", "--json", "--rate", "50"], environment: testbed.environment)
    stream.waitForLines(2)
    try Self.tilt(testbed, 1, 0)
    usleep(200_000)
    try testbed.set(Self.display, "in_accel_x_raw", "not-a-number")
    usleep(200_000)
    stream.signal(SIGINT)
    #expect(stream.wait() == 130)
    let lines = stream.received
    #expect(!lines.joined().contains("nan"))
    let events = try lines.map { try stream.json($0) }
    #expect(events.first?["orientation"] as? String == "portrait")
    #expect(
      events.contains { $0["angleDegrees"] as? Double == 90 && $0["orientation"] as? String == "landscape-right" })
    let broken = try #require(events.last)
    #expect(broken["angleDegrees"] is NSNull)
    #expect(broken["gravity"] is NSNull)
    #expect((broken["problem"] as? String)?.contains("in_accel_x_raw holds 'not-a-number'") == true)
    #expect(try SchemaValidator.problems(in: lines, schema: "event.schema.json") == [])
  }

  @Test("a sensor removed mid-stream ends it with 69 and a message")
  func removed() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let stream = try StreamProcess(["up-angle", "--json", "--rate", "20"], environment: testbed.environment)
    stream.waitForLines(1)
    try testbed.remove(Self.display)
    #expect(stream.wait() == 69)
    #expect(stream.stderr.contains("iio:device1"), "\(stream.stderr)")
  }

  @Test("watch orientation: the initial state, then changes only")
  func orientation() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let stream = try StreamProcess(
      ["watch", "orientation", "--json", "--rate", "50", "--count", "3"], environment: testbed.environment)
    stream.waitForLines(1)
    for (gx, gy, gz) in [(1.0, 0.0, 0.0), (0.9, -0.3, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, -1.0)] {
      try Self.tilt(testbed, gx, gy, gz)
      usleep(150_000)
    }
    #expect(stream.wait() == 0, "\(stream.stderr)")
    let events = try stream.received.map { try stream.json($0) }
    #expect(
      events.map { $0["orientation"] as? String } == ["portrait", "landscape-right", "portrait-upside-down", "face-up"])
    #expect(events.map { $0["rotation"] as? String } == ["normal", "left-up", "bottom-up", nil])
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
  }

  @Test("watch orientation --once and up-angle --count 0: the current state from the first sample, then the end")
  func orientationOnce() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try Self.tilt(testbed, 1.0, 0.0, 0.0)
    for arguments in [["watch", "orientation", "--once", "--json"], ["up-angle", "--count", "0", "--json"]] {
      let result = try DevCapsProcess.run(arguments, environment: testbed.environment)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      let events = result.stdout.split(separator: "\n").map(String.init)
      #expect(events.count == 1, "\(arguments): \(result.stdout)")
      #expect(events.first?.contains("\"orientation\":\"landscape-right\"") == true, "\(arguments): \(result.stdout)")
    }
  }

  @Test("watch shake --once: a usage error, a shake has no current state")
  func shakeOnce() throws {
    let result = try DevCapsProcess.run(["watch", "shake", "--once"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--count"), "\(result.stderr)")
  }

  @Test("watch shake: the threshold detector fires on a jolt")
  func shake() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let stream = try StreamProcess(
      ["watch", "shake", "--json", "--detector", "threshold", "--count", "1", "--timeout", "10"],
      environment: testbed.environment)
    usleep(300_000)
    try Self.tilt(testbed, 2.5, -1)
    #expect(stream.wait() == 0)
    let event = try stream.json(try #require(stream.received.last))
    #expect(event["detector"] as? String == "threshold")
    #expect(abs((event["peakG"] as? Double ?? 0) - (2.5 * 2.5 + 1).squareRoot()) < 0.01)
  }

  @Test("watch proximity: near, then far")
  func proximity() throws {
    let testbed = try TestbedDriver(fixture: "pinephone")
    let stream = try StreamProcess(
      ["watch", "proximity", "--json", "--rate", "50", "--count", "1"], environment: testbed.environment)
    stream.waitForLines(1)
    try testbed.set("/sys/devices/platform/soc/1c2b000.i2c/i2c-1/1-0048/iio:device0", "in_proximity_raw", "100")
    #expect(stream.wait() == 0)
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["near"] as? Bool } == [true, false])
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
  }

  /// The environment as `env` arguments for a command line run under a terminal.
  static func shellEnvironment(_ testbed: TestbedDriver) -> String {
    (["NO_COLOR": "1", "TERM": "xterm"].merging(testbed.environment) { $1 })
      .sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
  }

  @Test("the live view rewrites only the lines that change, each erased to its end: a shorter one leaves nothing")
  func liveRedraw() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try Self.tilt(testbed, -1, -1, -1)
    let long = "gravity (-1.00, -1.00, -1.00) g"
    let short = "gravity (1.00, 0.00, 0.00) g"
    let session = try TerminalSession(
      "exec env \(Self.shellEnvironment(testbed)) '\(DevCapsProcess.executable.path)' up-angle --rate 50")
    #expect(session.wait { $0.contains(long) }, "\(session.output)")
    // A second of samples that say the same: nothing more is written.
    usleep(1_000_000)
    try Self.tilt(testbed, 1, 0, 0)
    #expect(session.wait { $0.contains(short) }, "\(session.output)")
    usleep(1_000_000)
    kill(try #require(session.pid), SIGTERM)
    let output = session.finish()

    #expect(output.components(separatedBy: "\u{1B}[H\u{1B}[J").count == 2, "one full draw: \(output.debugDescription)")
    #expect(
      output.components(separatedBy: long).count == 2, "the unchanged line written once: \(output.debugDescription)")
    // The reading changes as x, y and z are rewritten one by one: at most a step between.
    #expect((2...3).contains(output.components(separatedBy: short).count), "\(output.debugDescription)")
    let rewritten = output.split(separator: "\u{1B}[").filter { $0.contains("gravity (") }
    #expect(rewritten.allSatisfy { $0.hasPrefix("22;1H  gravity (") }, "\(rewritten)")
    #expect(
      output.components(separatedBy: "gravity (").dropFirst().allSatisfy { $0.contains(" g\u{1B}[K") },
      "each erased to its end")
    let screen = TerminalScreen(interpreting: output)
    let shown = try #require(screen.alternateScreenAtExit, "left the alternate screen")
    #expect(shown.contains("  " + short), "\(shown.joined(separator: "\n"))")
    #expect(!shown.contains { $0.contains("gravity") && $0 != "  " + short }, "\(shown.joined(separator: "\n"))")
  }

  @Test("--count N ends after N samples past the first, on a terminal, in lines and in JSON")
  func count() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    // --foreground: timeout would otherwise run devcaps in a process group of its own, in the
    // terminal's background, where setting the terminal up stops it with SIGTTOU.
    let command =
      "env \(Self.shellEnvironment(testbed)) timeout --foreground -s INT 10 '\(DevCapsProcess.executable.path)' up-angle --rate 20 --count 3; echo \"status $?\""
    let output = try DevCapsProcess.runInTerminal(command)
    #expect(output.contains("status 0"), "\(output.debugDescription)")
    #expect(output.contains("  gravity ("), "the view drawn: \(output.debugDescription)")
    #expect(output.contains("\u{1B}[?25h\u{1B}[?1049l"), "the terminal restored")

    for arguments in [["--json"], []] {
      let result = try DevCapsProcess.run(
        ["up-angle", "--rate", "50", "--count", "2", "--timeout", "10"] + arguments, environment: testbed.environment)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.split(separator: "\n").count == 3, "\(arguments): \(result.stdout)")
    }
  }

  @Test("the live view restores the terminal on SIGTERM", arguments: [Int32(15), Int32(2)])
  func terminalRestored(signal: Int32) throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let environment = testbed.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
    let session = try TerminalSession(
      "env TERM=xterm \(environment) '\(DevCapsProcess.executable.path)' up-angle & echo \"JOB $!\"; wait $!; echo \"status $?\""
    )
    // Signalled once the view is up: a fixed sleep before the signal raced a slow start.
    #expect(session.wait { $0.contains("\u{1B}[?1049h") && ($0.contains("↑") || $0.contains("o")) })
    #expect(session.job.map { kill($0, signal) } == 0, "\(session.output.prefix(200).debugDescription)")
    let output = session.finish()
    #expect(output.contains("\u{1B}[?1049h"), "entered the alternate screen")
    #expect(output.contains("↑") || output.contains("o"))
    let restore = try #require(output.range(of: "\u{1B}[?25h\u{1B}[?1049l"))
    #expect(output[restore.upperBound...].contains("status \(128 + signal)"))
  }

  @Test("TERM=dumb gets plain lines (no alternate screen, no cursor movement); a 1×1 terminal, the reason cut to it")
  func plainTerminal() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let devcaps = "'\(DevCapsProcess.executable.path)' up-angle --rate 20 --count 2"
    for (setup, term) in [("", "dumb"), ("stty rows 1 cols 1; ", "xterm")] {
      let command =
        "\(setup)env \(Self.shellEnvironment(testbed)) TERM=\(term) timeout --foreground -s INT 10 \(devcaps); echo \"status $?\""
      let output = try DevCapsProcess.runInTerminal(command)
      #expect(output.contains("status 0"), "\(term): \(output.debugDescription)")
      if term == "dumb" {
        #expect(!output.contains("\u{1B}"), "\(term): an escape sequence: \(output.debugDescription)")
        #expect(output.contains(" gravity ("), "\(term): the reading as a line: \(output.debugDescription)")
      } else {
        let screen = TerminalScreen(interpreting: output)
        #expect(screen.alternateScreenAtExit == ["t"], "\(output.debugDescription)")
      }
    }
  }
}
