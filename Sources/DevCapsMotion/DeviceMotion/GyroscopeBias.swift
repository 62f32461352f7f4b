import RealModule

/// Learns the gyroscope's zero-rate offset while the device is still, so a device left on a
/// table does not turn (docs/explanation/motion.md: "estimate gyroscope bias while still").
///
/// Still means every axis below `threshold` for `stillTime` seconds of the samples' timestamps.
/// Then the offset follows the reading with a time constant of `timeConstant` seconds. From the
/// first sample until the first reading above the threshold (the rest a recording or a session
/// usually starts with), the offset is the mean of the readings so far instead, up to the last
/// `firstRestTime` seconds: nothing is known yet, each still second sharpens it, and a device that
/// starts moving after one second has learned from that second. A reading is learned from only
/// once `holdTime` (to twice that) of stillness has followed it, so that the slow start of a turn
/// is not. A turn slower than the threshold that lasts longer than `stillTime` is taken for bias
/// too: that is the price of learning it. Turn `isLearning` off to keep a known offset (a factory calibration,
/// one learned in an earlier run) fixed.
public struct GyroscopeBias: Sendable, Equatable {
  /// The largest rate on any axis, offset removed, that still counts as still (rad/s; 3°/s).
  public var threshold = 3.0.radiansFromDegrees
  /// Seconds the device must stay still before the offset is learned.
  public var stillTime = 2.0
  /// Seconds over which the offset follows the still reading.
  public var timeConstant = 2.0
  /// The start's rest is averaged over at most this many seconds: the mean of 10 s is five times
  /// steadier than the 2 s `timeConstant`'s, and still current, since a bias drifts with
  /// temperature over minutes.
  public var firstRestTime = 10.0
  /// Still readings are held in blocks of this many seconds, and a block is learned from once the
  /// next one is full and the device still: each reading waits between this and twice this. A
  /// turn starts below the threshold (a slow rotation takes 0.2–0.4 s to pass 3°/s), and the
  /// readings of those first fractions of a second are motion, not bias (BROAD's trial 05: without
  /// the wait, each slow start moved the offset by up to 0.1°/s).
  public var holdTime = 0.25
  /// Whether still readings move the offset; false keeps it where it was seeded.
  public var isLearning = true
  /// The zero-rate offset, per device axis, in rad/s: the one given at the start, then what was learned.
  public private(set) var offset: Vector3
  private var stillFor = 0.0
  /// No reading has been above the threshold yet: the start's rest, averaged whole.
  private var firstRest = true
  /// Seconds of the first rest already learned from.
  private var firstRestLearned = 0.0
  /// The still readings not yet learned from: the block being filled, and the one before it.
  private var filling = StillBlock()
  private var waiting = StillBlock()

  /// A learner starting from `offset` (rad/s, zero unless you know better), learning from still
  /// readings unless `learning` is false.
  public init(offset: Vector3 = .zero, learning: Bool = true) {
    self.offset = offset
    isLearning = learning
  }

  /// Feeds one raw reading (rad/s) and `interval` seconds since the previous one, and returns it
  /// with the offset removed.
  public mutating func correct(_ raw: Vector3, interval: Double) -> Vector3 {
    let corrected = raw - offset
    guard isLearning, interval > 0, interval.isFinite, raw.isFinite else { return corrected }
    if abs(corrected.x) > threshold || abs(corrected.y) > threshold || abs(corrected.z) > threshold {
      stillFor = 0
      firstRest = false
      filling = StillBlock()
      waiting = StillBlock()
      return corrected
    }
    stillFor += interval
    filling.add(raw, interval: interval, stillBefore: stillFor - interval)
    if filling.seconds >= holdTime {
      // The waiting block has now been followed by at least `holdTime` still seconds.
      learn(from: waiting)
      waiting = filling
      filling = StillBlock()
    }
    return corrected
  }

  private mutating func learn(from block: StillBlock) {
    guard block.seconds > 0 else { return }
    let mean = block.sum * (1 / block.seconds)
    if firstRest {
      // The mean since the start (the first block replaces a seeded offset), then a 10 s average.
      firstRestLearned += block.seconds
      offset =
        offset + (mean - offset) * max(block.seconds / firstRestLearned, 1 - Double.exp(-block.seconds / firstRestTime))
    } else if block.stillBefore >= stillTime {
      // Exact for any interval: a block covering twice the time moves the offset as two would.
      offset = offset + (mean - offset) * (1 - Double.exp(-block.seconds / timeConstant))
    }
  }

  /// A run of still readings: the sum of each reading times its interval (radians), their
  /// seconds, and how long the device had been still when the run began.
  private struct StillBlock: Sendable, Equatable {
    var sum = Vector3.zero
    var seconds = 0.0
    var stillBefore = 0.0

    mutating func add(_ raw: Vector3, interval: Double, stillBefore before: Double) {
      if seconds == 0 { stillBefore = before }
      sum = sum + raw * interval
      seconds += interval
    }
  }

  /// Whether the device has been still long enough for its readings to teach the offset:
  /// learning, and in the first rest or still for `stillTime`.
  var isLearningNow: Bool { isLearning && (firstRest ? stillFor > 0 : stillFor >= stillTime) }

  /// Adds `part` to the offset (a bias learned elsewhere, in motion), learning or not.
  mutating func takeOver(_ part: Vector3) { offset = offset + part }

  /// Forgets how long the device has been still (after a gap nothing is known about), keeping
  /// the offset.
  mutating func restartStillness() {
    stillFor = 0
    firstRest = false
    filling = StillBlock()
    waiting = StillBlock()
  }
}
