/// Where device motion comes from, best first (docs/explanation/motion.md "Device motion").
public enum MotionSource: String, Sendable, Equatable, Codable, CaseIterable {
  /// A fused orientation the kernel offers (a HID sensor hub's rotation quaternion).
  case hub
  /// devcaps' own AHRS filter over accelerometer + gyroscope (+ magnetometer).
  case fusion
  /// Roll and pitch from gravity only: no yaw, no rotation rate, no heading.
  case accelerometer
}

/// Which way the attitude's reference x axis points (`CMAttitudeReferenceFrame`); z is up in all.
public enum AttitudeReferenceFrame: String, Sendable, Equatable, Codable, CaseIterable {
  /// x horizontal and arbitrary: yaw 0 where the stream started.
  case xArbitraryZVertical = "x-arbitrary-z-vertical"
  /// The same, with yaw drift corrected by the magnetometer.
  case xArbitraryCorrectedZVertical = "x-arbitrary-corrected-z-vertical"
  /// x towards magnetic north: needs a magnetometer.
  case xMagneticNorthZVertical = "x-magnetic-north-z-vertical"

  /// True for the corrected and the magnetic-north frames: the fusion filter is then fed the
  /// magnetometer; false for `xArbitraryZVertical`, which integrates the gyroscope alone for yaw.
  public var usesMagnetometer: Bool { self != .xArbitraryZVertical }
}

/// How far a magnetometer reading can be trusted (`CMMagneticFieldCalibrationAccuracy`).
public enum MagneticFieldAccuracy: String, Sendable, Equatable, Codable, CaseIterable, Comparable {
  /// No calibration stored for this sensor: the hard-iron offset of the device is still in it.
  case uncalibrated
  /// A calibration that fitted poorly or covered few directions, or a field more than 25 % off the
  /// calibrated strength (iron nearby, or a calibration made elsewhere).
  case low
  /// A fit over at least half the directions with an RMS residual under 6 % of the field strength.
  case medium
  /// A fit over at least three quarters of the directions with an RMS residual under 3 %.
  case high

  /// Orders by trust, in declaration order: `uncalibrated` < `low` < `medium` < `high`.
  public static func < (a: Self, b: Self) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// A magnetic field in µT with its calibration accuracy (`CMCalibratedMagneticField`).
public struct MagneticField: Sendable, Equatable {
  /// In the device frame, in µT: the stored calibration applied when there is one (hard-iron
  /// offset removed, soft-iron scale undone), else the raw reading (`accuracy` uncalibrated).
  public var field: Vector3
  /// How far `field` can be trusted; `uncalibrated` when no calibration is stored for the sensor.
  public var accuracy: MagneticFieldAccuracy

  /// A field in µT in the device frame, with its accuracy.
  public init(field: Vector3, accuracy: MagneticFieldAccuracy) {
    self.field = field
    self.accuracy = accuracy
  }
}

/// One device-motion sample (`CMDeviceMotion`), in the device frame of docs/explanation/motion.md.
public struct DeviceMotion: Sendable, Equatable {
  /// Seconds on the samples' clock (monotonic), as the sensor stamped them.
  public var timestamp: Double
  /// The orientation relative to `referenceFrame`; its yaw is always 0 from the accelerometer
  /// source (see `hasYaw`).
  public var attitude: Attitude
  /// The gravity part of the acceleration, in g: unit length at rest, (0, −1, 0) upright.
  public var gravity: Vector3
  /// Total acceleration − gravity, in g: what the user's hand adds.
  public var userAcceleration: Vector3
  /// Rad/s, gyroscope bias removed; nil without a gyroscope.
  public var rotationRate: Vector3?
  /// Nil without a magnetometer.
  public var magneticField: MagneticField?
  /// Degrees clockwise from magnetic north, 0 ≤ heading < 360; nil without a magnetometer or
  /// while the field cannot be trusted.
  public var heading: Double?
  /// Which source produced this sample.
  public var source: MotionSource
  /// The frame `attitude` is relative to (z up in all of them).
  public var referenceFrame: AttitudeReferenceFrame
  /// The gyroscope offset removed from `rotationRate` (rad/s): learned at rest and, by the
  /// inertial filter, in motion; nil without a gyroscope.
  public var gyroscopeBias: Vector3?
  /// What the fusion filter did with this sample; nil from the hub and accelerometer sources.
  public var fusion: FusionStatus?
  /// True on the first sample after the estimator started again because the samples' clock
  /// jumped: a gap longer than ``DeviceMotionEstimator/longestBridgedGap`` (a suspend, a stalled
  /// sensor) or a step back in time beyond ``DeviceMotionEstimator/maximumInterval``. The
  /// attitude then starts afresh from gravity (and the field), and an arbitrary frame's yaw from
  /// 0. A shorter gap is bridged, the heading carried across it.
  public var restarted: Bool

  /// A sample from its parts, taken as given (nothing is checked or recomputed), as the estimator,
  /// a test or a replay makes one.
  public init(
    timestamp: Double, attitude: Attitude, gravity: Vector3, userAcceleration: Vector3, rotationRate: Vector3?,
    magneticField: MagneticField?, heading: Double?, source: MotionSource, referenceFrame: AttitudeReferenceFrame,
    gyroscopeBias: Vector3? = nil, fusion: FusionStatus? = nil, restarted: Bool = false
  ) {
    self.timestamp = timestamp
    self.attitude = attitude
    self.gravity = gravity
    self.userAcceleration = userAcceleration
    self.rotationRate = rotationRate
    self.magneticField = magneticField
    self.heading = heading
    self.source = source
    self.referenceFrame = referenceFrame
    self.gyroscopeBias = gyroscopeBias
    self.fusion = fusion
    self.restarted = restarted
  }

  /// Yaw means something only when a gyroscope or a hub tracks rotation about the vertical.
  public var hasYaw: Bool { source != .accelerometer }
}
