import Foundation
import Testing

@testable import DevCapsKit

/// A combined accelerometer + gyroscope (an InvenSense MPU-6050) read through its IIO buffer on a
/// umockdev testbed, its node a FIFO fed with scans built here byte by byte.
///
/// The device is laid out as drivers/iio/imu/inv_mpu6050 makes it: scan indices accel x, y, z
/// 0–2, temperature 3, angular velocity x, y, z 4–6, timestamp 7; `be:s16/16>>0` for the
/// measurements and `le:s64/64>>0` for the timestamp; shared `in_accel_scale` (±2 g) and
/// `in_anglvel_scale` (±2000 °/s); one `in_mount_matrix` for both sensors (the PinePhone's, as in
/// Fixtures/machines/pinephone); the driver's own trigger `mpu6050-dev3`, here cleared (as
/// `echo > trigger/current_trigger` leaves it) so that devcaps sets it and puts it back.
@Suite("Combined accelerometer and gyroscope through the IIO buffer", .serialized)
struct CombinedIMUBufferTests {
  static let syspath = "/sys/devices/platform/soc/1c2b000.i2c/i2c-1/1-0068/iio:device3"
  static let accelScale = 0.000598
  static let gyroScale = 0.001064724

  /// Polled, the device lies flat; only the buffer says anything else. `enabled` are the scan
  /// elements someone left on.
  static func devices(enabled: Set<String> = []) -> String {
    var text = """
      P: /devices/platform/soc/1c2b000.i2c/i2c-1/1-0068/iio:device3
      N: iio:device3
      E: SUBSYSTEM=iio
      E: DEVTYPE=iio_device
      A: name=mpu6050
      A: in_accel_x_raw=0
      A: in_accel_y_raw=0
      A: in_accel_z_raw=16384
      A: in_accel_scale=0.000598
      A: in_anglvel_x_raw=0
      A: in_anglvel_y_raw=0
      A: in_anglvel_z_raw=0
      A: in_anglvel_scale=0.001064724
      A: in_temp_raw=2000
      A: in_temp_scale=2.941176
      A: in_temp_offset=12420
      A: in_mount_matrix=0, 1, 0; -1, 0, 0; 0, 0, -1
      A: sampling_frequency=50
      A: current_timestamp_clock=realtime
      A: buffer/enable=0
      A: buffer/length=480
      A: trigger/current_trigger=

      """
    let elements = [
      "in_accel_x", "in_accel_y", "in_accel_z", "in_temp", "in_anglvel_x", "in_anglvel_y", "in_anglvel_z",
      "in_timestamp",
    ]
    for (index, name) in elements.enumerated() {
      text += "A: scan_elements/\(name)_en=\(enabled.contains(name) ? 1 : 0)\n"
      text += "A: scan_elements/\(name)_index=\(index)\n"
      text += "A: scan_elements/\(name)_type=\(name == "in_timestamp" ? "le:s64/64>>0" : "be:s16/16>>0")\n"
    }
    return text + """

      P: /devices/platform/soc/1c2b000.i2c/i2c-1/1-0068/trigger0
      E: SUBSYSTEM=iio
      A: name=mpu6050-dev3

      """
  }

  /// One scan: big-endian 16-bit measurements at their natural offsets, the temperature when it
  /// is enabled, padding to the 8-byte timestamp, the timestamp little-endian.
  static func scan(accel: [Int16], temperature: Int16? = nil, gyro: [Int16], timestamp: Int64) -> Data {
    var bytes: [UInt8] = []
    for value in accel + (temperature.map { [$0] } ?? []) + gyro {
      bytes += [UInt8(UInt16(bitPattern: value) >> 8), UInt8(UInt16(bitPattern: value) & 0xFF)]
    }
    while bytes.count % 8 != 0 { bytes.append(0) }
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: timestamp >> Int64(shift))) }
    return Data(bytes)
  }

  /// Replaces the device node with a FIFO and opens its writing end without waiting.
  static func fifo(at node: String) throws -> FileHandle {
    try? FileManager.default.removeItem(atPath: node)
    #expect(mkfifo(node, 0o644) == 0)
    let fd = open(node, O_RDWR)
    #expect(fd >= 0)
    return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
  }

  /// Waits (up to 10 s: a sanitized build starts slowly) until devcaps has enabled the buffer.
  static func waitForEnabledBuffer(_ root: String) -> Bool {
    for _ in 0..<1000 {
      if (try? file(root, "buffer/enable")) == "1" { return true }
      usleep(10_000)
    }
    return false
  }

  static func file(_ root: String, _ attribute: String) throws -> String {
    try String(contentsOfFile: root + syspath + "/" + attribute, encoding: .utf8).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  @Test("both vectors of each scan with the scan's timestamp, every attribute put back after")
  func library() throws {
    let testbed = try Testbed()
    try testbed.addDevices(Self.devices())
    let writer = try Self.fifo(at: testbed.root + "/dev/iio:device3")
    // The testbed's files, read directly: this process has no umockdev preload.
    let device = IIODevice(describing: SysfsDeviceDirectory(syspath: testbed.root + Self.syspath))
    #expect(device.groups.map(\.kind) == [.accelerometer, .gyroscope, .temperature])
    let source = try IIOBufferedSource(
      device: device, kinds: [.accelerometer, .gyroscope], devicePath: testbed.root + "/dev/iio:device3",
      triggers: testbed.root + "/sys/bus/iio/devices")
    #expect(try Self.file(testbed.root, "buffer/enable") == "1")
    #expect(
      try ["in_accel_x", "in_accel_z", "in_anglvel_y", "in_timestamp"].map {
        try Self.file(testbed.root, "scan_elements/\($0)_en")
      } == ["1", "1", "1", "1"])
    #expect(try Self.file(testbed.root, "scan_elements/in_temp_en") == "0")
    #expect(try Self.file(testbed.root, "trigger/current_trigger") == "mpu6050-dev3")

    var samples: [SensorSample] = []
    source.onSample = { samples.append($0) }
    writer.write(Self.scan(accel: [16384, 0, 0], gyro: [0, 0, 940], timestamp: 1_732_000_000_000_000_001))
    writer.write(Self.scan(accel: [0, 16384, -300], gyro: [-1000, 50, 0], timestamp: 1_732_000_000_020_000_002))
    #expect(source.drain())
    #expect(samples.map(\.kind) == [.accelerometer, .gyroscope, .accelerometer, .gyroscope])
    #expect(
      samples.map(\.timestamp)
        == [1_732_000_000_000_000_001, 1_732_000_000_000_000_001, 1_732_000_000_020_000_002, 1_732_000_000_020_000_002]
        .map {
          SampleTimestamp(nanoseconds: $0, clock: .realtime)
        })
    // Mounted turned: (x, y, z) in the device frame is (raw y, −raw x, −raw z).
    let upright = try #require(samples[0].vector)
    #expect(
      abs(upright.x) < 1e-12 && abs(upright.y + 16384 * Self.accelScale / 9.80665) < 1e-12 && abs(upright.z) < 1e-12)
    let spin = try #require(samples[1].vector)
    #expect(abs(spin.z + 940 * Self.gyroScale) < 1e-12 && abs(spin.x) < 1e-12 && abs(spin.y) < 1e-12)
    let turned = try #require(samples[2].vector)
    #expect(
      abs(turned.x - 16384 * Self.accelScale / 9.80665) < 1e-12
        && abs(turned.z - 300 * Self.accelScale / 9.80665) < 1e-12)
    let rate = try #require(samples[3].vector)
    #expect(abs(rate.x - 50 * Self.gyroScale) < 1e-12 && abs(rate.y - 1000 * Self.gyroScale) < 1e-12)
    #expect(try source.sample(.gyroscope).get() == samples[3])

    #expect(source.stop() == [])
    #expect(try Self.file(testbed.root, "buffer/enable") == "0")
    for name in [
      "in_accel_x", "in_accel_y", "in_accel_z", "in_anglvel_x", "in_anglvel_y", "in_anglvel_z", "in_timestamp",
      "in_temp",
    ] {
      #expect(try Self.file(testbed.root, "scan_elements/\(name)_en") == "0", "\(name)")
    }
    #expect(try Self.file(testbed.root, "trigger/current_trigger") == "")
  }

  @Test("up-angle keeps the gyroscope and temperature someone enabled, lays the scan out with them, and leaves them on")
  func keepsOthersEnabled() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    let others: Set<String> = ["in_temp", "in_anglvel_x", "in_anglvel_y", "in_anglvel_z"]
    try testbed.add(Self.devices(enabled: others))
    let writer = try Self.fifo(at: testbed.root + "/dev/iio:device3")
    let stream = try StreamProcess(["up-angle", "--json", "--rate", "20"], environment: testbed.environment)
    #expect(Self.waitForEnabledBuffer(testbed.root), "\(stream.stderr)")
    #expect(try Self.file(testbed.root, "scan_elements/in_accel_y_en") == "1")
    #expect(try Self.file(testbed.root, "scan_elements/in_timestamp_en") == "1")
    #expect(try Self.file(testbed.root, "scan_elements/in_anglvel_z_en") == "1")
    #expect(try Self.file(testbed.root, "trigger/current_trigger") == "mpu6050-dev3")

    // Upright, then turned clockwise onto its left edge; the gyroscope's words sit between.
    writer.write(Self.scan(accel: [16384, 0, 0], temperature: 2000, gyro: [-32768, 32767, -1], timestamp: 1))
    stream.waitForLines(2)
    writer.write(Self.scan(accel: [0, 16384, 0], temperature: -2000, gyro: [32767, -32768, 1], timestamp: 2))
    usleep(300_000)
    stream.signal(SIGTERM)
    #expect(stream.wait() == 143)
    #expect(!stream.stderr.contains("polling"), "\(stream.stderr)")
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.first?["orientation"] as? String == "portrait")
    #expect(events.first?["angleDegrees"] as? Double == 0)
    #expect(events.last?["orientation"] as? String == "landscape-right")
    #expect(events.last?["angleDegrees"] as? Double == 90)

    #expect(try Self.file(testbed.root, "buffer/enable") == "0")
    #expect(try Self.file(testbed.root, "scan_elements/in_accel_y_en") == "0")
    #expect(try Self.file(testbed.root, "scan_elements/in_timestamp_en") == "0")
    for name in others {
      #expect(try Self.file(testbed.root, "scan_elements/\(name)_en") == "1", "\(name) left as found")
    }
    #expect(try Self.file(testbed.root, "trigger/current_trigger") == "")
  }

  @Test(
    "watch motion reads both sensors from the one buffer: upright, spinning at the scans' rate, everything put back after"
  )
  func deviceMotion() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    try testbed.add(Self.devices())
    let writer = try Self.fifo(at: testbed.root + "/dev/iio:device3")
    let stream = try StreamProcess(["watch", "motion", "--json", "--rate", "50"], environment: testbed.environment)
    #expect(Self.waitForEnabledBuffer(testbed.root), "\(stream.stderr)")
    #expect(
      try ["in_accel_x", "in_anglvel_z", "in_timestamp"].map { try Self.file(testbed.root, "scan_elements/\($0)_en") }
        == ["1", "1", "1"])
    // Upright, turning about the vertical (the device's y, the chip's −x) at 940 counts = 1.0
    // rad/s, so gravity stays where it is; 100 scans a second.
    for index in 0..<150 {
      writer.write(Self.scan(accel: [16384, 0, 0], gyro: [-940, 0, 0], timestamp: Int64(index) * 10_000_000))
      usleep(10_000)
    }
    stream.signal(SIGTERM)
    #expect(stream.wait() == 143)
    #expect(!stream.stderr.contains("polling"), "\(stream.stderr)")
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.count > 20)
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
    let last = try #require(events.last)
    #expect(last["source"] as? String == "fusion" && last["sensors"] as? [String] == ["iio:device3"])
    let attitude = try #require(last["attitude"] as? [String: Any])
    #expect(abs((attitude["pitchDegrees"] as? Double ?? 0) - 90) < 1, "upright: \(attitude)")
    let rate = try #require(last["rotationRate"] as? [String: Double])
    #expect(
      abs(rate["y"]! - 940 * Self.gyroScale) < 0.01 && abs(rate["x"]!) < 0.01 && abs(rate["z"]!) < 0.01, "\(rate)")
    // Upright is Euler's gimbal lock (a turn may show in yaw or in roll): the quaternion says it.
    func quaternion(_ event: [String: Any]) -> [Double] {
      let q = (event["attitude"] as? [String: Any])?["quaternion"] as? [String: Double] ?? [:]
      return ["w", "x", "y", "z"].map { q[$0] ?? .nan }
    }
    let turned = 2 * acos(min(1, abs(zip(quaternion(events[0]), quaternion(last)).map(*).reduce(0, +)))) * 180 / .pi
    #expect(turned > 20, "the turn shows in the attitude: \(turned)°")

    #expect(try Self.file(testbed.root, "buffer/enable") == "0")
    for name in [
      "in_accel_x", "in_accel_y", "in_accel_z", "in_anglvel_x", "in_anglvel_y", "in_anglvel_z", "in_timestamp",
    ] {
      #expect(try Self.file(testbed.root, "scan_elements/\(name)_en") == "0", "\(name)")
    }
    #expect(try Self.file(testbed.root, "trigger/current_trigger") == "")
  }
}
