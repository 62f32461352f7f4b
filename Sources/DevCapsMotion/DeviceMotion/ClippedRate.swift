import RealModule

/// The turn a clipped gyroscope axis left out, estimated once the axis reads inside its range
/// again, and put back where it happened. While an axis reads at its range, the device turns
/// faster than that; the readings just before the axis clipped and just after it came back give
/// the rate and its slope at both ends, and a cubic (Hermite) curve through them estimates the
/// rate in between, held below `ceilingFactor` times the range. One reading after the axis came
/// back (the one that gives the exit slope), the steps since the burst began are integrated
/// again with the curve in place of the range: nothing looks ahead. Applied at the end as one
/// turn instead, the missed turn does not commute with the turns about the other axes during
/// the burst, and on a swing back and forth the error left by each burst adds up rather than
/// cancelling (docs/explanation/motion-benchmark.md). Each axis on its own, so axes that clip
/// together each get theirs.
///
/// Keeps the last `capacity` steps' rates in storage made once; a burst longer than that is left
/// as read. Allocates nothing per sample.
struct ClippedRate: Sendable {
  /// The curve is held below this many times the range: beyond it the extrapolation from two
  /// slopes over a long burst is a guess that grows with the burst's length cubed (a steep entry
  /// and exit 0.3 s apart would give thousands of degrees a second), and a wrong guess costs more
  /// than the turn it adds. 1.5 times: on BROAD's two fast-rotation trials not used before (08
  /// and 09), 1.5 scored better than the 2 chosen on the two vendored ones, in 6D and in 9D
  /// (among 1.5, 2 and 3; docs/explanation/motion-benchmark.md).
  static let ceilingFactor = 1.5
  /// Steps kept: 1.28 s at 200 Hz, longer than any of BROAD's bursts at ±400°/s (0.9 s at 286 Hz).
  static let capacity = 256

  private var rates: [Vector3]
  private var intervals: [Double]
  /// The part of each stored rate that was extrapolated while an axis read at its range.
  private var extrapolated: [Vector3]
  /// Steps seen so far; step n is at index n % capacity.
  private var count = 0
  private var axes = (x: Axis(), y: Axis(), z: Axis())

  init() {
    rates = Array(repeating: .zero, count: Self.capacity)
    intervals = Array(repeating: 0, count: Self.capacity)
    extrapolated = Array(repeating: .zero, count: Self.capacity)
  }

  /// Forgets the bursts under way (a gap or a restart: the turn in it was read by nobody); the
  /// storage is kept.
  mutating func forget() {
    axes = (Axis(), Axis(), Axis())
  }

  /// While an axis reads at its range: how much faster than the range it is taken to turn now
  /// (rad/s, device axes), the rate growing on at the slope it entered with, up to the ceiling.
  /// Call before `step`, and add it to the rate integrated.
  func extrapolation(range: Double, clipped: GyroscopeAxes) -> Vector3 {
    let room = range * (Self.ceilingFactor - 1)
    return Vector3(
      clipped.contains(.x) ? axes.x.extrapolation(room) : 0, clipped.contains(.y) ? axes.y.extrapolation(room) : 0,
      clipped.contains(.z) ? axes.z.extrapolation(room) : 0)
  }

  /// Records this step's `rate` (rad/s, as it will be integrated) over `interval` seconds, with
  /// `read` the gyroscope's reading and `clipped` its clipped axes; returns the correction
  /// (device frame, to apply after this step's integration) for the bursts that ended one
  /// reading ago, nil when none did.
  mutating func step(
    read: Vector3, rate: Vector3, extrapolated extra: Vector3 = .zero, clipped: GyroscopeAxes, range: Double,
    interval: Double
  ) -> Quaternion? {
    let index = count % Self.capacity
    rates[index] = rate
    extrapolated[index] = extra
    intervals[index] = interval
    count += 1
    var correction: Quaternion?
    for axis in 0..<3 {
      let value = axis == 0 ? read.x : axis == 1 ? read.y : read.z
      let isClipped = clipped.contains(axis == 0 ? .x : axis == 1 ? .y : .z)
      var state = axis == 0 ? axes.x : axis == 1 ? axes.y : axes.z
      if let burst = state.step(value, clipped: isClipped, interval: interval, step: count - 1) {
        if let turn = reintegrate(burst, axis: axis, range: range) { correction = (correction ?? .identity) * turn }
      }
      switch axis {
      case 0: axes.x = state
      case 1: axes.y = state
      default: axes.z = state
      }
    }
    return correction
  }

  /// The turn that takes the steps since `burst` began, as integrated, to the same steps with
  /// the curve's excess over the range added on `axis`; the excess is then kept in the stored
  /// rates, so that another axis's burst ending now is integrated with it.
  private mutating func reintegrate(_ burst: Burst, axis: Int, range: Double) -> Quaternion? {
    let first = burst.firstStep
    guard count - first <= Self.capacity, burst.duration > 0 else { return nil }
    let ceiling = range * Self.ceilingFactor
    var asRead = Quaternion.identity
    var corrected = Quaternion.identity
    var elapsed = 0.0
    for step in first..<count {
      let index = step % Self.capacity
      let interval = intervals[index]
      var rate = rates[index]
      asRead = asRead * Self.turn(rate, interval)
      if step <= burst.lastStep {
        let u = min(1, (elapsed + interval * 0.5) / burst.duration)
        let excess = burst.sign * max(0, min(burst.curve(u), ceiling) - range)
        var extra = extrapolated[index]
        switch axis {
        case 0: (rate.x, extra.x) = (rate.x - extra.x + excess, 0)
        case 1: (rate.y, extra.y) = (rate.y - extra.y + excess, 0)
        default: (rate.z, extra.z) = (rate.z - extra.z + excess, 0)
        }
        (rates[index], extrapolated[index]) = (rate, extra)
      }
      elapsed += interval
      corrected = corrected * Self.turn(rate, interval)
    }
    return (asRead.conjugate * corrected).normalized
  }

  private static func turn(_ rate: Vector3, _ interval: Double) -> Quaternion {
    let angle = rate.magnitude * interval
    return angle > 0 ? Quaternion(axis: rate, angle: angle) : .identity
  }

  /// A clipped run on one axis, ended: the steps it covers (from the first clipped one to the
  /// first back inside), its sign, and the curve over its `duration` seconds.
  struct Burst {
    var firstStep: Int
    var lastStep: Int
    var sign: Double
    var duration: Double
    var entry: (rate: Double, slope: Double)
    var exit: (rate: Double, slope: Double)

    /// The Hermite cubic's rate (rad/s, signed as the burst) at `u` (0 at the last reading
    /// before the burst, 1 at the first after).
    func curve(_ u: Double) -> Double {
      let u2 = u * u
      let u3 = u2 * u
      return (2 * u3 - 3 * u2 + 1) * entry.rate + (u3 - 2 * u2 + u) * duration * entry.slope
        + (-2 * u3 + 3 * u2) * exit.rate + (u3 - u2) * duration * exit.slope
    }
  }

  /// One axis: the two readings before it clipped, how long it read at the range, the first
  /// reading back inside.
  struct Axis: Sendable {
    private var before = 0.0
    private var beforeInterval = 0.0
    private var last = 0.0
    private var burst: Burst?
    /// The burst's first reading back inside is in, waiting for the next for its slope.
    private var exited = false

    /// The extrapolated excess over the range now (rad/s, signed), at most `room`.
    func extrapolation(_ room: Double) -> Double {
      guard let burst, !exited else { return 0 }
      return burst.sign * min(room, burst.entry.slope * burst.duration)
    }

    /// The burst that ended one reading ago, once.
    mutating func step(_ rate: Double, clipped: Bool, interval: Double, step: Int) -> Burst? {
      defer { (before, beforeInterval, last) = (last, interval, rate) }
      var ended: Burst?
      if exited, var done = burst {
        // The reading after the exit gives its slope; a burst that starts again at once has none.
        let slope = clipped || interval <= 0 ? 0 : min(0, (done.sign * rate - done.exit.rate) / interval)
        done.exit.slope = slope
        ended = done
        (burst, exited) = (nil, false)
      }
      if clipped {
        if burst == nil {
          let sign: Double = rate < 0 ? -1 : 1
          let slope = beforeInterval > 0 ? max(0, sign * (last - before) / beforeInterval) : 0
          burst = Burst(
            firstStep: step, lastStep: step, sign: sign, duration: 0, entry: (sign * last, slope), exit: (0, 0))
        }
        burst?.duration += interval
      } else if var open = burst, !exited {
        open.duration += interval
        open.lastStep = step
        open.exit.rate = open.sign * rate
        (burst, exited) = (open, true)
      }
      return ended
    }
  }
}
