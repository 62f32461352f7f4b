import DevCapsMotion
import RealModule
import Testing

/// The default filter's robustness: the hand's accelerations and a magnet nearby.
@Suite("Device motion: the inertial filter")
struct InertialFilterTests {
  /// A device swaying about a 20° tilt and turning, for `seconds`; the worst tilt and heading
  /// errors after the first 5 s.
  func worstErrors(
    filter: AttitudeFilter, seconds: Double = 60, adjust: (inout SyntheticMotion) -> Void
  ) throws -> (tilt: Double, heading: Double) {
    let truth = { (t: Double) in
      Attitude(
        roll: radians(20 + 10 * Double.sin(t)), pitch: radians(10 * Double.sin(0.7 * t)),
        yaw: radians(30 * Double.sin(0.2 * t))
      )
      .quaternion
    }
    var sensors = SyntheticMotion(orientation: truth)
    sensors.noise = 0.01
    adjust(&sensors)
    var estimator = DeviceMotionEstimator(source: .fusion, referenceFrame: .xMagneticNorthZVertical, filter: filter)
    var worst = (tilt: 0.0, heading: 0.0)
    sensors.run(&estimator, seconds: seconds, magnetometer: true) { t, motion in
      guard t > 5 else { return }
      let expected = Attitude(quaternion: truth(t))
      worst.tilt = max(worst.tilt, angleBetween(motion.gravity, expected.gravity))
      worst.heading = max(worst.heading, abs(angleDifference(degrees(motion.attitude.yaw), degrees(expected.yaw))))
    }
    return worst
  }

  @Test("20 s of a hand moving the device to and fro at up to 0.5 g: tilt within 3°, where Fusion errs twice as much")
  func handAccelerations() throws {
    let sway: (inout SyntheticMotion) -> Void = { sensors in
      let orientation = sensors.orientation
      sensors.userAcceleration = { t in
        guard (20..<40).contains(t) else { return .zero }
        let hand = Vector3(0.5 * Double.sin(2 * Double.pi * 0.8 * t), 0.3 * Double.sin(2 * Double.pi * 0.5 * t), 0)
        return orientation(t).inverseRotate(hand)
      }
    }
    let inertial = try worstErrors(filter: .inertial(), adjust: sway)
    let fusion = try worstErrors(filter: .fusion(), adjust: sway)
    #expect(inertial.tilt < 3, "inertial: \(inertial)")
    #expect(fusion.tilt > 2 * inertial.tilt, "Fusion: \(fusion)")
  }

  @Test("a magnet next to the device for 15 s: heading within 3°; Fusion follows it after 5 s")
  func magnetNearby() throws {
    let magnet: (inout SyntheticMotion) -> Void = { sensors in
      sensors.magneticDisturbance = { t in (20..<35).contains(t) ? Vector3(-20, 25, 10) : .zero }
    }
    let inertial = try worstErrors(filter: .inertial(), adjust: magnet)
    let fusion = try worstErrors(filter: .fusion(), adjust: magnet)
    #expect(inertial.heading < 3, "inertial: \(inertial)")
    #expect(fusion.heading > 10, "Fusion: \(fusion)")
  }

  /// Turning 20°/s about the vertical and wobbling ±30°: a robot's head, a vehicle.
  static func wobbling(_ t: Double) -> Quaternion {
    Attitude(roll: radians(30 * Double.sin(0.5 * t)), pitch: radians(30 * Double.sin(0.37 * t)), yaw: radians(20 * t))
      .quaternion
  }

  /// The gyroscope bias of the tests below, 1.1°/s, in °/s per axis.
  static let wobblingBias = Vector3(0.8, -0.6, 0.5)

  /// Sensors along `orientation` with `wobblingBias` and a little noise.
  static func biasedSensors(_ orientation: @escaping (Double) -> Quaternion) -> SyntheticMotion {
    var sensors = SyntheticMotion(orientation: orientation)
    sensors.noise = 0.01
    sensors.gyroscopeBias = wobblingBias * (Double.pi / 180)
    return sensors
  }

  /// A device that never rests, wobbling with a gyroscope bias of 1.1°/s: the mean tilt error
  /// over the last 30 s of three minutes, and the bias (°/s) the estimator reports at the end.
  /// `gaps` are seconds with no sample: a second's gap restarts the estimate.
  func neverResting(learnsBiasInMotion: Bool, gaps: [Double] = []) -> (tilt: Double, bias: Vector3) {
    var sensors = Self.biasedSensors(Self.wobbling)
    var settings = InertialFilter.Settings()
    settings.learnsBiasInMotion = learnsBiasInMotion
    var estimator = DeviceMotionEstimator(source: .fusion, filter: .inertial(settings))
    var total = 0.0
    var count = 0.0
    for index in 0...18_000 {
      let t = Double(index) / 100
      if gaps.contains(where: { ($0..<$0 + 1).contains(t) }) { continue }
      guard let motion = estimator.update(sensors.input(at: t)), t > 150 else { continue }
      total += angleBetween(motion.gravity, Attitude(quaternion: Self.wobbling(t)).gravity)
      count += 1
    }
    return (total / count, estimator.gyroscopeBias * (180 / Double.pi))
  }

  @Test("a device that never rests: the bias learned while moving keeps the tilt within 0.3°, 2° off without it")
  func biasLearnedInMotion() {
    let learning = neverResting(learnsBiasInMotion: true)
    let atRestOnly = neverResting(learnsBiasInMotion: false)
    #expect(learning.tilt < 0.3, "learning in motion: \(learning.tilt)°")
    #expect(atRestOnly.tilt > 2, "learning at rest only: \(atRestOnly.tilt)°")
    #expect((learning.bias - Self.wobblingBias).magnitude < 0.2, "bias learned: \(learning.bias) °/s")
    #expect(atRestOnly.bias == .zero, "never at rest, nothing learned: \(atRestOnly.bias)")
  }

  @Test("a restart (a second with no samples, every 30 s) keeps the bias learned in motion")
  func biasKeptAcrossRestarts() {
    let gapped = neverResting(learnsBiasInMotion: true, gaps: [30, 60, 90, 120, 150])
    #expect(gapped.tilt < 0.3, "tilt: \(gapped.tilt)°")
    #expect((gapped.bias - Self.wobblingBias).magnitude < 0.2, "bias: \(gapped.bias) °/s")
  }

  @Test("moving for two minutes, then still: the bias learned in motion is handed over, not removed twice")
  func biasHandedOverAtRest() throws {
    var sensors = Self.biasedSensors { t in Self.wobbling(min(t, 120)) }
    var estimator = DeviceMotionEstimator(source: .fusion)
    var biasAt120: Vector3?
    var biasAt123: Vector3?
    var yawAt130: Double?
    var last: DeviceMotion?
    sensors.run(&estimator, seconds: 160) { t, motion in
      if biasAt120 == nil, t >= 120 { biasAt120 = motion.gyroscopeBias }
      if biasAt123 == nil, t >= 123 { biasAt123 = motion.gyroscopeBias }
      if yawAt130 == nil, t >= 130 { yawAt130 = degrees(motion.attitude.yaw) }
      last = motion
    }
    let learned = try #require(biasAt120)
    let motion = try #require(last)
    // 0.2°/s: the corrections in motion teach the gyroscope's scale too, and early on the two
    // share them (0.17°/s off here).
    #expect((learned - sensors.gyroscopeBias).magnitude < radians(0.2), "learned in motion: \(learned)")
    // GyroscopeBias learns after 2 s still, and takes the estimate over then: not from zero.
    let handedOver = try #require(biasAt123)
    #expect((handedOver - sensors.gyroscopeBias).magnitude < radians(0.15), "3 s still: \(handedOver)")
    #expect(
      (estimator.gyroscopeBias - sensors.gyroscopeBias).magnitude < radians(0.05),
      "after 40 s still: \(estimator.gyroscopeBias)")
    #expect(
      abs(angleDifference(degrees(motion.attitude.yaw), try #require(yawAt130))) < 0.3, "no drift over the last 30 s")
    #expect((motion.rotationRate ?? Vector3(1, 1, 1)).magnitude < radians(0.1), "the rate at rest is zero")
  }

  @Test("a field that changed for good (another room) is learned again after 20 s", arguments: SampleClock.allCases)
  func newMagneticReference(clock: SampleClock) throws {
    var filter = InertialFilter()
    var previous = 0.0
    var ignoredAt30 = false
    var trustedAgainAt: Double?
    for t in clock.times(seconds: 60).dropFirst() {
      // Flat and still; from 10 s on the field is 30 % stronger (the heading itself unchanged).
      let field = t < 10 ? Vector3(24, 0, -41.6) : Vector3(24, 0, -41.6) * 1.3
      filter.update(rotationRate: .zero, up: Vector3(0, 0, 1), magneticField: field, interval: t - previous)
      previous = t
      if t >= 30, !ignoredAt30, trustedAgainAt == nil { ignoredAt30 = filter.magnetometerIgnored }
      if t > 10, !filter.magnetometerIgnored, trustedAgainAt == nil { trustedAgainAt = t }
    }
    let trusted = try #require(trustedAgainAt, "never trusted again")
    #expect(abs(trusted - 30) <= 2 * clock.longestInterval, "\(clock): trusted again at \(trusted) s")
  }

  @Test("at rest the tilt settles within 2.5 s on every clock, however uneven", arguments: SampleClock.allCases)
  func restSettles(clock: SampleClock) throws {
    var filter = InertialFilter()
    var previous = 0.0
    let tilted = Vector3(Double.sin(radians(25)), 0, Double.cos(radians(25)))
    // 2.5 s: the Butterworth average (0.5 s at rest) has no overshoot to speak of but a softer
    // knee than two first-order stages: 1.1° off at 2 s.
    for t in clock.times(seconds: 12.5).dropFirst() {
      // Level for 10 s, then the accelerometer alone says 25° (no rotation: a sensor set down).
      filter.update(
        rotationRate: .zero, up: t < 10 ? Vector3(0, 0, 1) : tilted, magneticField: nil, interval: t - previous)
      previous = t
    }
    let up = filter.quaternion.inverseRotate(Vector3(0, 0, 1))
    #expect(angleBetween(up, tilted) < 1, "\(clock): \(angleBetween(up, tilted))° off after 2.5 s")
  }
}

/// Degrees between two directions.
func angleBetween(_ a: Vector3, _ b: Vector3) -> Double {
  guard let a = a.normalized, let b = b.normalized else { return 180 }
  return degrees(Double.acos(max(-1, min(1, a.dot(b)))))
}
