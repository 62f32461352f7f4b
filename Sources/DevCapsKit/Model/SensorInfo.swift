/// One motion or environment sensor: Core Motion's availability, from the IIO and
/// input subsystems.
public struct SensorInfo: Sendable, Codable, Equatable {
  /// What a sensor measures.
  public enum Kind: String, Sendable, Codable, CaseIterable {
    case accelerometer, gyroscope, magnetometer, light, proximity, pressure, humidity, temperature
    /// A sensor hub's fused device orientation (IIO `in_rot_quaternion`): the kernel's own
    /// attitude, the best source of device motion.
    case rotation
    /// A hardware step counter (IIO `in_steps_input`, switched on by `in_steps_en`), as bma400,
    /// bmi323 and similar accelerometers have: Core Motion's pedometer.
    case stepCounter = "step-counter"
  }

  /// Where a sensor sits: in the display (the lid, the tablet) or in the base.
  public enum Location: String, Sendable, Codable {
    case display, base
  }

  /// What the sensor measures.
  public var type: Kind
  /// The driver's name for the device (`accel_3d`, `mpu6050`).
  public var name: String?
  /// The kernel name: `iio:device0`, or `event3` for an input device.
  public var id: String
  /// `iio` or `input`.
  public var bus: String
  /// The device's sysfs path; devcaps' own bookkeeping, not in the report's JSON.
  public var syspath: String = ""
  /// Accelerometers only: where it sits (a convertible has one in each half).
  public var location: Location?
  /// How the sensor's axes sit in the device frame (`ACCEL_MOUNT_MATRIX` or the driver's); nil is the identity.
  public var mountMatrix: MountMatrix?
  /// The raw value's scale to the sensor's unit, as the driver gives it.
  public var scale: Double?
  /// The raw value's offset, as the driver gives it.
  public var offset: Double?
  /// The sampling frequency set now, in Hz.
  public var samplingFrequencyHz: Double?
  /// The sampling frequencies the driver offers, in Hz.
  public var availableFrequenciesHz: [Double]
  /// The device can stream through `/dev/iio:deviceN` (it has `scan_elements`).
  public var buffered: Bool
  /// A reading taken when the report was made, in g, rad/s, µT, lx, kPa, % or °C.
  public var reading: SensorReading?
  /// An IIO sensor's device as the probe described it: its channel groups (this sensor's and
  /// the others of a combined chip), scales, mount matrices and scan layout. Not in the report.
  var iio: IIODevice?

  /// This sensor's channel group of its IIO device.
  var channelGroup: IIOChannelGroup? { iio?.group(type) }

  /// A sensor with nothing read yet.
  public init(type: Kind, id: String, bus: String, syspath: String) {
    self.type = type
    self.id = id
    self.bus = bus
    self.syspath = syspath
    self.availableFrequenciesHz = []
    self.buffered = false
  }
}

/// A value in proper units: g for acceleration, rad/s, µT, lx, kPa, %, °C; proximity stays raw
/// (larger is nearer) with `near` decided against the device's near level.
public enum SensorReading: Sendable, Codable, Equatable {
  case vector(Vector3, unit: String)
  case scalar(Double, unit: String)
  case proximity(raw: Double, near: Bool?)
  /// A hub's fused orientation (device to earth).
  case quaternion(Quaternion)
}

extension SensorInfo {
  /// `syspath` and `iio` are for devcaps' own bookkeeping, not the report.
  enum CodingKeys: String, CodingKey {
    case type, name, id, bus, location, mountMatrix, scale, offset, samplingFrequencyHz, availableFrequenciesHz
    case buffered, reading
  }
}

extension SensorReading {
  enum CodingKeys: String, CodingKey { case w, x, y, z, value, unit, near }

  /// Reads a sensor from a saved report.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let unit = try container.decode(String.self, forKey: .unit)
    if container.contains(.w) {
      self = .quaternion(
        Quaternion(
          w: try container.decode(Double.self, forKey: .w), x: try container.decode(Double.self, forKey: .x),
          y: try container.decode(Double.self, forKey: .y), z: try container.decode(Double.self, forKey: .z)))
    } else if container.contains(.x) {
      self = .vector(
        Vector3(
          try container.decodeIfPresent(Double.self, forKey: .x) ?? .nan,
          try container.decodeIfPresent(Double.self, forKey: .y) ?? .nan,
          try container.decodeIfPresent(Double.self, forKey: .z) ?? .nan), unit: unit)
    } else if unit == "raw" {
      self = .proximity(
        raw: try container.decodeIfPresent(Double.self, forKey: .value) ?? .nan,
        near: try container.decodeIfPresent(Bool.self, forKey: .near))
    } else {
      self = .scalar(try container.decodeIfPresent(Double.self, forKey: .value) ?? .nan, unit: unit)
    }
  }

}
