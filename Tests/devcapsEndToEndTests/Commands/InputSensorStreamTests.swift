import Foundation
import Testing

/// The up-angle, orientation and proximity streams over input devices' event nodes: umockdev
/// answers the evdev ioctls from a record (`umockdev-record --ioctl` format) and backs the node
/// with a PTY into which the helper process writes `struct input_event` records.
///
/// The accelerometer has the layout of the lis3lv02d driver's (HP laptops' "ST LIS3LV02DL
/// Accelerometer": a platform device, BUS_HOST, EV_SYN|EV_ABS with ABS_X/Y/Z of ±2300 and fuzz
/// and flat 18, no resolution set); its values here are counts of the 256 per g devcaps assumes
/// when the resolution is 0, and udev's ACCEL_MOUNT_MATRIX says the chip is mounted turned a
/// quarter. The proximity switch is the Nokia N900's: a `gpio_keys` device whose switches are
/// the camera lens cover, the keypad slide and SW_FRONT_PROXIMITY.
@Suite("Input accelerometer and proximity switch streams", .serialized)
struct InputSensorStreamTests {
  static let accelerometerNode = "/dev/input/event7"
  static let accelerometer = """
    P: /devices/platform/lis3lv02d/input/input7
    E: SUBSYSTEM=input
    E: ID_INPUT=1
    E: ID_INPUT_ACCELEROMETER=1
    E: ACCEL_MOUNT_MATRIX=0, 1, 0; -1, 0, 0; 0, 0, 1
    A: name=ST LIS3LV02DL Accelerometer
    A: phys=lis3lv02d/input0
    A: id/bustype=0019
    A: capabilities/ev=9
    A: capabilities/abs=7
    A: capabilities/sw=0
    A: capabilities/ff=0
    A: properties=0

    P: /devices/platform/lis3lv02d/input/input7/event7
    N: input/event7
    E: SUBSYSTEM=input
    E: DEVNAME=/dev/input/event7
    E: ID_INPUT=1
    E: ID_INPUT_ACCELEROMETER=1
    A: dev=13:71

    """

  static let switchNode = "/dev/input/event5"
  static let proximitySwitch = """
    P: /devices/platform/gpio_keys/input/input5
    E: SUBSYSTEM=input
    E: ID_INPUT=1
    E: ID_INPUT_KEY=1
    E: ID_INPUT_SWITCH=1
    A: name=gpio_keys
    A: phys=gpio-keys/input0
    A: id/bustype=0019
    A: capabilities/ev=23
    A: capabilities/sw=e00
    A: capabilities/ff=0

    P: /devices/platform/gpio_keys/input/input5/event5
    N: input/event5
    E: SUBSYSTEM=input
    E: DEVNAME=/dev/input/event5
    E: ID_INPUT=1
    E: ID_INPUT_KEY=1
    E: ID_INPUT_SWITCH=1
    A: dev=13:69

    """

  /// The raw axes that read as gravity (gx, gy, gz) through the quarter-turned mount matrix
  /// (device x = raw y, device y = −raw x) at 256 units per g.
  static func raw(_ gx: Double, _ gy: Double, _ gz: Double) -> [Int32] {
    [Int32((-gy * 256).rounded()), Int32((gx * 256).rounded()), Int32((gz * 256).rounded())]
  }

  /// EVIOCGABS(ABS_X/Y/Z) as umockdev-record writes them: struct input_absinfo in hex (value,
  /// minimum, maximum, fuzz, flat, resolution; little-endian int32s).
  static func absinfoRecord(_ values: [Int32]) -> String {
    func hex(_ value: Int32) -> String {
      withUnsafeBytes(of: value.littleEndian) { $0.map { String(format: "%02X", $0) }.joined() }
    }
    let names = ["EVIOCGABS", "EVIOCGABS(1)", "EVIOCGABS(2)"]
    return "@DEV \(accelerometerNode)\n"
      + zip(names, values).map { name, value in "\(name) 0 " + [value, -2300, 2300, 18, 18, 0].map(hex).joined() + "\n"
      }.joined()
  }

  /// EVIOCGSW with SW_FRONT_PROXIMITY (bit 11) set or not, in the kernel's bitmap of longs.
  static func switchRecord(near: Bool) -> String {
    "@DEV \(switchNode)\nEVIOCGSW(0) 8 \(near ? "0008" : "0000")000000000000\n"
  }

  static func frame(_ values: [Int32]) -> [(type: UInt16, code: UInt16, value: Int32)] {
    values.enumerated().map { (type: 3, code: UInt16($0.offset), value: $0.element) } + [(type: 0, code: 0, value: 0)]
  }

  static func accelerometerTestbed(fixture: String = "qemu-vm", at gravity: [Int32] = raw(0, -1, 0)) throws
    -> TestbedDriver
  {
    let testbed = try TestbedDriver(fixture: fixture)
    try testbed.add(accelerometer)
    try testbed.loadIoctl(accelerometerNode, absinfoRecord(gravity))
    return testbed
  }

  @Test("up-angle --count 2: the state EVIOCGABS gives, then each frame sent, through the mount matrix")
  func upAngle() throws {
    let testbed = try Self.accelerometerTestbed()
    let stream = try StreamProcess(
      ["up-angle", "--json", "--rate", "2", "--count", "2"], environment: testbed.environment)
    #expect(stream.waitForLines(1).count == 1, "\(stream.stderr)")
    try testbed.sendEvents(Self.accelerometerNode, Self.frame(Self.raw(1, 0, 0)))
    #expect(stream.waitForLines(2).count == 2, "\(stream.stderr)")
    // Only the axes that changed, as the kernel sends them.
    try testbed.sendEvents(Self.accelerometerNode, [(3, 0, -256), (3, 1, 0), (0, 0, 0)])
    #expect(stream.wait() == 0, "\(stream.stderr)")

    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["sensor"] as? String } == ["event7", "event7", "event7"])
    #expect(events.map { $0["orientation"] as? String } == ["portrait", "landscape-right", "portrait-upside-down"])
    #expect(events.map { $0["angleDegrees"] as? Double } == [0, 90, 180])
    let gravity = events.map { $0["gravity"] as? [String: Double] }
    #expect(gravity == [["x": 0, "y": -1, "z": 0], ["x": 1, "y": 0, "z": 0], ["x": 0, "y": 1, "z": 0]])
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
  }

  @Test("watch orientation: the initial state, then the changes the events make")
  func orientation() throws {
    let testbed = try Self.accelerometerTestbed()
    let stream = try StreamProcess(
      ["watch", "orientation", "--json", "--rate", "20", "--count", "2"], environment: testbed.environment)
    #expect(stream.waitForLines(1).count == 1, "\(stream.stderr)")
    try testbed.sendEvents(Self.accelerometerNode, Self.frame(Self.raw(-1, 0, 0)))
    #expect(stream.waitForLines(2).count == 2, "\(stream.stderr)")
    try testbed.sendEvents(Self.accelerometerNode, Self.frame(Self.raw(0, 0, -1)))
    #expect(stream.wait() == 0, "\(stream.stderr)")

    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["orientation"] as? String } == ["portrait", "landscape-left", "face-up"])
    #expect(events.map { $0["sensor"] as? String } == ["event7", "event7", "event7"])
    #expect(events.first?["initial"] as? Bool == true)
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
  }

  @Test("watch shake: a jolt in the events trips the threshold detector")
  func shake() throws {
    let testbed = try Self.accelerometerTestbed()
    let stream = try StreamProcess(
      ["watch", "shake", "--json", "--detector", "threshold", "--count", "1", "--timeout", "10"],
      environment: testbed.environment)
    usleep(300_000)
    try testbed.sendEvents(Self.accelerometerNode, Self.frame(Self.raw(2.5, -1, 0)))
    #expect(stream.wait() == 0, "\(stream.stderr)")
    let event = try stream.json(try #require(stream.received.last))
    #expect(event["sensor"] as? String == "event7")
    #expect(abs((event["peakG"] as? Double ?? 0) - (2.5 * 2.5 + 1).squareRoot()) < 0.01)
  }

  @Test("the input device removed mid-stream ends it with 69 and a message")
  func removed() throws {
    let testbed = try Self.accelerometerTestbed()
    let stream = try StreamProcess(["up-angle", "--json", "--rate", "20"], environment: testbed.environment)
    #expect(stream.waitForLines(1).count == 1, "\(stream.stderr)")
    try testbed.remove("/sys/devices/platform/lis3lv02d/input/input7")
    #expect(stream.wait() == 69)
    #expect(stream.stderr.contains("the accelerometer event7 was removed"), "\(stream.stderr)")
  }

  @Test("an IIO display accelerometer is still preferred to an input one")
  func iioPreferred() throws {
    let testbed = try Self.accelerometerTestbed(fixture: "yoga-convertible")
    let result = try DevCapsProcess.run(["up-angle", "--once", "--json"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect((try result.json() as? [String: Any])?["sensor"] as? String == "iio:device1")
  }

  @Test("an input accelerometer in the base is no display accelerometer: exit 69 saying so")
  func baseOnly() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    try testbed.add(
      Self.accelerometer.replacingOccurrences(
        of: "E: ID_INPUT_ACCELEROMETER=1\nE: ACCEL",
        with: "E: ID_INPUT_ACCELEROMETER=1\nE: ACCEL_LOCATION=base\nE: ACCEL"))
    let result = try DevCapsProcess.run(["watch", "orientation", "--json"], environment: testbed.environment)
    #expect(result.status == 69)
    #expect(
      result.stderr.contains("found only a base accelerometer: ST LIS3LV02DL Accelerometer (event7, base)"),
      "\(result.stderr)")
  }

  @Test("a node that answers no evdev ioctls: exit 69 naming the node and the ioctl")
  func unreadableNode() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    try testbed.add(Self.accelerometer)
    let result = try DevCapsProcess.run(["up-angle", "--json", "--count", "1"], environment: testbed.environment)
    #expect(result.status == 69)
    #expect(
      result.stderr.contains(
        "cannot read the accelerometer ST LIS3LV02DL Accelerometer (event7): /dev/input/event7: EVIOCGABS(ABS_X) failed"
      ), "\(result.stderr)")
  }

  @Test("watch proximity: the switch's state from EVIOCGSW, then near and far as it flips")
  func proximity() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    try testbed.add(Self.proximitySwitch)
    try testbed.loadIoctl(Self.switchNode, Self.switchRecord(near: false))
    let stream = try StreamProcess(
      ["watch", "proximity", "--json", "--rate", "20", "--count", "2"], environment: testbed.environment)
    #expect(stream.waitForLines(1).count == 1, "\(stream.stderr)")
    try testbed.sendEvents(Self.switchNode, [(5, 11, 1), (0, 0, 0)])
    #expect(stream.waitForLines(2).count == 2, "\(stream.stderr)")
    // Another switch (the keypad slide) changes nothing.
    try testbed.sendEvents(Self.switchNode, [(5, 10, 1), (0, 0, 0)])
    usleep(200_000)
    try testbed.sendEvents(Self.switchNode, [(5, 11, 0), (0, 0, 0)])
    #expect(stream.wait() == 0, "\(stream.stderr)")

    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["near"] as? Bool } == [false, true, false])
    #expect(events.map { $0["value"] as? Double } == [0, 1, 0])
    #expect(events.map { $0["sensor"] as? String } == ["event5", "event5", "event5"])
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
  }

  @Test("a switch near from the start reads near at once")
  func proximityNearAtStart() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    try testbed.add(Self.proximitySwitch)
    try testbed.loadIoctl(Self.switchNode, Self.switchRecord(near: true))
    let result = try DevCapsProcess.run(
      ["watch", "proximity", "--json", "--count", "0"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let event = try #require(try result.json() as? [String: Any])
    #expect(event["near"] as? Bool == true)
    #expect(event["initial"] as? Bool == true)
  }

  @Test("no proximity sensor of either kind: exit 69")
  func noProximity() throws {
    let result = try DevCapsProcess.run(
      ["watch", "proximity"], environment: try TestbedDriver(fixture: "qemu-vm").environment)
    #expect(result.status == 69)
    #expect(result.stderr.contains("no proximity sensor found"), "\(result.stderr)")
  }
}
