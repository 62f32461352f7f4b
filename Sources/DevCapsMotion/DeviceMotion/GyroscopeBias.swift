/// Learns the gyroscope's zero-rate offset while the device is still, so a device left on a
/// table does not turn (motion.md: "estimate gyroscope bias while still").
///
/// Still means every axis below `threshold` for `stillTime` seconds. Then the offset follows the
/// reading with a time constant of `timeConstant` seconds. A turn slower than the threshold that
/// lasts longer than `stillTime` is taken for bias too: that is the price of learning it.
public struct GyroscopeBias: Sendable {
  /// The largest rate on any axis, offset removed, that still counts as still (rad/s; 3°/s).
  public var threshold = 3.0.radiansFromDegrees
  /// Seconds the device must stay still before the offset is learned.
  public var stillTime = 2.0
  /// Seconds over which the offset follows the still reading.
  public var timeConstant = 2.0
  /// The zero-rate offset learned so far, per device axis, in rad/s; zero at the start.
  public private(set) var offset = Vector3.zero
  private var stillFor = 0.0

  /// A learner with a zero offset and the default threshold and times.
  public init() {}

  /// Feeds one raw reading (rad/s) and returns it with the offset removed.
  public mutating func correct(_ raw: Vector3, interval: Double) -> Vector3 {
    let corrected = raw - offset
    guard interval > 0, interval.isFinite, raw.isFinite else { return corrected }
    if abs(corrected.x) > threshold || abs(corrected.y) > threshold || abs(corrected.z) > threshold {
      stillFor = 0
      return corrected
    }
    stillFor += interval
    if stillFor >= stillTime {
      let share = min(1, interval / timeConstant)
      offset = offset + (raw - offset) * share
    }
    return corrected
  }
}
