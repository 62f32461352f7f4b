import Foundation
import Testing

/// The IIO buffer path: devcaps enables the scan elements and the buffer, reads scans from
/// /dev/iio:deviceN (a FIFO in the testbed, fed with iio-sensor-proxy's real recordings), and
/// puts every attribute back when it stops.
@Suite("Buffered accelerometer", .serialized)
struct BufferedAccelerometerTests {
  static let syspath = "/sys/devices/platform/hid-sensor/iio:device5"
  static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Recordings/iio-sensor-proxy")

  /// Polled values say "flat"; only the buffer says anything else.
  static let device = """
    P: /devices/platform/hid-sensor/iio:device5
    N: iio:device5
    E: SUBSYSTEM=iio
    A: name=accel_3d
    A: in_accel_x_raw=0
    A: in_accel_y_raw=0
    A: in_accel_z_raw=-981
    A: in_accel_scale=1
    A: scan_elements/in_accel_x_en=0
    A: scan_elements/in_accel_x_index=0
    A: scan_elements/in_accel_x_type=le:s16/32>>0
    A: scan_elements/in_accel_y_en=0
    A: scan_elements/in_accel_y_index=1
    A: scan_elements/in_accel_y_type=le:s16/32>>0
    A: scan_elements/in_accel_z_en=0
    A: scan_elements/in_accel_z_index=2
    A: scan_elements/in_accel_z_type=le:s16/32>>0
    A: scan_elements/in_timestamp_en=0
    A: scan_elements/in_timestamp_index=3
    A: scan_elements/in_timestamp_type=le:s64/64>>0
    A: buffer/enable=0

    """

  func file(_ testbed: TestbedDriver, _ attribute: String) throws -> String {
    try String(contentsOfFile: testbed.root + Self.syspath + "/" + attribute, encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Replaces the testbed's device node with a FIFO and opens its writing end without waiting.
  func fifo(_ testbed: TestbedDriver) throws -> FileHandle {
    let node = testbed.root + "/dev/iio:device5"
    try? FileManager.default.removeItem(atPath: node)
    #expect(mkfifo(node, 0o644) == 0)
    let fd = open(node, O_RDWR)
    #expect(fd >= 0)
    return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
  }

  @Test("the left-up sweep read through the buffer: angles of the recording, attributes restored")
  func sweep() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    try testbed.add(Self.device)
    let writer = try fifo(testbed)
    let stream = try StreamProcess(["up-angle", "--json", "--rate", "20"], environment: testbed.environment)
    usleep(300_000)
    #expect(try file(testbed, "buffer/enable") == "1")
    #expect(try file(testbed, "scan_elements/in_accel_x_en") == "1")
    #expect(
      try file(testbed, "scan_elements/in_timestamp_en") == "1", "x, y, z and the timestamp, as the recording has them")
    writer.write(try Data(contentsOf: Self.recordings.appendingPathComponent("orientation-left-up.bin")))
    stream.waitForLines(4)
    usleep(200_000)
    stream.signal(SIGTERM)
    #expect(stream.wait() == 143)
    #expect(!stream.stderr.contains("polling"), "\(stream.stderr)")
    let last = try stream.json(try #require(stream.received.last))
    #expect(abs((last["angleDegrees"] as? Double ?? 0) - 74.2) < 0.1)
    #expect(last["orientation"] as? String == "landscape-right")
    #expect(try file(testbed, "buffer/enable") == "0")
    #expect(try file(testbed, "scan_elements/in_accel_x_en") == "0")
    #expect(try file(testbed, "scan_elements/in_timestamp_en") == "0")
  }

  @Test("no scan within 500 ms: restore the buffer and poll instead, saying so")
  func silentBuffer() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    try testbed.add(Self.device)
    let writer = try fifo(testbed)
    let stream = try StreamProcess(
      ["up-angle", "--json", "--rate", "20", "--timeout", "1.2"], environment: testbed.environment)
    #expect(stream.wait() == 0)
    _ = writer
    #expect(stream.stderr.contains("no data from the IIO buffer of iio:device5 within 500 ms; polling sysfs instead"))
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.last?["orientation"] as? String == "face-up", "the polled values")
    #expect(try file(testbed, "buffer/enable") == "0")
    #expect(try file(testbed, "scan_elements/in_accel_x_en") == "0")
  }

  @Test("a buffer another reader enabled is left alone: polled")
  func busyBuffer() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    try testbed.add(Self.device.replacingOccurrences(of: "A: buffer/enable=0", with: "A: buffer/enable=1"))
    _ = try fifo(testbed)
    let stream = try StreamProcess(["up-angle", "--json", "--count", "2"], environment: testbed.environment)
    #expect(stream.wait() == 0)
    #expect(try file(testbed, "buffer/enable") == "1")
    #expect(try file(testbed, "scan_elements/in_accel_x_en") == "0", "nothing written")
    #expect(try stream.json(try #require(stream.received.last))["orientation"] as? String == "face-up")
  }
}
