/// The device orientation, on change (the first is the current state).
public struct OrientationUpdate: Sendable, Equatable {
  public var orientation: Orientation
  public var angleDegrees: Double?
  /// The sensor's kernel name (`iio:device0`).
  public var sensor: String
  public var initial: Bool

  public init(orientation: Orientation, angleDegrees: Double?, sensor: String, initial: Bool) {
    self.orientation = orientation
    self.angleDegrees = angleDegrees
    self.sensor = sensor
    self.initial = initial
  }
}

extension OrientationUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case orientation, rotation, angleDegrees, sensor, initial }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(orientation, forKey: .orientation)
    try container.encodeIfPresent(orientation.rotation, forKey: .rotation)
    try container.encodeIfPresent(angleDegrees, forKey: .angleDegrees)
    try container.encode(sensor, forKey: .sensor)
    if initial { try container.encode(true, forKey: .initial) }
  }
}

/// Near or far, on change; `near` is null when the sensor has no near level, and a reading that
/// failed says why in `problem`.
public struct ProximityUpdate: Sendable, Equatable {
  public var near: Bool?
  /// The raw value (larger is nearer).
  public var value: Double?
  public var sensor: String
  public var initial: Bool
  public var problem: String?

  public init(near: Bool?, value: Double?, sensor: String, initial: Bool, problem: String? = nil) {
    self.near = near
    self.value = value
    self.sensor = sensor
    self.initial = initial
    self.problem = problem
  }
}

extension ProximityUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case near, value, sensor, initial, problem }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(near, forKey: .near)
    try container.encodeIfPresent(value, forKey: .value)
    try container.encode(sensor, forKey: .sensor)
    if initial { try container.encode(true, forKey: .initial) }
    if let problem { try container.encode(problem, forKey: .problem) }
  }
}

/// A shake, by the detector that saw it.
public struct ShakeEvent: Sendable, Equatable, Encodable {
  public var detector: ShakeDetector.Kind
  public var peakG: Double
  public var sensor: String

  public init(detector: ShakeDetector.Kind, peakG: Double, sensor: String) {
    self.detector = detector
    self.peakG = peakG
    self.sensor = sensor
  }
}

/// One accelerometer sample as the up-angle: null when lying flat or when the reading failed
/// (then `problem` says why).
public struct UpAngleSample: Sendable, Equatable {
  public var angleDegrees: Double?
  public var orientation: Orientation
  public var gravity: Vector3?
  public var sensor: String
  /// The interface orientation the angle is relative to, when one was asked for.
  public var relativeTo: Orientation?
  public var problem: String?
  /// The stream's first sample: the current state, which `--count` does not count. Not in the
  /// JSON: every up-angle line has the same shape.
  public var initial: Bool

  public init(
    angleDegrees: Double?, orientation: Orientation, gravity: Vector3?, sensor: String, relativeTo: Orientation? = nil,
    problem: String? = nil, initial: Bool = false
  ) {
    self.angleDegrees = angleDegrees
    self.orientation = orientation
    self.gravity = gravity
    self.sensor = sensor
    self.relativeTo = relativeTo
    self.problem = problem
    self.initial = initial
  }
}

extension UpAngleSample: Encodable {
  enum CodingKeys: String, CodingKey { case angleDegrees, orientation, rotation, gravity, sensor, relativeTo, problem }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(angleDegrees, forKey: .angleDegrees)
    try container.encode(orientation, forKey: .orientation)
    try container.encodeIfPresent(orientation.rotation, forKey: .rotation)
    try container.encodeIfPresent(gravity, forKey: .gravity)
    try container.encode(sensor, forKey: .sensor)
    if let relativeTo { try container.encode(relativeTo, forKey: .relativeTo) }
    if let problem { try container.encode(problem, forKey: .problem) }
  }
}
