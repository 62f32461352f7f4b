import Testing

@testable import DevCapsKit

/// A gyroscope's range from sysfs (Documentation/ABI/testing/sysfs-bus-iio): the scan type's
/// largest count (`scan_elements/in_anglvel_x_type`, `le:s16/16>>0`: 32767) times the scale.
@Suite("IIO full-scale range")
struct IIOFullScaleTests {
  /// A BMI160-like gyroscope at ±2000°/s: 16 signed bits, 0.001064724 rad/s a count.
  static func gyroscope(types: [String], scale: [String: String] = ["in_anglvel_scale": "0.001064724"]) throws
    -> IIODevice
  {
    var files = scale
    for (index, axis) in ["x", "y", "z"].enumerated() {
      files["in_anglvel_\(axis)_raw"] = "0"
      files["scan_elements/in_anglvel_\(axis)_en"] = "0"
      files["scan_elements/in_anglvel_\(axis)_index"] = "\(index)"
      if index < types.count { files["scan_elements/in_anglvel_\(axis)_type"] = types[index] }
    }
    return try IIODirectory(files).describe()
  }

  @Test("16 signed bits times in_anglvel_scale: ±2000°/s, the smaller end (32767, not 32768)")
  func sixteenBits() throws {
    let group = try #require(try Self.gyroscope(types: Array(repeating: "le:s16/16>>0", count: 3)).group(.gyroscope))
    let range = try #require(group.fullScale)
    #expect(abs(range - 32767 * 0.001064724) < 1e-9)
    #expect(abs(range * 180 / Double.pi - 1998.9) < 0.1)
  }

  @Test("the real bits, not the storage: 12 of 16 shifted by 4 reads ±2047 counts")
  func realBits() throws {
    let group = try #require(try Self.gyroscope(types: Array(repeating: "be:s12/16>>4", count: 3)).group(.gyroscope))
    #expect(group.fullScale == 2047 * 0.001064724)
  }

  @Test("an axis with its own scale: the smallest axis's range")
  func ownScale() throws {
    let group = try #require(
      try Self.gyroscope(
        types: Array(repeating: "le:s16/16>>0", count: 3),
        scale: ["in_anglvel_scale": "0.001", "in_anglvel_z_scale": "0.0005"]
      ).group(.gyroscope))
    #expect(group.fullScale == 32767 * 0.0005)
  }

  @Test("no scan type on an axis (a device without a buffer, or a type devcaps cannot decode): unknown")
  func unknown() throws {
    #expect(try Self.gyroscope(types: ["le:s16/16>>0", "le:s16/16>>0"]).group(.gyroscope)?.fullScale == nil)
    #expect(try Self.gyroscope(types: Array(repeating: "le:s16/32X4>>0", count: 3)).group(.gyroscope)?.fullScale == nil)
    let polled = try IIODirectory([
      "in_anglvel_x_raw": "0", "in_anglvel_y_raw": "0", "in_anglvel_z_raw": "0", "in_anglvel_scale": "0.001",
    ]).describe()
    #expect(polled.group(.gyroscope)?.fullScale == nil)
  }
}
