/// The latest readings of the motion sensors at one instant, already in the device frame (each
/// sensor's mount matrix applied) and in devcaps' units. Whatever the machine lacks is nil.
///
/// The device frame is docs/explanation/motion.md's: x to the right of the screen, y to its top edge, z out of
/// the screen towards the viewer.
///
/// Signs: `acceleration` is the gravity direction, as Core Motion's `CMAccelerometerData` is,
/// not the specific force most IMU datasheets give: a device lying still face up on a table reads
/// (0, 0, −1) g, one standing upright in portrait (0, −1, 0) g. Negate an IMU's specific force
/// (+1 g up at rest) to get it. `rotationRate` is counter-clockwise positive about each axis
/// (the right-hand rule), as gyroscopes report it.
public struct MotionInput: Sendable, Equatable {
  /// Seconds on a monotonic clock. Only differences matter; the estimator takes every time
  /// constant in these seconds, whatever the sampling rate and however unevenly it comes.
  public var timestamp: Double
  /// The accelerometer in g (1 g = 9.80665 m/s²), the gravity direction: (0, 0, −1) lying face up,
  /// (0, −1, 0) upright. nil without an accelerometer.
  public var acceleration: Vector3?
  /// The gyroscope in rad/s, right-handed about the device axes, its bias still in it. nil
  /// without a gyroscope.
  public var rotationRate: Vector3?
  /// The magnetometer in µT, uncalibrated (the estimator's calibration, if any, is applied to
  /// it). nil without a magnetometer.
  public var magneticField: Vector3?
  /// A sensor hub's fused orientation, device to earth (z up, x north).
  public var hubOrientation: Quaternion?
  /// A sensor hub's tilt-compensated compass, degrees clockwise from magnetic north.
  public var hubHeading: Double?

  /// The readings at `timestamp` (seconds); acceleration in g (gravity direction), rotation rate
  /// in rad/s, magnetic field in µT, all in the device frame; whatever the machine lacks is left
  /// out (nil).
  public init(
    timestamp: Double, acceleration: Vector3? = nil, rotationRate: Vector3? = nil, magneticField: Vector3? = nil,
    hubOrientation: Quaternion? = nil, hubHeading: Double? = nil
  ) {
    self.timestamp = timestamp
    self.acceleration = acceleration
    self.rotationRate = rotationRate
    self.magneticField = magneticField
    self.hubOrientation = hubOrientation
    self.hubHeading = hubHeading
  }
}
