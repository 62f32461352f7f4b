/// What the fusion filter made of one sample: whether it was still converging and which sensor
/// it left out, so a caller can tell a trusted attitude from one carried by the gyroscope alone.
public struct FusionStatus: Sendable, Equatable {
  /// The filter's first seconds: ``AHRSFilter/initialisationPeriod`` while its gain ramps down,
  /// ``InertialFilter/Settings-swift.struct/accelerationTimeConstant`` for ``InertialFilter``.
  public var initialising: Bool
  /// The accelerometer disagreed with the estimated up by more than the rejection angle (the hand
  /// accelerated the device) and was left out; always false from ``InertialFilter``, which
  /// averages the accelerometer instead.
  public var accelerometerRejected: Bool
  /// A magnetometer reading was left out: a field along the vertical, or a disturbed one (iron
  /// nearby). False when there is none to leave out: no magnetometer, or a reference frame that
  /// does not use it.
  public var magnetometerRejected: Bool

  /// A status from its parts.
  public init(initialising: Bool, accelerometerRejected: Bool, magnetometerRejected: Bool) {
    self.initialising = initialising
    self.accelerometerRejected = accelerometerRejected
    self.magnetometerRejected = magnetometerRejected
  }
}
