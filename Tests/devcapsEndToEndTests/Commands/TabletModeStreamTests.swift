import Foundation
import Testing

/// `watch tablet-mode` over tablet-mode switches' event nodes: umockdev answers EVIOCGSW from a
/// record and backs each node with a PTY into which the helper process writes
/// `struct input_event` records.
///
/// The two switches are those of an HP convertible as its /proc/bus/input/devices lists them: the
/// intel-vbtn driver's "Intel Virtual Switches" under the ACPI device INT33D6:01 (BUS_HOST,
/// EV_SYN|EV_SW, SW_TABLET_MODE), and hp-wmi's "HP WMI hotkeys", a virtual device that also has
/// keys (EV_SYN|EV_KEY|EV_MSC|EV_SW, SW_TABLET_MODE). intel-vbtn also sends SW_DOCK (5) on
/// machines that dock, here to show that other switches change nothing.
@Suite("Tablet-mode switch stream", .serialized)
struct TabletModeStreamTests {
  static let intelNode = "/dev/input/event11"
  static let intelSyspath = "/devices/pci0000:00/INT33D6:01/input/input18"
  static let intelSwitches = """
    P: \(intelSyspath)
    E: SUBSYSTEM=input
    E: ID_INPUT=1
    E: ID_INPUT_SWITCH=1
    A: name=Intel Virtual Switches
    A: id/bustype=0019
    A: capabilities/ev=21
    A: capabilities/sw=2
    A: capabilities/ff=0
    A: properties=0

    P: \(intelSyspath)/event11
    N: input/event11
    E: SUBSYSTEM=input
    E: DEVNAME=/dev/input/event11
    E: ID_INPUT=1
    E: ID_INPUT_SWITCH=1
    A: dev=13:75

    """

  static let hpNode = "/dev/input/event12"
  static let hpHotkeys = """
    P: /devices/virtual/input/input19
    E: SUBSYSTEM=input
    E: ID_INPUT=1
    E: ID_INPUT_KEY=1
    E: ID_INPUT_SWITCH=1
    A: name=HP WMI hotkeys
    A: id/bustype=0019
    A: capabilities/ev=33
    A: capabilities/sw=2
    A: capabilities/msc=10
    A: capabilities/ff=0
    A: properties=0

    P: /devices/virtual/input/input19/event12
    N: input/event12
    E: SUBSYSTEM=input
    E: DEVNAME=/dev/input/event12
    E: ID_INPUT=1
    E: ID_INPUT_KEY=1
    E: ID_INPUT_SWITCH=1
    A: dev=13:76

    """

  /// EVIOCGSW with SW_TABLET_MODE (bit 1) set or not, in the kernel's bitmap of longs.
  static func switchRecord(_ node: String, on: Bool) -> String {
    "@DEV \(node)\nEVIOCGSW(0) 8 \(on ? "02" : "00")00000000000000\n"
  }

  static func testbed(intelOn: Bool = false, hpOn: Bool? = nil) throws -> TestbedDriver {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    try testbed.add(intelSwitches)
    try testbed.loadIoctl(intelNode, switchRecord(intelNode, on: intelOn))
    if let hpOn {
      try testbed.add(hpHotkeys)
      try testbed.loadIoctl(hpNode, switchRecord(hpNode, on: hpOn))
    }
    return testbed
  }

  @Test("the state EVIOCGSW gives, then on and off as the switch flips; SW_DOCK changes nothing")
  func flips() throws {
    let testbed = try Self.testbed()
    let stream = try StreamProcess(
      ["watch", "tablet-mode", "--json", "--count", "2"], environment: testbed.environment)
    #expect(stream.waitForLines(1).count == 1, "\(stream.stderr)")
    try testbed.sendEvents(Self.intelNode, [(5, 1, 1), (0, 0, 0)])
    #expect(stream.waitForLines(2).count == 2, "\(stream.stderr)")
    try testbed.sendEvents(Self.intelNode, [(5, 5, 1), (0, 0, 0)])
    usleep(200_000)
    try testbed.sendEvents(Self.intelNode, [(5, 1, 0), (0, 0, 0)])
    #expect(stream.wait() == 0, "\(stream.stderr)")

    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["event"] as? String } == ["tablet-mode", "tablet-mode", "tablet-mode"])
    #expect(events.map { $0["tabletMode"] as? Bool } == [false, true, false])
    #expect(events.map { $0["device"] as? String } == ["event11", "event11", "event11"])
    #expect(events.map { $0["name"] as? String } == Array(repeating: "Intel Virtual Switches", count: 3))
    #expect(events.map { $0["initial"] as? Bool } == [true, nil, nil])
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
  }

  @Test("two switches: tablet mode while either is on, an event only when that changes")
  func twoSwitches() throws {
    let testbed = try Self.testbed(intelOn: false, hpOn: true)
    let stream = try StreamProcess(
      ["watch", "tablet-mode", "--json", "--count", "1"], environment: testbed.environment)
    #expect(stream.waitForLines(1).count == 1, "\(stream.stderr)")
    try testbed.sendEvents(Self.intelNode, [(5, 1, 1), (0, 0, 0)])
    usleep(200_000)
    try testbed.sendEvents(Self.hpNode, [(5, 1, 0), (0, 0, 0)])
    usleep(200_000)
    try testbed.sendEvents(Self.intelNode, [(5, 1, 0), (0, 0, 0)])
    #expect(stream.wait() == 0, "\(stream.stderr)")

    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["tabletMode"] as? Bool } == [true, false])
    #expect(events.map { $0["device"] as? String } == ["event12", "event11"])
  }

  @Test("the line a person reads")
  func text() throws {
    let testbed = try Self.testbed(intelOn: true)
    let result = try DevCapsProcess.run(["watch", "tablet-mode", "--count", "0"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("tablet mode (event11)\n"), "\(result.stdout)")
  }

  @Test("no tablet-mode switch: exit 69 saying what was looked for")
  func noSwitch() throws {
    let result = try DevCapsProcess.run(
      ["watch", "tablet-mode"], environment: try TestbedDriver(fixture: "qemu-vm").environment)
    #expect(result.status == 69)
    #expect(
      result.stderr.contains("no tablet-mode switch found (no input device with SW_TABLET_MODE)"), "\(result.stderr)")
  }

  @Test("a node that answers no EVIOCGSW: exit 69 naming the switch, the node and the ioctl")
  func unreadableNode() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    try testbed.add(Self.intelSwitches)
    let result = try DevCapsProcess.run(["watch", "tablet-mode", "--json"], environment: testbed.environment)
    #expect(result.status == 69)
    #expect(
      result.stderr.contains(
        "cannot read the tablet-mode switch Intel Virtual Switches (event11): /dev/input/event11: EVIOCGSW failed"),
      "\(result.stderr)")
  }

  @Test("the convertible's switch without an event node is a warning while a second switch works")
  func oneBadSwitchOneGood() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try testbed.add(Self.intelSwitches)
    try testbed.loadIoctl(Self.intelNode, Self.switchRecord(Self.intelNode, on: false))
    let stream = try StreamProcess(
      ["watch", "tablet-mode", "--json", "--count", "1"], environment: testbed.environment)
    #expect(stream.waitForLines(1).count == 1, "\(stream.stderr)")
    try testbed.sendEvents(Self.intelNode, [(5, 1, 1), (0, 0, 0)])
    #expect(stream.wait() == 0, "\(stream.stderr)")
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["tabletMode"] as? Bool } == [false, true])
    #expect(events.map { $0["device"] as? String } == ["event11", "event11"])
    #expect(
      stream.stderr.split(separator: "\n") == [
        "devcaps: warning: /sys/devices/platform/thinkpad_acpi/input/input9: the tablet-mode switch Intel HID switches (input9) has no event node; watching the others"
      ], "\(stream.stderr)")
  }

  @Test("the convertible's only switch has no event node: exit 69 naming it")
  func onlySwitchUnusable() throws {
    let result = try DevCapsProcess.run(
      ["watch", "tablet-mode", "--json"], environment: try TestbedDriver(fixture: "yoga-convertible").environment)
    #expect(result.status == 69)
    #expect(
      result.stderr == "devcaps: the tablet-mode switch Intel HID switches (input9) has no event node\n",
      "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("the switch removed mid-stream ends it with 69 and a message")
  func removed() throws {
    let testbed = try Self.testbed()
    let stream = try StreamProcess(["watch", "tablet-mode", "--json"], environment: testbed.environment)
    #expect(stream.waitForLines(1).count == 1, "\(stream.stderr)")
    try testbed.remove("/sys" + Self.intelSyspath)
    #expect(stream.wait() == 69)
    #expect(stream.stderr.contains("the tablet-mode switch event11 was removed"), "\(stream.stderr)")
  }

  @Test("watch all includes tablet mode when there is a switch")
  func inAll() throws {
    let testbed = try Self.testbed(intelOn: true)
    let result = try DevCapsProcess.run(["watch", "all", "--json", "--count", "0"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(lines.contains { $0["event"] as? String == "tablet-mode" && $0["tabletMode"] as? Bool == true })
  }
}
