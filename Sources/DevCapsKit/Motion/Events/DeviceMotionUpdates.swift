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
    self.rateHz = Self.millihertz(rateHz)
    self.input = input
  }

  /// A rate rounded to the millihertz, as an update keeps it.
  @inline(__always)
  package static func millihertz(_ rateHz: Double?) -> Double? {
    rateHz.map { ($0 * 1000).rounded() / 1000 }
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
  /// (``StreamEvent/writeJSON(into:)``): the one writer of the type's JSON. The members around
  /// the sensors are each written as one stretch, every key with the punctuation around it one
  /// constant run of bytes.
  func writeMembers(into line: inout JSONLine) {
    Self.writeMembers(motion: motion, sensors: sensors, rateHz: rateHz, into: &line)
  }

  /// ``writeMembers(into:)`` of an update made of these parts (`rateHz` already rounded), for a
  /// caller that has the parts and need not copy them into an update and an event first (a
  /// replay: the copies were a twentieth of a row).
  static func writeMembers(motion: DeviceMotion, sensors: [String], rateHz: Double?, into line: inout JSONLine) {
    // 21 numbers, and the constant text (under 500 bytes).
    line.stretch(upTo: 21 * JSONLine.numberLength + 512) { writer in
      writer.raw(#""timestamp":"#)
      writer.value(motion.timestamp)
      writer.raw(#","source":"#)
      writer.value(motion.source)
      writer.raw(#","referenceFrame":"#)
      writer.value(motion.referenceFrame)
      let quaternion = motion.attitude.quaternion
      writer.raw(#","attitude":{"quaternion":{"w":"#)
      writer.value(quaternion.w)
      writer.raw(#","x":"#)
      writer.value(quaternion.x)
      writer.raw(#","y":"#)
      writer.value(quaternion.y)
      writer.raw(#","z":"#)
      writer.value(quaternion.z)
      writer.raw(#"},"rollDegrees":"#)
      writer.value(motion.attitude.roll.degreesFromRadians)
      writer.raw(#","pitchDegrees":"#)
      writer.value(motion.attitude.pitch.degreesFromRadians)
      writer.raw(#","yawDegrees":"#)
      writer.value(motion.hasYaw ? motion.attitude.yaw.degreesFromRadians : nil)
      writer.raw(#"},"gravity":"#)
      writer.value(motion.gravity)
      writer.raw(#","userAcceleration":"#)
      writer.value(motion.userAcceleration)
      writer.raw(#","rotationRate":"#)
      writer.value(motion.rotationRate)
      writer.raw(#","magneticField":"#)
      writer.value(motion.magneticField)
      writer.raw(#","headingDegrees":"#)
      writer.value(motion.heading)
    }
    line.key("sensors")
    line.value(strings: sensors)
    // 4 numbers, and the constant text (under 200 bytes).
    line.stretch(upTo: 4 * JSONLine.numberLength + 256) { writer in
      writer.raw(#""rateHz":"#)
      writer.value(rateHz)
      writer.raw(#","gyroscopeBias":"#)
      writer.value(motion.gyroscopeBias)
      writer.raw(#","fusion":"#)
      writer.value(motion.fusion)
      writer.raw(#","restarted":"#)
      writer.value(motion.restarted)
    }
  }
}

extension JSONLine.Writer {
  /// The source's raw value (as its `Codable` form), copied without escaping.
  @inline(__always)
  mutating func value(_ source: MotionSource) {
    switch source {
    case .hub: raw(#""hub""#)
    case .fusion: raw(#""fusion""#)
    case .accelerometer: raw(#""accelerometer""#)
    }
  }

  /// The frame's raw value, copied without escaping.
  @inline(__always)
  mutating func value(_ frame: AttitudeReferenceFrame) {
    switch frame {
    case .xArbitraryZVertical: raw(#""x-arbitrary-z-vertical""#)
    case .xArbitraryCorrectedZVertical: raw(#""x-arbitrary-corrected-z-vertical""#)
    case .xMagneticNorthZVertical: raw(#""x-magnetic-north-z-vertical""#)
    }
  }

  /// The accuracy's raw value, copied without escaping.
  @inline(__always)
  mutating func value(_ accuracy: MagneticFieldAccuracy) {
    switch accuracy {
    case .uncalibrated: raw(#""uncalibrated""#)
    case .low: raw(#""low""#)
    case .medium: raw(#""medium""#)
    case .high: raw(#""high""#)
    }
  }

  /// `{"x":…,"y":…,"z":…,"accuracy":…}`, or null.
  @inline(__always)
  mutating func value(_ field: MagneticField?) {
    guard let field else { return raw("null") }
    members(of: field.field)
    raw(#","accuracy":"#)
    value(field.accuracy)
    raw("}")
  }

  /// `{"initialising":…,"accelerometerRejected":…,"magnetometerRejected":…}`, or null.
  @inline(__always)
  mutating func value(_ fusion: FusionStatus?) {
    guard let fusion else { return raw("null") }
    raw(#"{"initialising":"#)
    value(fusion.initialising)
    raw(#","accelerometerRejected":"#)
    value(fusion.accelerometerRejected)
    raw(#","magnetometerRejected":"#)
    value(fusion.magnetometerRejected)
    raw("}")
  }

  /// `{"x":…,"y":…,"z":…}`, or null.
  @inline(__always)
  mutating func value(_ vector: Vector3?) {
    guard let vector else { return raw("null") }
    members(of: vector)
    raw("}")
  }

  /// `{"x":…,"y":…,"z":…`, the object left open.
  @inline(__always)
  mutating func members(of vector: Vector3) {
    raw(#"{"x":"#)
    value(vector.x)
    raw(#","y":"#)
    value(vector.y)
    raw(#","z":"#)
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
