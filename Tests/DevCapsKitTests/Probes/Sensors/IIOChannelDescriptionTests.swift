import Foundation
import Testing

@testable import DevCapsKit

/// An IIO device directory laid out as the kernel does (attributes at the top, `scan_elements/`,
/// `buffer/`, `trigger/`), in a temporary directory, read without udev.
struct IIODirectory {
  let root: TemporaryRoot
  let syspath: String

  init(_ attributes: [String: String], name: String = "iio:device0") throws {
    root = try TemporaryRoot()
    syspath = root.path + "/sys/devices/platform/sensor/" + name
    for (attribute, value) in attributes {
      try root.write(String(syspath.dropFirst(root.path.count)) + "/" + attribute, value + "\n")
    }
  }

  func describe(properties: [String: String] = [:], context: ProbeContext = ProbeContext()) -> IIODevice {
    IIODevice(describing: SysfsDeviceDirectory(syspath: syspath, properties: properties), context: context)
  }
}

@Suite("IIO channel description")
struct IIOChannelDescriptionTests {
  /// The kernel's rule (Documentation/ABI/testing/sysfs-bus-iio): a channel's own
  /// `in_accel_x_scale` before the shared `in_accel_scale`, the same for offset; the device's
  /// bare `scale` last (docs/explanation/motion.md), then 1 and 0.
  static let precedence: [(String, [String: String], [Double], [Double])] = [
    ("shared only", ["in_accel_scale": "0.5"], [0.5, 0.5, 0.5], [0, 0, 0]),
    (
      "one axis's own before the shared", ["in_accel_x_scale": "0.25", "in_accel_scale": "0.5"], [0.25, 0.5, 0.5],
      [0, 0, 0]
    ),
    (
      "every axis its own",
      ["in_accel_x_scale": "1", "in_accel_y_scale": "2", "in_accel_z_scale": "3", "in_accel_scale": "9"], [1, 2, 3],
      [0, 0, 0]
    ),
    ("the device's scale when nothing else", ["scale": "0.01"], [0.01, 0.01, 0.01], [0, 0, 0]),
    ("the shared before the device's", ["in_accel_scale": "0.02", "scale": "0.01"], [0.02, 0.02, 0.02], [0, 0, 0]),
    ("nothing: 1 and 0", [:], [1, 1, 1], [0, 0, 0]),
    ("offset: own before shared", ["in_accel_z_offset": "-3", "in_accel_offset": "10"], [1, 1, 1], [10, 10, -3]),
    ("offset: shared only", ["in_accel_offset": "-2.5"], [1, 1, 1], [-2.5, -2.5, -2.5]),
    (
      "a gyroscope's own type, not the accelerometer's", ["in_anglvel_scale": "7", "in_accel_scale": "0.5"],
      [0.5, 0.5, 0.5], [0, 0, 0]
    ),
  ]

  @Test("scale and offset precedence", arguments: precedence)
  func scaleAndOffset(name: String, attributes: [String: String], scales: [Double], offsets: [Double]) throws {
    var files = ["in_accel_x_raw": "0", "in_accel_y_raw": "0", "in_accel_z_raw": "0"]
    files.merge(attributes) { $1 }
    let device = try IIODirectory(files).describe()
    let group = try #require(device.group(.accelerometer), "\(name)")
    #expect(group.channels.map(\.name) == ["in_accel_x", "in_accel_y", "in_accel_z"])
    #expect(group.channels.map(\.scale) == scales, "\(name)")
    #expect(group.channels.map(\.offset) == offsets, "\(name)")
  }

  @Test("value = (raw + offset) × scale; a processed _input is taken as it is")
  func value() throws {
    let channel = IIOChannel(name: "in_accel_x", attribute: "in_accel_x_raw", scale: 0.5, offset: -4)
    #expect(channel.value(raw: 10) == 3)
    #expect(channel.value(polled: 10) == 3)
    let processed = IIOChannel(
      name: "in_accel_x", attribute: "in_accel_x_input", isProcessed: true, scale: 0.5, offset: -4)
    #expect(processed.value(polled: 10) == 10)
    #expect(processed.value(raw: 10) == 3, "a scan is always raw")
  }

  @Test("a garbage scale is reported, and the shared one does not stand in for it")
  func garbageScale() throws {
    let context = ProbeContext()
    let directory = try IIODirectory([
      "in_accel_x_raw": "0", "in_accel_y_raw": "0", "in_accel_z_raw": "0", "in_accel_x_scale": "fast",
      "in_accel_scale": "0.5",
    ])
    let group = try #require(directory.describe(context: context).group(.accelerometer))
    #expect(group.channels.map(\.scale) == [1, 0.5, 0.5])
    #expect(
      context.diagnostics.entries == [
        Diagnostic(path: directory.syspath + "/in_accel_x_scale", problem: "expected a number, found 'fast'")
      ])
  }

  @Test("the report's scale: the shared one, else the x axis's own, else the device's")
  func reportedScale() throws {
    #expect(
      try IIODirectory(["in_accel_x_raw": "0", "in_accel_x_scale": "0.25", "in_accel_scale": "0.5"]).describe().group(
        .accelerometer)?.reportedScale == 0.5)
    #expect(
      try IIODirectory(["in_accel_x_raw": "0", "in_accel_x_scale": "0.25", "scale": "2"]).describe().group(
        .accelerometer)?.reportedScale == 0.25)
    #expect(try IIODirectory(["in_accel_x_raw": "0"]).describe().group(.accelerometer)?.reportedScale == nil)
  }

  @Test("the near level: udev's property, else the channel's own, else the shared attribute")
  func nearLevel() throws {
    let both = try IIODirectory([
      "in_proximity0_raw": "5", "in_proximity0_nearlevel": "40", "in_proximity_nearlevel": "50",
    ])
    #expect(both.describe(properties: ["PROXIMITY_NEAR_LEVEL": "30"]).group(.proximity)?.nearLevel == 30)
    #expect(both.describe().group(.proximity)?.nearLevel == 40)
    let shared = try IIODirectory(["in_proximity_raw": "5", "in_proximity_nearlevel": "50"])
    #expect(shared.describe().group(.proximity)?.nearLevel == 50)
    #expect(try IIODirectory(["in_proximity_raw": "5"]).describe().group(.proximity)?.nearLevel == nil)
    let context = ProbeContext()
    #expect(
      shared.describe(properties: ["PROXIMITY_NEAR_LEVEL": "near"], context: context).group(.proximity)?.nearLevel == 50
    )
    #expect(context.diagnostics.entries.map(\.problem) == ["expected a number, found 'near'"])
  }

  @Test("the attribute polled: _input (processed) before _raw, except proximity, which stays raw")
  func polledAttribute() throws {
    let device = try IIODirectory([
      "in_illuminance0_input": "12", "in_illuminance0_raw": "3", "in_illuminance_scale": "4",
      "in_proximity_input": "1", "in_proximity_raw": "900", "in_proximity_scale": "2",
    ]).describe()
    let light = try #require(device.group(.light)?.channels.first)
    #expect(light.attribute == "in_illuminance0_input")
    #expect(light.isProcessed)
    let proximity = try #require(device.group(.proximity)?.channels.first)
    #expect(proximity.attribute == "in_proximity_raw")
    #expect(proximity.scale == 1 && proximity.offset == 0, "raw counts, compared with the near level")
  }

  @Test("scan elements by index, each with its type; a type with a repeat count stays undecodable")
  func scanElements() throws {
    // A repeat count, as an HID sensor hub's device rotation has (drivers/iio/orientation/
    // hid-sensor-rotation.c: the quaternion's four values in one element).
    let device = try IIODirectory([
      "in_rot_quaternion_raw": "0",
      "scan_elements/in_rot_quaternion_en": "0", "scan_elements/in_rot_quaternion_index": "0",
      "scan_elements/in_rot_quaternion_type": "le:s16/32X4>>0",
      "scan_elements/in_accel_x_en": "0", "scan_elements/in_accel_x_index": "1",
      "scan_elements/in_accel_x_type": "be:s16/16>>0",
      "scan_elements/in_timestamp_en": "0", "scan_elements/in_timestamp_index": "2",
      "scan_elements/in_timestamp_type": "le:s64/64>>0",
      "current_timestamp_clock": "boottime",
    ]).describe()
    #expect(device.scanElements.map(\.name) == ["in_rot_quaternion", "in_accel_x", "in_timestamp"])
    #expect(device.scanElements.map(\.isDecodable) == [false, true, true])
    #expect(device.scanElements[0].typeText == "le:s16/32X4>>0")
    #expect(
      device.scanElement("in_accel_x")?.format
        == ScanFormat(bigEndian: true, signed: true, realBits: 16, storageBits: 16, shift: 0))
    #expect(
      device.group(.accelerometer)?.channels.first?.scan?.index == 1, "a channel only in the buffer is still described")
    #expect(device.timestampClock == .boottime)
  }

  @Test("without current_timestamp_clock the scans are stamped on the kernel's default, realtime")
  func defaultClock() throws {
    let device = try IIODirectory(["in_accel_x_raw": "0", "scan_elements/in_timestamp_en": "0"]).describe()
    #expect(device.timestampClock == .realtime)
  }
}
