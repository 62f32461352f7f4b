import Foundation
import TestProcesses
import Testing

/// Streams against a testbed that a helper process changes while devcaps watches, with real
/// uevents through umockdev.
@Suite("devcaps watch", .serialized)
struct WatchCommandTests {
  static let card = "/sys/devices/pci0000:00/0000:00:02.0/drm/card0"

  @Test("displays: the initial state, then connected, disconnected and modes-changed, as NDJSON that validates")
  func displays() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let stream = try StreamProcess(["watch", "displays", "--json", "--count", "3"], environment: testbed.environment)
    let initial = stream.waitForLines(3)
    #expect(initial.count == 3)

    try testbed.set(Self.card + "/card0-DP-1", "status", "connected")
    try testbed.set(Self.card + "/card0-DP-1", "modes", "2560x1440\n1920x1080\n")
    try testbed.uevent(Self.card)
    stream.waitForLines(4)
    try testbed.set(Self.card + "/card0-HDMI-A-1", "status", "disconnected")
    try testbed.uevent(Self.card)
    stream.waitForLines(5)
    try testbed.set(Self.card + "/card0-eDP-1", "modes", "1280x800\n")
    try testbed.uevent(Self.card)
    #expect(stream.wait() == 0, "stderr: \(stream.stderr)")

    let lines = stream.received
    #expect(try SchemaValidator.problems(in: lines, schema: "event.schema.json") == [])
    let events = try lines.map { try stream.json($0) }
    #expect(events.prefix(3).map { $0["initial"] as? Bool } == [true, true, true])
    #expect(events.prefix(3).map { $0["action"] as? String } == ["connected", "disconnected", "connected"])
    let changes = events.dropFirst(3).map { "\($0["connector"] as? String ?? "?") \($0["action"] as? String ?? "?")" }
    #expect(changes == ["DP-1 connected", "HDMI-A-1 disconnected", "eDP-1 modes-changed"])
    #expect(events[3]["modes"] as? [String] == ["2560x1440", "1920x1080"])
  }

  @Test("displays, for people: a clock and a sentence per change")
  func displaysText() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let stream = try StreamProcess(["watch", "displays", "--count", "1"], environment: testbed.environment)
    stream.waitForLines(3)
    try testbed.set(Self.card + "/card0-HDMI-A-1", "status", "disconnected")
    try testbed.uevent(Self.card)
    #expect(stream.wait() == 0)
    let last = try #require(stream.received.last)
    #expect(last.range(of: #"^\d\d:\d\d:\d\d HDMI-A-1 disconnected$"#, options: .regularExpression) != nil, "\(last)")
  }

  @Test("sensors: one added, then removed")
  func sensors() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    let stream = try StreamProcess(["watch", "sensors", "--json", "--count", "2"], environment: testbed.environment)
    usleep(300_000)
    try testbed.add(
      "P: /devices/platform/accel/iio:device0\nE: SUBSYSTEM=iio\nA: name=accel_3d\nA: in_accel_x_raw=0\nA: in_accel_y_raw=-981\nA: in_accel_z_raw=0\nA: in_accel_scale=0.01\n"
    )
    try testbed.uevent("/sys/devices/platform/accel/iio:device0", "add")
    stream.waitForLines(1)
    try testbed.remove("/sys/devices/platform/accel/iio:device0")
    #expect(stream.wait() == 0, "stderr: \(stream.stderr)")
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["action"] as? String } == ["added", "removed"])
    #expect(events.first?["type"] as? String == "accelerometer")
    #expect(events.last?["reading"] is NSNull)
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
  }

  @Test("all: every stream the machine has a source for, merged")
  func all() throws {
    let testbed = try TestbedDriver(fixture: "pinephone")
    let stream = try StreamProcess(["watch", "all", "--json", "--timeout", "1"], environment: testbed.environment)
    #expect(stream.wait() == 0)
    let kinds = Set(try stream.received.map { try stream.json($0)["event"] as? String ?? "" })
    #expect(kinds == ["battery", "display", "sensor", "orientation", "proximity", "motion", "heading", "light", "usb"])
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
  }

  @Test("--once on an accelerometer whose every reading is garbage: 69 with the reason after 5 s, not a wait for ever")
  func onceWithoutUsableSample() throws {
    let testbed = try TestbedDriver(fixture: "pinephone")
    try testbed.set("/sys/devices/platform/soc/1c2b000.i2c/i2c-1/1-0068/iio:device1", "in_accel_x_raw", "garbage")
    let stream = try StreamProcess(["watch", "orientation", "--once", "--json"], environment: testbed.environment)
    #expect(stream.wait() == 69)
    #expect(stream.stderr.contains("no orientation state: no usable sample within 5 s"), "\(stream.stderr)")
  }

  @Test("all --once: the current state of every stream, those whose state comes with a first sample too, then exit 0")
  func allOnce() throws {
    let testbed = try TestbedDriver(fixture: "pinephone")
    let stream = try StreamProcess(["watch", "all", "--once", "--json"], environment: testbed.environment)
    #expect(stream.wait() == 0, "\(stream.stderr)")
    let events = try stream.received.map { try stream.json($0) }
    // A motion line has no initial member: the first sample is the state, and only it is printed.
    let states = events.filter { !["motion", "heading"].contains($0["event"] as? String) }
    #expect(states.allSatisfy { $0["initial"] as? Bool == true })
    #expect(events.filter { $0["event"] as? String == "motion" }.count == 1)
    let kinds = Set(events.map { $0["event"] as? String ?? "" })
    #expect(
      kinds.isSuperset(of: ["battery", "display", "sensor", "orientation", "motion", "light", "usb"]), "\(kinds)")
  }

  @Test(
    "SIGINT, SIGTERM, SIGHUP and SIGQUIT end a stream with 130, 143, 129 and 131, saying nothing (no crash report)",
    arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129)), (SIGQUIT, Int32(131))])
  func signals(signal: Int32, status: Int32) throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let stream = try StreamProcess(["watch", "displays"], environment: testbed.environment)
    // The first line comes after the handlers are in place: a signal sent earlier, on a loaded
    // machine or under the sanitizers' slower start, would find the default action.
    #expect(stream.waitForLines(1).count >= 1, "\(stream.stderr)")
    stream.signal(signal)
    #expect(stream.wait() == status)
    #expect(stream.stderr.isEmpty)
  }

  @Test("--timeout ends with 0; --count 0 ends right after the initial state")
  func ending() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let timed = try StreamProcess(["watch", "displays", "--timeout", "0.3"], environment: testbed.environment)
    #expect(timed.wait() == 0)
    #expect(timed.received.count == 3)
    let counted = try StreamProcess(["watch", "displays", "--count", "0"], environment: testbed.environment)
    #expect(counted.wait() == 0)
    #expect(counted.received.count == 3)
  }

  @Test("a reader that goes away ends an idle stream quietly with 0")
  func readerGone() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in testbed.environment { environment[key] = value }
    // head reads the first line and exits; devcaps, idle, must notice and end by itself (else
    // the run is killed after 10 s and the test fails saying so).
    let pipeline = try ChildProcess.run(
      "/bin/bash",
      ["-c", "'\(DevCapsProcess.executable.path)' watch displays | head -n 1 >/dev/null; echo ${PIPESTATUS[0]}"],
      environment: environment, seconds: 10)
    #expect(pipeline.outputText == "0\n")
    #expect(pipeline.errorText.isEmpty)
  }

  @Test(
    "usage errors are 64",
    arguments: [
      ["watch", "nothing"], ["watch", "displays", "--count", "-1"], ["watch", "displays", "--timeout", "0"],
    ])
  func usage(arguments: [String]) throws {
    #expect(try DevCapsProcess.run(arguments).status == 64)
  }

  @Test(
    "--timeout takes any positive number of seconds, 1e300 included (forever, in practice); 0, -1 and nan are usage errors"
  )
  func hugeTimeout() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let result = try DevCapsProcess.run(
      ["watch", "displays", "--timeout", "1e300", "--count", "0"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    for bad in ["0", "-1", "nan"] {
      let refused = try DevCapsProcess.run(["watch", "displays", "--timeout=\(bad)"], environment: testbed.environment)
      #expect(refused.status == 64, "\(bad)")
      #expect(refused.stderr.contains("--timeout must be a positive number of seconds"), "\(bad): \(refused.stderr)")
    }
    // A negative number after the option is its value, told what is wrong, not a missing value.
    for (option, message) in [
      ("--count", "--count must be 0 or more, not -1"), ("--timeout", "--timeout must be a positive number of seconds"),
      ("--lockout", "--lockout must be 0 or more seconds"), ("--rate", "--rate must be between 0.1 and 1000"),
    ] {
      let refused = try DevCapsProcess.run(["watch", "displays", option, "-1"], environment: testbed.environment)
      #expect(refused.status == 64 && refused.stderr.contains(message), "\(option): \(refused.stderr)")
    }
  }
}
