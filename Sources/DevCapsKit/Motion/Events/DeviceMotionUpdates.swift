/// One device-motion sample of `watch motion` and `devcaps motion`.
public struct DeviceMotionUpdate: Sendable, Equatable {
  /// The sample: attitude, gravity, user acceleration, rotation rate, magnetic field and heading.
  public var motion: DeviceMotion
  /// The sensors read (`iio:device0`, …), best source first.
  public var sensors: [String]
  /// Samples per second achieved so far (nil until there are two), to the millihertz.
  public var rateHz: Double?
  /// The raw readings the sample was made from, in `MotionInput`'s units and the device frame
  /// (what `devcaps motion --record` writes, and a replay reads); nil where no sensor was read.
  /// Not part of the JSON.
  public var input: MotionInput?

  /// An update as the stream, a test or a replay makes one; `rateHz` is rounded to the
  /// millihertz: a count over a sum of sample intervals carries float noise
  /// (100.00000000000001), and timestamps known to the microsecond over a second or more give no
  /// finer rate.
  public init(motion: DeviceMotion, sensors: [String], rateHz: Double?, input: MotionInput? = nil) {
    self.motion = motion
    self.sensors = sensors
    self.rateHz = rateHz.map { ($0 * 1000).rounded() / 1000 }
    self.input = input
  }
}

/// JSON: angles in degrees (docs/explanation/motion.md), vectors as {x, y, z}; what the source cannot know is
/// null. One writer: ``writeMembers(into:)``, which `watch motion` uses for its 200 lines a second
/// without a heap allocation; the `Encodable` form is the document it writes.
extension DeviceMotionUpdate: Encodable {
  /// `timestamp`, `source`, `referenceFrame`, `attitude`, `gravity`, `userAcceleration`, `rotationRate`,
  /// `magneticField`, `headingDegrees`, `sensors`, `rateHz`, `gyroscopeBias`, `fusion`, `restarted`;
  /// yaw is null from the accelerometer source.
  public func encode(to encoder: any Encoder) throws {
    var line = JSONLine(capacity: 1024)
    line.beginObject()
    writeMembers(into: &line)
    line.endObject()
    try JSONParser.parse(line.bytes).encode(to: encoder)
  }
}

extension DeviceMotionUpdate {
  /// The members of a motion sample, written without a heap allocation
  /// (``StreamEvent/writeJSON(into:)``): the one writer of the type's JSON.
  func writeMembers(into line: inout JSONLine) {
    line.key("timestamp")
    line.value(motion.timestamp)
    line.key("source")
    line.value(motion.source)
    line.key("referenceFrame")
    line.value(motion.referenceFrame)
    line.key("attitude")
    line.beginObject()
    line.key("quaternion")
    let quaternion = motion.attitude.quaternion
    line.beginObject()
    line.key("w")
    line.value(quaternion.w)
    line.key("x")
    line.value(quaternion.x)
    line.key("y")
    line.value(quaternion.y)
    line.key("z")
    line.value(quaternion.z)
    line.endObject()
    line.key("rollDegrees")
    line.value(motion.attitude.roll.degreesFromRadians)
    line.key("pitchDegrees")
    line.value(motion.attitude.pitch.degreesFromRadians)
    line.key("yawDegrees")
    line.value(motion.hasYaw ? motion.attitude.yaw.degreesFromRadians : nil)
    line.endObject()
    line.key("gravity")
    line.value(motion.gravity)
    line.key("userAcceleration")
    line.value(motion.userAcceleration)
    line.key("rotationRate")
    line.value(motion.rotationRate)
    line.key("magneticField")
    if let field = motion.magneticField {
      line.beginObject()
      line.members(of: field.field)
      line.key("accuracy")
      line.value(field.accuracy)
      line.endObject()
    } else {
      line.null()
    }
    line.key("headingDegrees")
    line.value(motion.heading)
    line.key("sensors")
    line.beginArray()
    for sensor in sensors { line.value(sensor) }
    line.endArray()
    line.key("rateHz")
    line.value(rateHz)
    line.key("gyroscopeBias")
    line.value(motion.gyroscopeBias)
    line.key("fusion")
    if let fusion = motion.fusion {
      line.beginObject()
      line.key("initialising")
      line.value(fusion.initialising)
      line.key("accelerometerRejected")
      line.value(fusion.accelerometerRejected)
      line.key("magnetometerRejected")
      line.value(fusion.magnetometerRejected)
      line.endObject()
    } else {
      line.null()
    }
    line.key("restarted")
    line.value(motion.restarted)
  }
}

extension JSONLine {
  /// The source's raw value (as its `Codable` form), copied without escaping.
  mutating func value(_ source: MotionSource) {
    switch source {
    case .hub: value(unescaped: "hub")
    case .fusion: value(unescaped: "fusion")
    case .accelerometer: value(unescaped: "accelerometer")
    }
  }

  /// The frame's raw value, copied without escaping.
  mutating func value(_ frame: AttitudeReferenceFrame) {
    switch frame {
    case .xArbitraryZVertical: value(unescaped: "x-arbitrary-z-vertical")
    case .xArbitraryCorrectedZVertical: value(unescaped: "x-arbitrary-corrected-z-vertical")
    case .xMagneticNorthZVertical: value(unescaped: "x-magnetic-north-z-vertical")
    }
  }

  /// The accuracy's raw value, copied without escaping.
  mutating func value(_ accuracy: MagneticFieldAccuracy) {
    switch accuracy {
    case .uncalibrated: value(unescaped: "uncalibrated")
    case .low: value(unescaped: "low")
    case .medium: value(unescaped: "medium")
    case .high: value(unescaped: "high")
    }
  }

  /// `{"x":…,"y":…,"z":…}`, or null.
  mutating func value(_ vector: Vector3?) {
    guard let vector else { return null() }
    beginObject()
    members(of: vector)
    endObject()
  }

  /// `"x":…,"y":…,"z":…` into the open object.
  mutating func members(of vector: Vector3) {
    key("x")
    value(vector.x)
    key("y")
    value(vector.y)
    key("z")
    value(vector.z)
  }
}

/// The compass heading, when it moved by more than the stream's threshold (the first is the
/// current heading).
public struct HeadingUpdate: Sendable, Equatable {
  /// Degrees clockwise from magnetic north, 0 ≤ heading < 360.
  public var headingDegrees: Double
  /// The magnetometer's calibration accuracy; `uncalibrated` until `devcaps calibrate
  /// magnetometer` ran for this sensor.
  public var accuracy: MagneticFieldAccuracy
  /// The device-motion source of the sample the heading was taken from.
  public var source: MotionSource
  /// The magnetometer (or the hub) read.
  public var sensor: String

  /// An update as the stream, a test or a replay makes one.
  public init(
    headingDegrees: Double, accuracy: MagneticFieldAccuracy, source: MotionSource, sensor: String
  ) {
    self.headingDegrees = headingDegrees
    self.accuracy = accuracy
    self.source = source
    self.sensor = sensor
  }
}

extension HeadingUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case headingDegrees, accuracy, source, sensor }

  /// `headingDegrees`, `accuracy`, `source`, `sensor`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(headingDegrees, forKey: .headingDegrees)
    try container.encode(accuracy, forKey: .accuracy)
    try container.encode(source, forKey: .source)
    try container.encode(sensor, forKey: .sensor)
  }
}
