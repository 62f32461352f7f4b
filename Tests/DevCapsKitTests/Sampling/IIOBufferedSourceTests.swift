import Foundation
import Testing

@testable import DevCapsKit

/// The buffered source on a device directory laid out as the kernel does, its node a FIFO. The
/// scan layout is an InvenSense MPU-6050's (drivers/iio/imu/inv_mpu6050: scan indices accel x, y,
/// z 0–2, temperature 3, angular velocity x, y, z 4–6, timestamp 7; `be:s16/16>>0` for the
/// measurements, `le:s64/64>>0` for the timestamp).
@Suite("Buffered IIO source", .serialized)
struct IIOBufferedSourceTests {
  static func attributes(enabled: Set<String> = [], bufferOn: Bool = false, trigger: String = "") -> [String: String] {
    var files = IIOPolledSourceTests.imu
    files["in_temp_raw"] = "2000"
    files["buffer/enable"] = bufferOn ? "1" : "0"
    files["trigger/current_trigger"] = trigger
    let elements = [
      "in_accel_x", "in_accel_y", "in_accel_z", "in_temp", "in_anglvel_x", "in_anglvel_y", "in_anglvel_z",
      "in_timestamp",
    ]
    for (index, name) in elements.enumerated() {
      files["scan_elements/\(name)_en"] = enabled.contains(name) ? "1" : "0"
      files["scan_elements/\(name)_index"] = String(index)
      files["scan_elements/\(name)_type"] = name == "in_timestamp" ? "le:s64/64>>0" : "be:s16/16>>0"
    }
    return files
  }

  /// The device directory, its FIFO node and the writing end of it.
  struct Bench {
    let directory: IIODirectory
    let node: String
    let writer: FileHandle

    init(_ attributes: [String: String]) throws {
      directory = try IIODirectory(attributes, name: "iio:device3")
      node = directory.root.path + "/dev/iio:device3"
      try FileManager.default.createDirectory(atPath: directory.root.path + "/dev", withIntermediateDirectories: true)
      #expect(mkfifo(node, 0o644) == 0)
      writer = FileHandle(fileDescriptor: open(node, O_RDWR), closeOnDealloc: true)
    }

    func file(_ attribute: String) throws -> String {
      try String(contentsOfFile: directory.syspath + "/" + attribute, encoding: .utf8).trimmingCharacters(
        in: .whitespacesAndNewlines)
    }

    func start(_ kinds: [SensorInfo.Kind], hertz: Double? = nil) throws -> IIOBufferedSource {
      try IIOBufferedSource(
        device: directory.describe(), kinds: kinds, devicePath: node,
        triggers: directory.root.path + "/sys/bus/iio/devices", hertz: hertz)
    }
  }

  /// Accelerometer, angular velocity and timestamp, temperature off: 24 bytes.
  static func scan(accel: [Int16], gyro: [Int16], timestamp: Int64) -> Data {
    var bytes: [UInt8] = []
    for value in accel + gyro {
      bytes += [UInt8(UInt16(bitPattern: value) >> 8), UInt8(UInt16(bitPattern: value) & 0xFF)]
    }
    bytes += [0, 0, 0, 0]
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: timestamp >> Int64(shift))) }
    return Data(bytes)
  }

  @Test("accelerometer and gyroscope from one scan, both stamped with its in_timestamp")
  func combined() throws {
    let bench = try Bench(Self.attributes())
    let source = try bench.start([.accelerometer, .gyroscope])
    var seen: [SensorSample] = []
    source.onSample = { seen.append($0) }
    bench.writer.write(Self.scan(accel: [0, 16384, 0], gyro: [100, -200, 7], timestamp: 1_000_000_123))
    bench.writer.write(Self.scan(accel: [16384, 0, 0], gyro: [0, 0, -940], timestamp: 1_020_000_456))
    #expect(source.drain())
    #expect(source.scansRead == 2)
    #expect(seen.map(\.kind) == [.accelerometer, .gyroscope, .accelerometer, .gyroscope])
    #expect(seen.map(\.timestamp.nanoseconds) == [1_000_000_123, 1_000_000_123, 1_020_000_456, 1_020_000_456])
    #expect(seen.allSatisfy { $0.timestamp.clock == .realtime })
    #expect(seen[0].vector == Vector3(16384 * 0.000598, -0.0, -0.0) / standardGravity)
    #expect(seen[1].vector == Vector3(-200 * 0.001064724, -(100 * 0.001064724), -(7 * 0.001064724)))
    #expect(try source.sample(.gyroscope).get().vector?.z == 940 * 0.001064724, "the newest scan")
    #expect(try source.sample(.accelerometer).get().timestamp.nanoseconds == 1_020_000_456)
    #expect(source.stop() == [])
    #expect(try bench.file("buffer/enable") == "0")
    #expect(try bench.file("scan_elements/in_anglvel_x_en") == "0")
  }

  @Test(
    "a stream's rate sets the sensor's sampling_frequency to the nearest it offers, put back at the end",
    arguments: [(40.0, "50"), (10.0, "10"), (75.0, "100"), (1000.0, "500")])
  func samplingFrequency(hertz: Double, chosen: String) throws {
    var attributes = Self.attributes()
    attributes["sampling_frequency"] = "200"
    attributes["sampling_frequency_available"] = "10 20 50 100 200 500"
    let bench = try Bench(attributes)
    let source = try bench.start([.accelerometer], hertz: hertz)
    #expect(try bench.file("sampling_frequency") == chosen)
    #expect(source.samplingFrequency == Double(chosen))
    #expect(source.stop() == [])
    #expect(try bench.file("sampling_frequency") == "200")
  }

  @Test("a driver that lists no rates, or a range, keeps its sampling_frequency; a tie takes the faster")
  func samplingFrequencyLeftAlone() throws {
    var attributes = Self.attributes()
    attributes["sampling_frequency"] = "200"
    attributes["sampling_frequency_available"] = "[1 1 1000]"
    let bench = try Bench(attributes)
    let source = try bench.start([.accelerometer], hertz: 40)
    #expect(source.samplingFrequency == nil)
    #expect(try bench.file("sampling_frequency") == "200")
    #expect(source.stop() == [])
    #expect(SamplingFrequency.nearest(to: 75, among: "50 100") == 100)
    #expect(SamplingFrequency.nearest(to: 12, among: "12.5 25") == 12.5)
  }

  @Test("before the first scan there is nothing; a group not asked for is not delivered")
  func noData() throws {
    let bench = try Bench(Self.attributes())
    let source = try bench.start([.gyroscope])
    #expect(source.sample(.gyroscope) == .failure(.noDataYet))
    #expect(source.sample(.accelerometer) == .failure(.notDelivered(kind: .accelerometer, id: "iio:device3")))
    #expect(source.stop() == [])
  }

  @Test("a buffer another reader enabled is not touched")
  func busy() throws {
    let bench = try Bench(Self.attributes(enabled: ["in_accel_x"], bufferOn: true))
    #expect(throws: IIOBufferedSource.OpenError.busy) { try bench.start([.accelerometer]) }
    #expect(try bench.file("scan_elements/in_accel_y_en") == "0")
  }

  @Test("an enabled element devcaps cannot lay out: no buffer, nothing written")
  func undecodable() throws {
    var attributes = Self.attributes(enabled: ["in_temp"])
    attributes["scan_elements/in_temp_type"] = "be:s16/16X2>>0"
    let bench = try Bench(attributes)
    #expect(throws: IIOBufferedSource.OpenError.undecodable(element: "in_temp", type: "be:s16/16X2>>0")) {
      try bench.start([.accelerometer])
    }
    #expect(try bench.file("scan_elements/in_accel_x_en") == "0")
    #expect(try bench.file("buffer/enable") == "0")
  }

  @Test("what cannot be put back is returned, and the rest is put back all the same")
  func restoreFailure() throws {
    let bench = try Bench(Self.attributes())
    try bench.directory.root.write("/sys/bus/iio/devices/trigger0/name", "mpu6050-dev3\n")
    let source = try bench.start([.accelerometer])
    #expect(try bench.file("trigger/current_trigger") == "mpu6050-dev3", "the driver's own trigger, as none was set")
    try FileManager.default.removeItem(atPath: bench.directory.syspath + "/trigger")
    let failures = source.stop()
    #expect(failures.map(\.path) == [bench.directory.syspath + "/trigger/current_trigger"])
    #expect(failures.first?.errno == .noSuchFileOrDirectory)
    #expect(try bench.file("buffer/enable") == "0")
    #expect(try bench.file("scan_elements/in_accel_x_en") == "0")
    #expect(source.stop() == [], "a second stop does nothing")
  }

  @Test("a write the kernel refuses is an error value")
  func refusedWrite() {
    guard case .failure(let failure) = SysfsAttribute.write("/sys/nonexistent-attribute", "1") else {
      Issue.record("writing to /sys/nonexistent-attribute succeeded")
      return
    }
    #expect(failure == SysfsWriteError(path: "/sys/nonexistent-attribute", value: "1", errno: .noSuchFileOrDirectory))
    #expect(
      SysfsWriteError(path: "/x", value: "1", errno: .busy).description
        == "cannot write '1' to /x: Device or resource busy")
  }
}
