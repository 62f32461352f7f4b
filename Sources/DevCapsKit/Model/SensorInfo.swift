/// One motion or environment sensor: the seeds' Core Motion availability, from the IIO and
/// input subsystems.
public struct SensorInfo: Sendable, Equatable {
  public enum Kind: String, Sendable, CaseIterable {
    case accelerometer, gyroscope, magnetometer, light, proximity, pressure, humidity, temperature
  }

  public enum Location: String, Sendable {
    case display, base
  }

  public var type: Kind
  public var name: String?
  /// The kernel name: `iio:device0`, or `event3` for an input device.
  public var id: String
  /// `iio` or `input`.
  public var bus: String
  public var syspath: String
  /// Accelerometers only: where it sits (a convertible has one in each half).
  public var location: Location?
  public var mountMatrix: MountMatrix?
  public var scale: Double?
  public var offset: Double?
  public var samplingFrequencyHz: Double?
  public var availableFrequenciesHz: [Double]
  /// The device can stream through `/dev/iio:deviceN` (it has `scan_elements`).
  public var buffered: Bool
  public var reading: SensorReading?

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
public enum SensorReading: Sendable, Equatable {
  case vector(Vector3, unit: String)
  case scalar(Double, unit: String)
  case proximity(raw: Double, near: Bool?)
}

extension SensorReading: JSONRepresentable {
  public var json: JSONValue {
    switch self {
    case .vector(let v, let unit):
      return .object([
        JSONMember("x", .optional(v.x)), JSONMember("y", .optional(v.y)), JSONMember("z", .optional(v.z)),
        JSONMember("unit", .string(unit)),
      ])
    case .scalar(let value, let unit):
      return .object([JSONMember("value", .optional(value)), JSONMember("unit", .string(unit))])
    case .proximity(let raw, let near):
      return .object([
        JSONMember("value", .optional(raw)), JSONMember("unit", .string("raw")), JSONMember("near", .optional(near)),
      ])
    }
  }
}

extension SensorInfo: JSONRepresentable {
  public var json: JSONValue {
    .object([
      JSONMember("type", .string(type.rawValue)),
      JSONMember("name", .optional(name)),
      JSONMember("id", .string(id)),
      JSONMember("bus", .string(bus)),
      JSONMember("location", .optional(location?.rawValue)),
      JSONMember("mountMatrix", mountMatrix?.json ?? .null),
      JSONMember("scale", .optional(scale)),
      JSONMember("offset", .optional(offset)),
      JSONMember("samplingFrequencyHz", .optional(samplingFrequencyHz)),
      JSONMember("availableFrequenciesHz", .array(availableFrequenciesHz.map { .optional($0) })),
      JSONMember("buffered", .bool(buffered)),
      JSONMember("reading", .optional(reading)),
    ])
  }
}
