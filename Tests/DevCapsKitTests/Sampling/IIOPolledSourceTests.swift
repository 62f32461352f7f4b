import Foundation
import Testing

@testable import DevCapsKit

/// The polled source on device directories laid out as the kernel does. The gyroscope's
/// attributes are those of an InvenSense MPU-6050 (drivers/iio/imu/inv_mpu6050): a shared
/// `in_anglvel_scale` (±2000 °/s: 0.001064724 rad/s per count) and one `in_mount_matrix` for
/// both of its sensors.
@Suite("Polled IIO source")
struct IIOPolledSourceTests {
  static let imu = [
    "name": "mpu6050",
    "in_accel_x_raw": "0", "in_accel_y_raw": "16384", "in_accel_z_raw": "0", "in_accel_scale": "0.000598",
    "in_anglvel_x_raw": "100", "in_anglvel_y_raw": "-200", "in_anglvel_z_raw": "7", "in_anglvel_scale": "0.001064724",
    "in_mount_matrix": "0, 1, 0; -1, 0, 0; 0, 0, -1",
  ]

  @Test("a gyroscope in rad/s, through its mount matrix, stamped with CLOCK_MONOTONIC at the read")
  func gyroscope() throws {
    let directory = try IIODirectory(Self.imu, name: "iio:device3")
    let source = try #require(IIOPolledSource(device: directory.describe(), kinds: [.gyroscope]))
    #expect(source.id == "iio:device3")
    #expect(source.mode == .polled)
    let before = SampleTimestamp.now()
    let sample = try source.sample(.gyroscope).get()
    let after = SampleTimestamp.now()
    let scale = 0.001064724
    // Mounted turned: corrected = (raw y, −raw x, −raw z).
    #expect(sample.vector == Vector3(-200 * scale, -(100 * scale), -(7 * scale)))
    #expect(sample.kind == .gyroscope)
    #expect(sample.timestamp.clock == .monotonic)
    #expect(before.nanoseconds <= sample.timestamp.nanoseconds && sample.timestamp.nanoseconds <= after.nanoseconds)

    try directory.root.write(
      String(directory.syspath.dropFirst(directory.root.path.count)) + "/in_anglvel_z_raw", "-1000\n")
    #expect(try source.sample(.gyroscope).get().vector?.z == 1000 * scale, "read anew each time")
    #expect(source.sample(.accelerometer) == .failure(.notDelivered(kind: .accelerometer, id: "iio:device3")))
  }

  @Test("both groups of a combined chip from one source, the accelerometer in g")
  func combined() throws {
    let directory = try IIODirectory(Self.imu)
    let source = try #require(IIOPolledSource(device: directory.describe(), kinds: [.accelerometer, .gyroscope]))
    let gravity = try #require(try source.sample(.accelerometer).get().vector)
    #expect(gravity == Vector3(16384 * 0.000598, -0.0, -0.0) / standardGravity)
    #expect(try source.sample(.gyroscope).get().vector != nil)
  }

  @Test("a magnetometer in µT (IIO reports gauss), a light sensor in lx, proximity raw")
  func otherUnits() throws {
    let directory = try IIODirectory([
      "in_magn_x_raw": "1000", "in_magn_y_raw": "-500", "in_magn_z_raw": "200", "in_magn_scale": "0.000146",
      "in_illuminance_raw": "120", "in_illuminance_scale": "0.5",
      "in_proximity_raw": "3000", "in_proximity_scale": "9",
    ])
    let device = directory.describe()
    let magnetometer = try #require(IIOPolledSource(device: device, kinds: [.magnetometer]))
    #expect(
      try magnetometer.sample(.magnetometer).get().vector == Vector3(1000 * 0.000146, -500 * 0.000146, 200 * 0.000146)
        * 100)
    #expect(try IIOPolledSource(device: device, kinds: [.light])?.sample(.light).get().scalar == 60)
    #expect(try IIOPolledSource(device: device, kinds: [.proximity])?.sample(.proximity).get().scalar == 3000)
  }

  @Test("garbage and removal are problems naming the file; a missing axis means no source")
  func problems() throws {
    let directory = try IIODirectory(Self.imu)
    let source = try #require(IIOPolledSource(device: directory.describe(), kinds: [.gyroscope]))
    let relative = String(directory.syspath.dropFirst(directory.root.path.count))
    try directory.root.write(relative + "/in_anglvel_y_raw", "busy\n")
    #expect(
      source.sample(.gyroscope) == .failure(.garbage(path: directory.syspath + "/in_anglvel_y_raw", text: "busy")))
    try FileManager.default.removeItem(atPath: directory.syspath)
    #expect(source.sample(.gyroscope) == .failure(.gone(kind: .gyroscope, id: "iio:device0")))
    #expect(
      SampleError.gone(kind: .gyroscope, id: "iio:device0").description == "the gyroscope iio:device0 went away")

    let twoAxes = try IIODirectory(["in_anglvel_x_raw": "0", "in_anglvel_y_raw": "0"]).describe()
    #expect(IIOPolledSource(device: twoAxes, kinds: [.gyroscope]) == nil)
  }
}
