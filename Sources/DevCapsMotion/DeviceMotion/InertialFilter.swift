import RealModule

/// An attitude filter built the way VQF is (Laidig & Seel, "VQF: Highly accurate IMU orientation
/// estimation with bias estimation and magnetic disturbance rejection", Information Fusion 91,
/// 2023), written here from the paper's description: the gyroscope is integrated on its own; the
/// accelerometer is turned into that integration's frame, which barely moves, and low-pass
/// filtered there, so that the hand's accelerations, which come and go, average out while gravity
/// stays; the tilt is then corrected so that the filtered acceleration points up. The heading is a
/// separate angle about the vertical, pulled towards the magnetometer's north slowly, and not at
/// all while the field's strength or dip differs from the one learned (a magnet nearby). The
/// gyroscope's bias is learned from the tilt corrections while the device moves.
///
/// Every time constant is in seconds of sample timestamps. A value type that allocates nothing.
/// The earth frame is x north (or arbitrary), y west, z up.
public struct InertialFilter: Sendable {
  /// The filter's time constants and magnetic-disturbance thresholds.
  public struct Settings: Sendable, Equatable {
    /// Seconds over which the accelerometer is averaged in the integration's frame: longer rides
    /// out longer accelerations, shorter follows gyroscope drift more tightly.
    public var accelerationTimeConstant = 3.0
    /// Seconds over which the heading follows the magnetometer while the device moves (at rest,
    /// `restMagneticTimeConstant`).
    public var magneticTimeConstant = 15.0
    /// Seconds over which the heading follows the magnetometer while the device is at rest (see
    /// `restTime`). At rest the field is read at its best: the accelerometer is pure gravity, so
    /// the tilt the field is seen through is right (at a dip of 70°, BROAD's in Berlin, a tilt
    /// error of 1° turns the field's horizontal direction by about 3°), and the gyroscope
    /// adds nothing to the heading but its bias. A heading that a fast turn left off is brought
    /// back while the device lies still. 4 s: chosen among 2, 4, 8 and 15 s, each of BROAD's 11
    /// groups left out in turn (docs/explanation/motion-benchmark.md); 10 of 11 chose 4 s.
    public var restMagneticTimeConstant = 4.0
    /// A field whose strength is this share away from the learned one is a disturbance. 6 %: an
    /// undisturbed field's strength varies by about 2 % with noise and the magnetometer's
    /// calibration, while the field where BROAD's recordings rest on a table is 7 % weaker than a
    /// hand's length above it, and turned by 3°.
    public var magneticStrengthTolerance = 0.06
    /// Likewise a dip (inclination) this many degrees away from the learned one.
    public var magneticDipToleranceDegrees = 10.0
    /// A disturbed field that holds still for this long (seconds) is the new normal (another room).
    public var newMagneticReferenceTime = 20.0
    /// At the start, the field is learned once it has held still this long (seconds).
    public var firstMagneticReferenceTime = 2.0
    /// At rest (turning slower than `restRotationDegreesPerSecond`, the accelerometer steady
    /// within `restAccelerationTolerance` g) for `restTime` seconds, the accelerometer is pure
    /// gravity and is averaged over `restTimeConstant` seconds only.
    public var restTime = 0.3
    /// See `restTime` (seconds).
    public var restTimeConstant = 0.5
    /// See `restTime` (degrees per second).
    public var restRotationDegreesPerSecond = 2.0
    /// See `restTime` (g).
    public var restAccelerationTolerance = 0.05
    /// While the gyroscope reads at the end of its range, and after, the accelerometer is
    /// averaged over no more than this (seconds), growing back to `accelerationTimeConstant` as
    /// time passes, and the heading follows the magnetometer as fast: the gyroscope says less than
    /// the device turned, so what it integrated is off by an unknown angle. 0.5 s: a turn fast
    /// enough to clip a gyroscope (hundreds of degrees a second) is a hand's swing, half a second
    /// or so, and so are the accelerations it brings, which a shorter average would follow. Chosen
    /// among 0.25, 0.5, 1 and 2 s on BROAD's two clipped trials (docs/explanation/motion-benchmark.md):
    /// 0.25 s scores better at ±400°/s and a little worse where 2.5 % of the samples clip.
    public var clippedRecoveryTime = 0.5
    /// Whether the gyroscope's bias, and how much each axis under-reads a turn (its scale), are
    /// also learned while the device moves, from the tilt corrections (a device that never
    /// rests, a robot or a vehicle, would otherwise keep a tilt error of the bias times
    /// `accelerationTimeConstant`; no rest measures a scale). Off, only the estimator's
    /// ``GyroscopeBias`` learns the bias, at rest, and no scale is learned.
    public var learnsBiasInMotion = true

    /// The defaults: 3 s and 15 s time constants (4 s for the heading at rest), 6 % and 10°
    /// tolerances, a new field after 20 s.
    public init() {}
  }

  /// The tuning the filter was made with.
  public let settings: Settings
  /// Device to gyroscope frame: the rotation rate integrated alone.
  private var integrated = Quaternion.identity
  /// Gyroscope frame to a frame with z up: the accelerometer's tilt correction.
  private var tilt: Quaternion
  /// The turn about the vertical that takes the tilted frame's x to north (radians).
  private var heading = 0.0
  /// How fast the heading drifts (rad/s), learned from the magnetometer's corrections: a
  /// gyroscope bias about the vertical, carried on while the field is disturbed.
  private var headingDrift = 0.0
  /// The accelerometer's specific force in the gyroscope frame, low-pass filtered (second-order
  /// Butterworth): a swaying hand's accelerations fall off with the square of their frequency,
  /// not just in proportion.
  private var filteredUp = LowPassState<Vector3>()
  private var elapsed = 0.0
  /// Seconds the accelerometer's average has been gathering: since the start, or since a gap
  /// bridged (``bridge(rotationRate:seconds:)``).
  private var averagingFor = 0.0
  /// After a gap, until the average has gathered a whole time constant again: the tilt
  /// corrections are the gap's error, not the gyroscope's bias.
  private var reacquiring = false
  /// Seconds since the gyroscope was last blind: read at the end of its range, or not at all
  /// (a gap bridged).
  private var sinceBlind = Double.infinity
  /// Seconds since the field showed that a clipped gyroscope missed a turn (`turnMissed()`).
  private var sinceTurnMissed = Double.infinity
  private var rest = RestDetector()
  /// Seconds since the last accelerometer reading: the step its average and the rest test take,
  /// for an accelerometer sampled slower than the gyroscope.
  private var sinceAccelerometer = 0.0
  private var magnetic = MagneticReference()
  private var motionBias = MotionBiasEstimator()
  /// A magnetometer has steered the heading: the bias's vertical part is its drift loop's.
  private var steeredByField = false
  /// Seconds since the estimator last measured the gyroscope's bias at rest
  /// (``handOverGyroscopeBias()``): infinity until it has.
  private var sinceBiasMeasured = Double.infinity

  /// True during the first `accelerationTimeConstant` seconds, while the filtered acceleration
  /// has not yet seen that much of the motion.
  public var isInitialising: Bool { elapsed < settings.accelerationTimeConstant }
  /// Whether the last update left a magnetometer reading out: a field that differs from the
  /// learned one in strength or dip. False when there was no reading: nothing was left out.
  public private(set) var magnetometerIgnored = false
  /// Whether the last field read had the learned strength, within `blindStrengthFactor` times
  /// the tolerance: the one test of a field that does not depend on the estimated attitude, so
  /// it holds while that attitude is off (after a clipped gyroscope). True before a strength is
  /// learned.
  private(set) var fieldHoldsStrength = false
  /// While the attitude is off (a clipped gyroscope missed a turn the field showed, within
  /// `accelerationTimeConstant`), a field is taken if its strength is within this many times
  /// `magneticStrengthTolerance`, whatever its dip: the dip is measured through the estimated
  /// tilt, so a dip gate would leave out the field exactly when the heading needs it. Its dip
  /// does not correct the tilt: on BROAD's clipped trials that scored worse than leaving the tilt
  /// to the accelerometer (docs/explanation/motion-benchmark.md). Twice: a
  /// magnet near enough to bend the field by tens of degrees changes its strength by tens of
  /// percent, while steel in a table changes it by several percent a hand's length above it
  /// (BROAD's 41 µT on the table, 44 µT above it) without turning it.
  static let blindStrengthFactor = 2.0

  /// A filter starting at `initial` (device to earth).
  public init(settings: Settings = Settings(), initial: Quaternion = .identity) {
    self.settings = settings
    tilt = initial.normalized
  }

  /// The part of the gyroscope's bias learned while moving (rad/s, device axes), taken off every
  /// rotation rate before it is integrated. Once a magnetometer steers the heading, only the part
  /// that is horizontal now: the vertical part is the heading's drift, learned from the field.
  public var gyroscopeBias: Vector3 {
    guard steeredByField else { return motionBias.bias }
    let toEarth = tilt * integrated
    let earth = toEarth.rotate(motionBias.bias)
    return toEarth.inverseRotate(Vector3(earth.x, earth.y, 0))
  }

  /// How much each gyroscope axis under-reads a turn, learned while moving (a fraction: 0.003
  /// for 0.3 %): every rotation rate, bias removed, is multiplied by 1 + this.
  var gyroscopeScale: Vector3 { motionBias.scale }

  /// A rate with the bias removed, times 1 + `gyroscopeScale` per axis.
  private func scaled(_ rate: Vector3) -> Vector3 {
    let scale = motionBias.scale
    return Vector3(rate.x * (1 + scale.x), rate.y * (1 + scale.y), rate.z * (1 + scale.z))
  }

  /// Returns ``gyroscopeBias`` and forgets the bias learned in motion: the caller removes what
  /// it took from the rates it passes from now on (the estimator's ``GyroscopeBias`` takes it
  /// over once it learns at rest, and keeps it across a restart). A vertical part that was not
  /// being removed (with a magnetometer) is dropped, and so is the heading's learned drift: for
  /// `measuredBiasHoldTime` the drift is not learned from the field.
  public mutating func handOverGyroscopeBias() -> Vector3 {
    let part = gyroscopeBias
    motionBias.handOver()
    // The bias is being measured at rest, about every axis: the heading's drift is in it.
    headingDrift = 0
    sinceBiasMeasured = 0
    return part
  }

  /// For this long (seconds) after the bias was measured at rest, the heading's drift is not
  /// learned from the field: the measured bias holds it to hundredths of a degree a second (VQF's
  /// `biasSigmaRest`, 0.03°/s), and what the drift loop would learn is mostly the field's
  /// direction changing from place to place (on BROAD's table 2.5° a hand's length up), taken for
  /// a drift. 100 s: VQF's `biasForgettingTime`, over which its bias filter forgets a measured
  /// bias (a gyroscope's bias drifts with temperature over minutes). A device that never rests
  /// learns the drift as before.
  static let measuredBiasHoldTime = 100.0

  /// The current estimate, unit length: turns device coordinates into the earth frame.
  public var quaternion: Quaternion {
    (Quaternion(axis: Vector3(0, 0, 1), angle: heading) * tilt * integrated).normalized
  }

  /// One step: `rotationRate` in rad/s (bias removed), `up` the specific force (any unit) or nil,
  /// `magneticField` in the device frame (any unit) or nil, `interval` seconds since the last.
  /// An accelerometer sampled slower than the gyroscope passes nil between its readings: its
  /// average and the rest test step by the time since its last reading.
  public mutating func update(rotationRate: Vector3, up: Vector3?, magneticField: Vector3?, interval: Double) {
    guard interval > 0, interval.isFinite, rotationRate.isFinite else { return }
    elapsed += interval
    averagingFor += interval
    sinceBiasMeasured += interval
    sinceBlind += interval
    sinceTurnMissed += interval
    if averagingFor >= settings.accelerationTimeConstant { reacquiring = false }
    let removedBias = gyroscopeBias
    let unscaled = rotationRate - removedBias
    let rotationRate = scaled(unscaled)
    integrate(rotationRate, seconds: interval)
    sinceAccelerometer += interval
    if let up, up.isFinite {
      let step = sinceAccelerometer
      sinceAccelerometer = 0
      let inFrame = integrated.rotate(up)
      let atRest = rest.update(rotationRate: rotationRate, up: up, interval: step, settings: settings)
      // From the start (or a gap), the average of what was seen so far until a time constant has passed.
      let timeConstant = min(
        atRest ? settings.restTimeConstant : settings.accelerationTimeConstant, averagingFor)
      let lowPass = LowPassStep(timeConstant: timeConstant, interval: step)
      let filtered = lowPass.apply(inFrame, to: &filteredUp)
      if let measured = tilt.rotate(filtered).normalized {
        let correction = Self.rotationVector(from: measured, to: Vector3(0, 0, 1))
        tilt = (Quaternion(axis: correction, angle: correction.magnitude) * tilt).normalized
        if settings.learnsBiasInMotion {
          motionBias.update(
            attitude: tilt * integrated, correction: correction, rate: unscaled, removed: removedBias, lowPass: lowPass,
            atRest: atRest || reacquiring,
            interval: step)
        }
      }
    } else {
      rest.coast(rotationRate: rotationRate, settings: settings)
    }
    magnetometerIgnored = magneticField != nil
    heading -= headingDrift * interval
    guard let field = magneticField, field.isFinite else { return }
    steeredByField = true
    let earth = (tilt * integrated).rotate(field)
    let horizontal = (earth.x * earth.x + earth.y * earth.y).squareRoot()
    guard horizontal > 0 else { return }
    let strength = earth.magnitude
    let dip = Double.atan2(y: earth.z, x: horizontal)
    let blindLately = sinceTurnMissed < settings.accelerationTimeConstant
    fieldHoldsStrength = magnetic.holdsStrength(strength, within: Self.blindStrengthFactor, settings: settings)
    guard
      magnetic.accepts(strength: strength, dip: dip, interval: interval, settings: settings)
        || (blindLately && fieldHoldsStrength)
    else { return }
    magnetometerIgnored = false
    // North is where the horizontal field points: the heading that turns it onto x.
    let target = -Double.atan2(y: earth.y, x: earth.x)
    var error = (target - heading).truncatingRemainder(dividingBy: 2 * Double.pi)
    if error > Double.pi { error -= 2 * Double.pi }
    if error < -Double.pi { error += 2 * Double.pi }
    // Until a time constant of clean field has been seen, the mean of what was seen so far.
    // After a blind gyroscope, as fast as `clippedRecoveryTime`, slowing back to the time constant.
    let timeConstant = min(
      rest.atRest ? settings.restMagneticTimeConstant : settings.magneticTimeConstant,
      sinceBlind + settings.clippedRecoveryTime)
    let share = max(1 - Double.exp(-interval / timeConstant), interval / magnetic.cleanTime)
    heading += error * min(1, share)
    // With the proportional pull above, critically damped at the pace in motion (overdamped at
    // rest): no lag behind a steady drift.
    guard sinceBiasMeasured >= Self.measuredBiasHoldTime else { return }
    let tau = settings.magneticTimeConstant
    headingDrift -= error * interval / (4 * tau * tau)
    headingDrift = max(-Self.largestDrift, min(Self.largestDrift, headingDrift))
  }

  /// Carries the estimate across a gap of `seconds` in the samples, turning at `rotationRate`
  /// (rad/s, bias removed, a guess: the mean of the readings either side). The gyroscope's
  /// integration and the heading go on; the accelerometer's average starts again, as at the
  /// start (the mean of what was seen since, until a time constant has passed), so the tilt is
  /// taken again from the accelerometer. The heading follows the magnetometer as after a
  /// clipped gyroscope (`clippedRecoveryTime`).
  public mutating func bridge(rotationRate: Vector3, seconds: Double) {
    guard seconds > 0, seconds.isFinite, rotationRate.isFinite else { return }
    elapsed += seconds
    integrate(scaled(rotationRate - gyroscopeBias), seconds: seconds)
    heading -= headingDrift * seconds
    averagingFor = 0
    reacquiring = true
    sinceBlind = 0
  }

  /// The gyroscope read at the end of its range this step: the device turned faster than it
  /// says. The accelerometer's average is cut to `clippedRecoveryTime` and the heading follows
  /// the magnetometer as fast, both slowing back as time passes; nothing is learned about the
  /// bias meanwhile.
  public mutating func gyroscopeClipped() {
    averagingFor = min(averagingFor, settings.clippedRecoveryTime)
    sinceBlind = 0
    reacquiring = true
  }

  /// Turns the gyroscope's integration by `correction` (device frame, applied after what was
  /// integrated): what a clipped axis missed, re-integrated at the moment it was missed
  /// (`ClippedRate`).
  mutating func turnIntegrated(by correction: Quaternion) {
    integrated = (integrated * correction).normalized
  }

  /// The magnetometer showed that a clipped gyroscope missed a turn (`ClippedTurn.evidentTurn`):
  /// for the next `accelerationTimeConstant` seconds, until the accelerometer's average has
  /// gathered anew, a field of the learned strength is taken whatever its dip (measured through a
  /// tilt now off), so that the heading follows it.
  mutating func turnMissed() {
    sinceTurnMissed = 0
  }

  private mutating func integrate(_ rotationRate: Vector3, seconds: Double) {
    let angle = rotationRate.magnitude * seconds
    if angle > 0 {
      integrated = (integrated * Quaternion(axis: rotationRate, angle: angle)).normalized
    }
  }

  /// A gyroscope off by more than this (rad/s, 2°/s) about the vertical is not a drift to learn.
  static let largestDrift = 2.0.radiansFromDegrees

  /// The shortest rotation that turns unit vector `a` onto unit vector `b`, as its axis times its
  /// angle (radians).
  static func rotationVector(from a: Vector3, to b: Vector3) -> Vector3 {
    let cross = a.cross(b)
    let dot = max(-1, min(1, a.dot(b)))
    let sine = cross.magnitude
    guard sine > 1e-12 else { return dot > 0 ? .zero : Vector3(Double.pi, 0, 0) }
    return cross * (Double.atan2(y: sine, x: dot) / sine)
  }
}

/// Whether the device lies still: slow rotation and a steady accelerometer for long enough.
struct RestDetector: Sendable {
  private var steadyUp: Vector3?
  private var restFor = 0.0
  /// Whether the device is at rest, as the last step found it.
  private(set) var atRest = false

  /// `up` in g (any unit with a magnitude about 1 at rest), `interval` seconds since the last
  /// accelerometer reading; true once at rest for `restTime`.
  mutating func update(rotationRate: Vector3, up: Vector3, interval: Double, settings: InertialFilter.Settings) -> Bool
  {
    // A short average (a tenth of a second) that a steady reading matches and a moving one does not.
    let share = 1 - Double.exp(-interval / 0.1)
    let steady = steadyUp.map { $0 + (up - $0) * share } ?? up
    steadyUp = steady
    let scale = max(up.magnitude, 1e-9)
    if Self.isSlow(rotationRate, settings) && (up - steady).magnitude <= settings.restAccelerationTolerance * scale {
      restFor += interval
    } else {
      restFor = 0
    }
    atRest = restFor >= settings.restTime
    return atRest
  }

  /// A step without an accelerometer reading (one sampled slower than the gyroscope): the rest
  /// goes on while the gyroscope turns as slowly as rest allows, and ends when it turns faster.
  mutating func coast(rotationRate: Vector3, settings: InertialFilter.Settings) {
    guard !Self.isSlow(rotationRate, settings) else { return }
    restFor = 0
    atRest = false
  }

  private static func isSlow(_ rotationRate: Vector3, _ settings: InertialFilter.Settings) -> Bool {
    rotationRate.magnitude < settings.restRotationDegreesPerSecond.radiansFromDegrees
  }
}

/// The field strength and dip the magnetometer should read here, learned from a field that held
/// still, and how long the field has matched it.
struct MagneticReference: Sendable {
  private var reference: (strength: Double, dip: Double)?
  private var candidate: (strength: Double, dip: Double)?
  private var candidateTime = 0.0
  /// Seconds of field that matched the reference (or, before there is one, any field).
  private(set) var cleanTime = 0.0

  /// Whether this field is clean; learns a new reference when a field holds still long enough.
  mutating func accepts(strength: Double, dip: Double, interval: Double, settings: InertialFilter.Settings) -> Bool {
    if let current = candidate, Self.matches(strength, dip, current, settings) {
      candidateTime += interval
    } else {
      candidate = (strength, dip)
      candidateTime = 0
    }
    let needed = reference == nil ? settings.firstMagneticReferenceTime : settings.newMagneticReferenceTime
    if candidateTime >= needed, let candidate, reference.map({ !Self.matches(strength, dip, $0, settings) }) ?? true {
      reference = candidate
    }
    guard let reference else {
      // Nothing learned yet: the start's heading still comes from the field.
      cleanTime += interval
      return true
    }
    guard Self.matches(strength, dip, reference, settings) else { return false }
    cleanTime += interval
    return true
  }

  /// Whether `strength` is within `factor` times the strength tolerance of the learned one (true
  /// before one is learned).
  func holdsStrength(_ strength: Double, within factor: Double, settings: InertialFilter.Settings) -> Bool {
    guard let reference else { return true }
    return abs(strength - reference.strength) <= factor * settings.magneticStrengthTolerance * reference.strength
  }

  private static func matches(
    _ strength: Double, _ dip: Double, _ reference: (strength: Double, dip: Double), _ settings: InertialFilter.Settings
  ) -> Bool {
    abs(strength - reference.strength) <= settings.magneticStrengthTolerance * reference.strength
      && abs(dip - reference.dip) <= settings.magneticDipToleranceDegrees.radiansFromDegrees
  }
}
