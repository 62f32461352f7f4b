import Foundation
import Testing

@testable import DevCapsKit

/// The two real buffered recordings from iio-sensor-proxy's tests, in Tests/Recordings (see the
/// README there for their provenance and licence).
enum IIORecording {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Recordings/iio-sensor-proxy")

  static let layout = ScanLayout([
    ("in_accel_x", 0, ScanFormat.parse("le:s16/32>>0")!), ("in_accel_y", 1, ScanFormat.parse("le:s16/32>>0")!),
    ("in_accel_z", 2, ScanFormat.parse("le:s16/32>>0")!), ("in_timestamp", 3, ScanFormat.parse("le:s64/64>>0")!),
  ])

  static func raw(_ name: String) throws -> [Vector3] {
    let data = try Data(contentsOf: directory.appendingPathComponent(name))
    return data.withUnsafeBytes { bytes in
      stride(from: 0, to: bytes.count - layout.scanBytes + 1, by: layout.scanBytes).map { start in
        let scan = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + layout.scanBytes)])
        func axis(_ name: String) -> Double {
          Double(layout.channel(name)!.format.decode(scan, at: layout.channel(name)!.offset)!)
        }
        return Vector3(axis("in_accel_x"), axis("in_accel_y"), axis("in_accel_z"))
      }
    }
  }

  /// Scale 1.0: only directions matter, so raw counts serve as the vector.
  static func load(_ name: String) throws -> [Vector3] { try raw(name) }
}

@Suite("IIO buffer scans")
struct ScanFormatTests {
  @Test(
    "type strings",
    arguments: [
      ("le:s16/32>>0", ScanFormat(bigEndian: false, signed: true, realBits: 16, storageBits: 32, shift: 0)),
      ("be:u12/16>>4", ScanFormat(bigEndian: true, signed: false, realBits: 12, storageBits: 16, shift: 4)),
      ("le:s64/64>>0\n", ScanFormat(bigEndian: false, signed: true, realBits: 64, storageBits: 64, shift: 0)),
    ])
  func parses(text: String, expected: ScanFormat) {
    #expect(ScanFormat.parse(text) == expected)
  }

  @Test(
    "malformed or unsupported types are nil",
    arguments: [
      "", "xx:s16/32>>0", "le:x16/32>>0", "le:s16/24>>0", "le:s33/32>>0", "le:s16/16>>4", "le:s12/16X2>>4",
      "le:s16/32>0", "le:s0/8>>0",
    ])
  func rejects(text: String) {
    #expect(ScanFormat.parse(text) == nil)
  }

  @Test("decoding: endianness, shift, mask and sign extension")
  func decode() {
    let format = ScanFormat.parse("be:s12/16>>4")!
    // 0xFFF0 >> 4 = 0xFFF = -1 in 12 bits.
    [UInt8(0xFF), 0xF0].withUnsafeBytes { #expect(format.decode($0, at: 0) == -1) }
    [UInt8(0x7F), 0xF0].withUnsafeBytes { #expect(format.decode($0, at: 0) == 2047) }
    [UInt8(0x01)].withUnsafeBytes { #expect(format.decode($0, at: 0) == nil, "past the end") }
    let unsigned = ScanFormat.parse("le:u8/8>>0")!
    [UInt8(0xFF)].withUnsafeBytes { #expect(unsigned.decode($0, at: 0) == 255) }
  }

  @Test("channels are naturally aligned and the scan padded: the recordings' 24-byte layout")
  func layout() {
    #expect(IIORecording.layout.channels.map(\.offset) == [0, 4, 8, 16])
    #expect(IIORecording.layout.scanBytes == 24)
    let mixed = ScanLayout([("a", 0, ScanFormat.parse("le:s16/16>>0")!), ("b", 1, ScanFormat.parse("le:s32/32>>0")!)])
    #expect(mixed.channels.map(\.offset) == [0, 4])
    #expect(mixed.scanBytes == 8)
  }

  @Test("the upright recording decodes to (103, −919, −385): portrait")
  func upright() throws {
    let samples = try IIORecording.raw("orientation-normal.bin")
    #expect(samples == [Vector3(103, -919, -385)])
    var classifier = OrientationClassifier()
    #expect(classifier.update(samples[0]) == .portrait)
  }

  @Test("the left-up sweep: angles the fixture README gives, junk in the upper bytes masked away")
  func sweep() throws {
    let samples = try IIORecording.raw("orientation-left-up.bin")
    #expect(samples.count == 15)
    #expect(samples[0] == Vector3(173, -829, -581))
    #expect(samples[11] == Vector3(907, 1, -150))
    let angles = samples.map { UpAngle.degrees($0) ?? .nan }
    #expect(abs(angles[0] - 11.8) < 0.05)
    #expect(abs(angles[8] - 58.3) < 0.05)
    #expect(abs(angles[11] - 90.1) < 0.05)
    #expect(abs(angles[14] - 74.2) < 0.05)
  }
}

@Suite("The orientation of a real recording")
struct RecordedOrientationTests {
  @Test("iio-sensor-proxy's recording, turned from upright to left edge up")
  func recording() throws {
    var classifier = OrientationClassifier()
    let states = try IIORecording.load("orientation-left-up.bin").map { classifier.update($0) }
    #expect(states.first == .portrait)
    #expect(states[11] == .landscapeRight)
    #expect(states.last == .landscapeRight)
  }
}
