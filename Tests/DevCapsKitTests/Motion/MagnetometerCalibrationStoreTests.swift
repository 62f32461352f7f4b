import DevCapsMotion
import Foundation
import Testing

@testable import DevCapsKit

@Suite("Magnetometer calibration store")
struct MagnetometerCalibrationStoreTests {
  static let sensor = SensorInfo(
    type: .magnetometer, id: "iio:device2", bus: "iio",
    syspath: "/sys/devices/platform/soc/1c2b000.i2c/i2c-1/1-001e/iio:device2")

  static func directory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-calibration-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  static let good = MagnetometerCalibration(
    offset: Vector3(12, -30, 4), scale: Vector3(1, 0.98, 1.02), fieldStrength: 48, accuracy: .high)

  @Test("a calibration saved is loaded back, from a file only its owner reads")
  func roundTrip() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = MagnetometerCalibrationStore(stateDirectory: directory)
    let path = try store.save(Self.good, for: Self.sensor)
    #expect(try store.load(for: Self.sensor) == Self.good)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test(
    "values no magnetometer gives are refused, saved or loaded: a scale of 0 or 1e308, a huge offset, a field of 0",
    arguments: [
      MagnetometerCalibration(offset: Vector3(0, 0, 0), scale: Vector3(0, 1, 1), fieldStrength: 48, accuracy: .high),
      MagnetometerCalibration(
        offset: Vector3(0, 0, 0), scale: Vector3(1, 1e308, 1), fieldStrength: 48, accuracy: .high),
      MagnetometerCalibration(offset: Vector3(1e6, 0, 0), scale: Vector3(1, 1, 1), fieldStrength: 48, accuracy: .high),
      MagnetometerCalibration(offset: Vector3(0, 0, 0), scale: Vector3(1, 1, 1), fieldStrength: 0, accuracy: .high),
    ])
  func implausible(calibration: MagnetometerCalibration) throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = MagnetometerCalibrationStore(stateDirectory: directory)
    #expect(throws: MagnetometerCalibrationStore.StoreError.self) { try store.save(calibration, for: Self.sensor) }
    // The same values written by hand are refused on load.
    let path = try #require(store.path(for: Self.sensor))
    try FileManager.default.createDirectory(atPath: directory + "/magnetometer", withIntermediateDirectories: true)
    let text = try JSONValueEncoder().encode(calibration).serialized()
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    #expect {
      try store.load(for: Self.sensor)
    } throws: { error in
      guard case .malformed = error as? MagnetometerCalibrationStore.StoreError else { return false }
      return true
    }
  }

  @Test("with neither XDG_STATE_HOME nor HOME there is no state directory: saving says so, nothing is written below /")
  func noStateDirectory() throws {
    let store = MagnetometerCalibrationStore(stateDirectory: nil) { _ in nil }
    #expect(store.directory == nil)
    #expect(throws: MagnetometerCalibrationStore.StoreError.noStateDirectory) {
      try store.save(Self.good, for: Self.sensor)
    }
    #expect(throws: MagnetometerCalibrationStore.StoreError.noStateDirectory) { try store.load(for: Self.sensor) }
    #expect(!FileManager.default.fileExists(atPath: "/.local/state/devcaps"))
    // A relative HOME is no better than none; XDG_STATE_HOME comes first.
    #expect(MagnetometerCalibrationStore(stateDirectory: nil) { $0 == "HOME" ? "relative" : nil }.directory == nil)
    let both = MagnetometerCalibrationStore(stateDirectory: nil) { $0 == "HOME" ? "/home/ada" : "/state" }
    #expect(both.directory == "/state/devcaps/magnetometer")
    #expect(
      MagnetometerCalibrationStore(stateDirectory: nil) { $0 == "HOME" ? "/home/ada" : nil }.directory
        == "/home/ada/.local/state/devcaps/magnetometer")
  }
}
