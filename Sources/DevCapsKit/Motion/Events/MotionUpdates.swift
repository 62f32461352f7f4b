/// The device orientation, on change (the first is the current state).
public struct OrientationUpdate: Sendable, Equatable {
  /// The orientation now.
  public var orientation: Orientation
  /// The up-angle of the same sample, in degrees; nil lying flat.
  public var angleDegrees: Double?
  /// The sensor's kernel name (`iio:device0`).
  public var sensor: String

  /// An update as a test or a replay makes one.
  public init(orientation: Orientation, angleDegrees: Double?, sensor: String) {
    self.orientation = orientation
    self.angleDegrees = angleDegrees
    self.sensor = sensor
  }
}

extension OrientationUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case orientation, rotation, angleDegrees, sensor }

  /// `orientation`, iio-sensor-proxy's `rotation`, `angleDegrees`, `sensor`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(orientation, forKey: .orientation)
    try container.encode(orientation.rotation, forKey: .rotation)
    try container.encode(angleDegrees, forKey: .angleDegrees)
    try container.encode(sensor, forKey: .sensor)
  }
}

/// Near or far, on change; `near` is null when the sensor has no near level, and a reading that
/// failed says why in `problem`.
public struct ProximityUpdate: Sendable, Equatable {
  /// Something is near; nil when the sensor has no near level.
  public var near: Bool?
  /// The raw value (larger is nearer).
  public var value: Double?
  /// The sensor's kernel name (`iio:device1`, `event4`).
  public var sensor: String
  /// Why the reading failed, when it did.
  public var problem: String?

  /// An update as a test or a replay makes one.
  public init(near: Bool?, value: Double?, sensor: String, problem: String? = nil) {
    self.near = near
    self.value = value
    self.sensor = sensor
    self.problem = problem
  }
}

extension ProximityUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case near, value, sensor, problem }

  /// The members of `Schemas/event.schema.json`'s proximity event.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(near, forKey: .near)
    try container.encode(value, forKey: .value)
    try container.encode(sensor, forKey: .sensor)
    if let problem { try container.encode(problem, forKey: .problem) }
  }
}

/// A shake, by the detector that saw it.
public struct ShakeEvent: Sendable, Equatable, Encodable {
  /// Which detector saw it (`count`, `threshold`, `angle`).
  public var detector: ShakeDetector.Kind
  /// The largest acceleration during the shake, in g.
  public var peakG: Double
  /// The accelerometer's kernel name.
  public var sensor: String

  /// A shake as a test or a replay makes one.
  public init(detector: ShakeDetector.Kind, peakG: Double, sensor: String) {
    self.detector = detector
    self.peakG = peakG
    self.sensor = sensor
  }
}

/// One accelerometer sample as the up-angle: null when lying flat or when the reading failed
/// (then `problem` says why).
public struct UpAngleSample: Sendable, Equatable {
  /// The angle from the device's up to the world's up, in degrees (−180…180]; nil lying flat or when the reading failed.
  public var angleDegrees: Double?
  /// The orientation of the same sample.
  public var orientation: Orientation
  /// The accelerometer's reading, in g.
  public var gravity: Vector3?
  /// The accelerometer's kernel name.
  public var sensor: String
  /// The interface orientation the angle is relative to, when one was asked for.
  public var relativeTo: Orientation?
  /// Why the reading failed, when it did.
  public var problem: String?

  /// A sample as a test or a replay makes one.
  public init(
    angleDegrees: Double?, orientation: Orientation, gravity: Vector3?, sensor: String, relativeTo: Orientation? = nil,
    problem: String? = nil
  ) {
    self.angleDegrees = angleDegrees
    self.orientation = orientation
    self.gravity = gravity
    self.sensor = sensor
    self.relativeTo = relativeTo
    self.problem = problem
  }
}

extension UpAngleSample: Encodable {
  enum CodingKeys: String, CodingKey { case angleDegrees, orientation, rotation, gravity, sensor, relativeTo, problem }

  /// The members of `devcaps up-angle --json`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(angleDegrees, forKey: .angleDegrees)
    try container.encode(orientation, forKey: .orientation)
    try container.encode(orientation.rotation, forKey: .rotation)
    try container.encode(gravity, forKey: .gravity)
    try container.encode(sensor, forKey: .sensor)
    if let relativeTo { try container.encode(relativeTo, forKey: .relativeTo) }
    if let problem { try container.encode(problem, forKey: .problem) }
  }
}
