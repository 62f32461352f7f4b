/// The latest readings of the motion sensors at one instant, already in the device frame (each
/// sensor's mount matrix applied) and in devcaps' units. Whatever the machine lacks is nil.
public struct MotionInput: Sendable, Equatable {
  /// Seconds on a monotonic clock.
  public var timestamp: Double
  /// The accelerometer in g, as devcaps reports it: the gravity direction, (0, −1, 0) upright.
  public var acceleration: Vector3?
  /// The gyroscope in rad/s, bias still in it.
  public var rotationRate: Vector3?
  /// The magnetometer in µT, uncalibrated.
  public var magneticField: Vector3?
  /// A sensor hub's fused orientation, device to earth (z up, x north).
  public var hubOrientation: Quaternion?
  /// A sensor hub's tilt-compensated compass, degrees clockwise from magnetic north.
  public var hubHeading: Double?

  /// The readings at `timestamp`; whatever the machine lacks is left out (nil).
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
