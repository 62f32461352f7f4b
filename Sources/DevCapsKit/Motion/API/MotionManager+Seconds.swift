/// The same updates with the interval in seconds as a `Double`, as Core Motion's
/// `TimeInterval` properties take it: `accelerometerUpdates(interval: 0.02)`. The range is the
/// same (0.001 … 10 s); an interval outside it, NaN or infinite throws
/// ``UpdateError/invalidInterval(_:)`` when the updates start. These overloads are disfavoured,
/// so `.milliseconds(20)` and `.zero` still mean a `Duration`.
extension MotionManager {
  /// `accelerometerUpdates(interval:)` with `interval` in seconds.
  @_disfavoredOverload
  public func accelerometerUpdates(interval: Double) -> Updates<AccelerometerData> {
    accelerometerUpdates(interval: Self.duration(seconds: interval))
  }

  /// `gyroUpdates(interval:)` with `interval` in seconds.
  @_disfavoredOverload
  public func gyroUpdates(interval: Double) -> Updates<GyroData> {
    gyroUpdates(interval: Self.duration(seconds: interval))
  }

  /// `magnetometerUpdates(interval:)` with `interval` in seconds.
  @_disfavoredOverload
  public func magnetometerUpdates(interval: Double) -> Updates<MagnetometerData> {
    magnetometerUpdates(interval: Self.duration(seconds: interval))
  }

  /// `deviceMotionUpdates(interval:referenceFrame:)` with `interval` in seconds.
  @_disfavoredOverload
  public func deviceMotionUpdates(
    interval: Double, referenceFrame: AttitudeReferenceFrame = .xArbitraryZVertical
  ) -> Updates<DeviceMotion> {
    deviceMotionUpdates(interval: Self.duration(seconds: interval), referenceFrame: referenceFrame)
  }

  /// Seconds as a `Duration`; a value no `Duration` can hold becomes one outside the range, so
  /// the updates refuse it with the same error as any other interval out of range.
  static func duration(seconds: Double) -> Duration {
    guard seconds.isFinite, abs(seconds) < 1e12 else { return .seconds(Int64.max / 2) }
    return .seconds(seconds)
  }
}
