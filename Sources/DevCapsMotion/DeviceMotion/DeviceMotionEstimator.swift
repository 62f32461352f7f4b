import RealModule

/// Turns motion-sensor readings into device motion (`CMDeviceMotion`), from the best source the
/// machine has (docs/explanation/motion.md): a hub's fused orientation, else devcaps' own AHRS over accelerometer
/// and gyroscope (and magnetometer), else the accelerometer alone. A pure value type: feed it
/// ``MotionInput`` at the sampling rate and it returns ``DeviceMotion``; it allocates nothing per
/// sample and needs no device, so it is tested with synthetic trajectories.
public struct DeviceMotionEstimator: Sendable {
  /// The source the readings are fused from, fixed when the estimator is made.
  public let source: MotionSource
  /// The frame the reported attitude is relative to.
  public let referenceFrame: AttitudeReferenceFrame
  /// Applied to every magnetometer reading; nil reports the raw field with accuracy `uncalibrated`.
  public var calibration: MagnetometerCalibration?

  /// The longest step between samples integrated as an ordinary one (seconds); a step back in
  /// time beyond it restarts the estimator.
  public static let maximumInterval = 0.5
  /// A longer gap between samples restarts the estimator (seconds): nothing is known of what the
  /// device did meanwhile (a suspend, a stalled source). A gap between `maximumInterval` and this
  /// is bridged: the gyroscope's rate across it is taken as the mean of the readings either side,
  /// the tilt is taken again from the accelerometer over a time as long as the gap, and the
  /// heading (yaw) is carried on. 2 s: a hand's turn lasts a second or two, so the readings either
  /// side of a longer gap say little of what happened in it, and a restart's fresh start (tilt
  /// from gravity at once) is then the better guess.
  public static let longestBridgedGap = 2.0
  /// The accelerometer-only gravity filter: Apple's accelerometer samples' 0.1 per sample at 50 Hz, as a time
  /// constant so that other rates filter alike.
  public static let gravityTimeConstant = -0.02 / Double.log(0.9)

  /// The `fusion` source's filter and its settings.
  public let filterChoice: AttitudeFilter
  private var filter: RunningFilter
  private var bias: GyroscopeBias
  private var saturation: GyroscopeSaturation
  private var clippedTurn = ClippedTurn()
  private var clippedRate = ClippedRate()
  /// Whether the field read the clipped axes' turn during the current (or last) burst.
  private var fieldReadBurst = false
  private var wasClipped = false
  /// Readings in a row at the gyroscope's range: at a learned range two equal readings may be
  /// the top of a smooth turn (what taught it), so the filter is told only from the third.
  private var clippedInARow = 0
  private var lowPassGravity: Vector3?
  private var lastTimestamp: Double?
  /// The last ordinary step between samples (seconds) and the last bias-free rotation rate: a
  /// bridged gap ends with such a step and integrates the mean of the rates either side before it.
  private var lastInterval: Double?
  private var lastRate = Vector3.zero
  /// True until a sample starts the estimate, and again after a clock jump.
  private var needsStart = true
  /// A clock jump happened and the next sample out says so.
  private var restartPending = false
  /// Turns the filter's earth frame into the reported reference frame (a yaw about z).
  private var frameCorrection = Quaternion.identity

  /// An estimator for one source and reference frame; `filter` is the filter the `fusion` source
  /// runs, with its settings; `gyroscopeBias` is the offset learner to start from (seed its
  /// offset, or turn its learning off); `gyroscopeRange` is the largest rate the gyroscope reads
  /// (rad/s), nil to learn it from readings stuck at one extreme value: while it reads at its end,
  /// and for a while after, the inertial filter trusts the accelerometer and magnetometer more.
  public init(
    source: MotionSource, referenceFrame: AttitudeReferenceFrame = .xArbitraryZVertical,
    calibration: MagnetometerCalibration? = nil, filter: AttitudeFilter = .inertial(),
    gyroscopeBias: GyroscopeBias = GyroscopeBias(), gyroscopeRange: Double? = nil
  ) {
    saturation = GyroscopeSaturation(range: gyroscopeRange)
    self.source = source
    self.referenceFrame = referenceFrame
    self.calibration = calibration
    filterChoice = filter
    bias = gyroscopeBias
    self.filter = RunningFilter(filter, initial: .identity, learnsBias: gyroscopeBias.isLearning)
  }

  /// The gyroscope's range (rad/s): given, or learned from readings stuck at one extreme value;
  /// nil while unknown.
  public var gyroscopeRange: Double? { saturation.range }

  /// The gyroscope offset learned so far (rad/s): at rest, and by the fusion source's inertial
  /// filter while moving.
  public var gyroscopeBias: Vector3 { bias.offset + filter.gyroscopeBias }

  /// One step; nil until the source's own reading is there (no accelerometer sample yet for
  /// fusion, no quaternion for a hub), and for a sample stamped before the previous one (by at
  /// most `maximumInterval`: its moment has passed) or at a time that is not finite. A sample
  /// stamped like the previous one is reported without moving the estimate. A sample after a
  /// gap longer than `maximumInterval` bridges it, one after a gap longer than
  /// `longestBridgedGap` restarts the estimate.
  public mutating func update(_ input: MotionInput) -> DeviceMotion? {
    guard input.timestamp.isFinite else { return nil }
    var interval = 0.0
    if let last = lastTimestamp {
      let step = input.timestamp - last
      if step > Self.longestBridgedGap || step < -Self.maximumInterval {
        needsStart = true
        restartPending = true
        bias.restartStillness()
      } else if step < 0 {
        return nil
      } else {
        interval = step
      }
    }
    lastTimestamp = input.timestamp
    guard let (attitude, rotationRate, fusion) = estimate(input, interval: interval) else { return nil }
    if interval > 0 && interval <= Self.maximumInterval { lastInterval = interval }
    let restarted = restartPending
    restartPending = false

    let field = magneticField(input)
    let gravity = attitude.gravity
    let heading: Double? =
      if let hubHeading = input.hubHeading, hubHeading.isFinite {
        hubHeading.truncatingRemainder(dividingBy: 360) + (hubHeading < 0 ? 360 : 0)
      } else if let field {
        Heading.degrees(gravity: gravity, field: field.field)
      } else {
        nil
      }
    return DeviceMotion(
      timestamp: input.timestamp, attitude: attitude, gravity: gravity,
      userAcceleration: input.acceleration.map { $0 - gravity } ?? .zero,
      rotationRate: rotationRate, magneticField: field, heading: heading, source: source,
      referenceFrame: referenceFrame, gyroscopeBias: rotationRate == nil ? nil : gyroscopeBias, fusion: fusion,
      restarted: restarted)
  }

  private func magneticField(_ input: MotionInput) -> MagneticField? {
    input.magneticField.map { raw in
      calibration?.calibrated(raw) ?? MagneticField(field: raw, accuracy: .uncalibrated)
    }
  }

  /// The source's attitude and bias-free rotation rate, `interval` seconds after the previous
  /// sample (0 when it starts or restarts the estimate, or repeats a timestamp).
  private mutating func estimate(
    _ input: MotionInput, interval: Double
  ) -> (Attitude, Vector3?, FusionStatus?)? {
    switch source {
    case .hub:
      guard let orientation = input.hubOrientation?.normalized else { return nil }
      if needsStart {
        frameCorrection = referenceFrame == .xMagneticNorthZVertical ? .identity : Self.yawRemoval(orientation)
        needsStart = false
      }
      let rate = input.rotationRate.map { bias.correct($0, interval: interval) }
      return (Attitude(quaternion: (frameCorrection * orientation).normalized), rate, nil)
    case .fusion:
      guard let acceleration = input.acceleration, acceleration.isFinite else { return nil }
      let rate = bias.correct(input.rotationRate ?? .zero, interval: interval)
      let clipped = input.rotationRate.map { saturation.clippedAxes($0) } ?? []
      let magnetic = referenceFrame.usesMagnetometer ? magneticField(input)?.field : nil
      if needsStart {
        let start = Self.initialOrientation(gravity: acceleration, field: magnetic)
        // A restart keeps what the filter learned in motion: the gyroscope is the same one.
        bias.takeOver(filter.handOverBias())
        filter = RunningFilter(filterChoice, initial: start, learnsBias: bias.isLearning)
        clippedTurn = ClippedTurn()
        clippedRate.forget()
        frameCorrection = referenceFrame == .xMagneticNorthZVertical ? .identity : Self.yawRemoval(start)
        needsStart = false
      } else {
        var step = interval
        if interval > Self.maximumInterval {
          // A gap: the device was not seen turning, so still for the bias learner; the mean of
          // the rates either side across it, then the last ordinary step with this sample's.
          bias.restartStillness()
          step = min(lastInterval ?? interval, interval)
          filter.bridge(rotationRate: (rate + lastRate) * 0.5, seconds: interval - step)
          // The field turned across the gap by a turn nobody read.
          clippedTurn = ClippedTurn()
          clippedRate.forget()
        }
        clippedInARow = clipped.isEmpty ? 0 : clippedInARow + 1
        if !clipped.isEmpty && (!saturation.learned || clippedInARow > 2) { filter.gyroscopeClipped() }
        // What the clipped axes left out, from how the field turned: a field of the learned
        // strength (its dip is read through the tilt, which a clipped turn has put off).
        let trusted = magnetic != nil && filter.fieldHoldsStrength
        // While clipped, the rate grows on at the slope it entered with (`ClippedRate`); the
        // field then reads what that still leaves out.
        let range = filter.takesMissedTurns ? saturation.range : nil
        let extra = range.map { clippedRate.extrapolation(range: $0, clipped: clipped) } ?? .zero
        let turned = clippedTurn.rate(
          rate + extra, clipped: clipped, field: magnetic, trusted: trusted, interval: step,
          vertical: filter.quaternion.inverseRotate(Vector3(0, 0, 1)))
        if !clipped.isEmpty && !wasClipped { fieldReadBurst = false }
        wasClipped = !clipped.isEmpty
        if clippedTurn.corrected { fieldReadBurst = true }
        let missed = range.flatMap { range in
          step > 0
            ? clippedRate.step(
              read: rate, rate: turned, extrapolated: extra, clipped: clipped, range: range, interval: step) : nil
        }
        if clippedTurn.turnMissedEvidently { filter.turnMissed() }
        filter.update(rotationRate: turned, up: -acceleration, magneticField: magnetic, interval: step)
        // A burst ended: the curve through the rates either side in place of what was integrated,
        // unless the field already read the turn the clipped axes missed.
        if let missed, !(fieldReadBurst && magnetic != nil) { filter.turnIntegrated(by: missed) }
        // Still long enough for the offset to learn: it takes over what was learned in motion.
        if bias.isLearningNow { bias.takeOver(filter.handOverBias()) }
      }
      lastRate = rate
      return (
        Attitude(quaternion: (frameCorrection * filter.quaternion).normalized), rate - filter.gyroscopeBias,
        filter.status
      )
    case .accelerometer:
      guard let acceleration = input.acceleration, acceleration.isFinite else { return nil }
      var gravity = acceleration
      if let previous = lowPassGravity, !needsStart {
        let share = 1 - Double.exp(-interval / Self.gravityTimeConstant)
        gravity = previous + (acceleration - previous) * share
      }
      needsStart = false
      lowPassGravity = gravity
      return (Self.tiltOnly(gravity: gravity), nil, nil)
    }
  }

  /// Roll and pitch from a gravity vector (docs/explanation/motion.md's device frame), yaw 0: with
  /// g = (cos p · sin r, −sin p, −cos p · cos r).
  public static func tiltOnly(gravity: Vector3) -> Attitude {
    guard let g = gravity.normalized else { return Attitude(quaternion: .identity) }
    // Upright (g.x and g.z both about 0) roll is undefined; 0 there, not the ±180° that the sign
    // of a rounding error would pick.
    let roll = (g.x * g.x + g.z * g.z).squareRoot() < 1e-6 ? 0 : Double.atan2(y: g.x, x: -g.z)
    return Attitude(roll: roll, pitch: Double.asin(max(-1, min(1, -g.y))), yaw: 0)
  }

  /// The start: tilt from gravity; with a field, turned about z so that x points to magnetic
  /// north.
  static func initialOrientation(gravity: Vector3, field: Vector3?) -> Quaternion {
    let tilt = tiltOnly(gravity: gravity).quaternion
    guard let field else { return tilt }
    let earthField = tilt.rotate(field)
    guard earthField.x != 0 || earthField.y != 0 else { return tilt }
    let north = Double.atan2(y: earthField.y, x: earthField.x)
    return Quaternion(axis: Vector3(0, 0, 1), angle: -north) * tilt
  }

  /// The yaw that makes the reported attitude start at yaw 0.
  static func yawRemoval(_ orientation: Quaternion) -> Quaternion {
    Quaternion(axis: Vector3(0, 0, 1), angle: -Attitude(quaternion: orientation).yaw)
  }
}
