import DevCapsMotion
import Testing

/// docs/explanation/motion.md's truth for device motion, on the pure estimator with synthetic sensors.
@Suite("Device motion: the estimator")
struct DeviceMotionEstimatorTests {
  @Test(
    "a still device at a known tilt: roll and pitch within 1° after 1 s (noisy sensors)",
    arguments: [(0.0, 0.0), (30, 0), (0, 45), (-60, 20), (10, -30), (0, 80), (150, 10), (-120, -50)])
  func staticTilt(roll: Double, pitch: Double) {
    let truth = Attitude(roll: radians(roll), pitch: radians(pitch), yaw: radians(40))
    for source in [MotionSource.fusion, .accelerometer] {
      var sensors = SyntheticMotion { _ in truth.quaternion }
      sensors.noise = 0.02
      var estimator = DeviceMotionEstimator(source: source)
      var last: DeviceMotion?
      sensors.run(&estimator, seconds: 1, gyroscope: source == .fusion) { _, motion in last = motion }
      guard let motion = last else {
        Issue.record("no sample")
        return
      }
      #expect(abs(angleDifference(degrees(motion.attitude.pitch), pitch)) < 1, "\(source) pitch")
      // A roll error dr moves gravity by cos(pitch) · dr: 1° of tilt is 1° / cos(pitch) of roll.
      let rollTolerance = 1 / Double.cos(radians(pitch))
      #expect(abs(angleDifference(degrees(motion.attitude.roll), roll)) < rollTolerance, "\(source) roll")
      #expect(abs(motion.gravity.magnitude - 1) < 1e-9)
    }
  }

  @Test("upright in portrait is pitch +90°, gravity (0, −1, 0); flat face up is 0, 0, 0")
  func conventions() throws {
    var upright = DeviceMotionEstimator(source: .accelerometer)
    let standingSample = upright.update(MotionInput(timestamp: 0, acceleration: Vector3(0, -1, 0)))
    let standing = try #require(standingSample)
    #expect(abs(degrees(standing.attitude.pitch) - 90) < 1e-9)
    #expect(abs(standing.attitude.roll) < 1e-9 && abs(standing.attitude.yaw) < 1e-9, "not roll 180°, yaw 180°")
    var rounded = DeviceMotionEstimator(source: .accelerometer)
    let almostSample = rounded.update(MotionInput(timestamp: 0, acceleration: Vector3(0, -1, 2e-16)))
    let almost = try #require(almostSample)
    #expect(abs(almost.attitude.roll) < 1e-9, "a rounding error's sign does not flip the roll")
    #expect((standing.gravity - Vector3(0, -1, 0)).magnitude < 1e-9)

    var flat = DeviceMotionEstimator(source: .fusion)
    let lyingSample = flat.update(MotionInput(timestamp: 0, acceleration: Vector3(0, 0, -1), rotationRate: .zero))
    let lying = try #require(lyingSample)
    #expect(abs(lying.attitude.roll) < 1e-12 && abs(lying.attitude.pitch) < 1e-12 && abs(lying.attitude.yaw) < 1e-12)
  }

  @Test(
    "a constant rate about the vertical: yaw within 2 % of rate × time", arguments: [(30.0, 0.0), (-90, 0), (45, 35)])
  func constantRate(degreesPerSecond: Double, pitch: Double) {
    let seconds = 10.0
    var sensors = SyntheticMotion { t in
      Attitude(roll: 0, pitch: radians(pitch), yaw: radians(degreesPerSecond * t)).quaternion
    }
    sensors.noise = 0.01
    var estimator = DeviceMotionEstimator(source: .fusion)
    var turned = 0.0
    var previous: Double?
    sensors.run(&estimator, seconds: seconds) { _, motion in
      let yaw = degrees(motion.attitude.yaw)
      if let previous { turned += angleDifference(yaw, previous) }
      previous = yaw
    }
    let expected = degreesPerSecond * seconds
    #expect(abs(turned - expected) <= 0.02 * abs(expected), "turned \(turned)° of \(expected)°")
  }

  @Test("still for 60 s with a 0.5°/s gyroscope bias: the bias is learned and yaw stops drifting")
  func noDriftWhenStill() throws {
    var sensors = SyntheticMotion { _ in Attitude(roll: radians(5), pitch: radians(10), yaw: 0).quaternion }
    sensors.gyroscopeBias = Vector3(radians(0.5), radians(-0.3), radians(0.5))
    sensors.noise = 0.01
    var estimator = DeviceMotionEstimator(source: .fusion)
    var yawAt10: Double?
    var last: DeviceMotion?
    sensors.run(&estimator, seconds: 60) { t, motion in
      if yawAt10 == nil && t >= 10 { yawAt10 = degrees(motion.attitude.yaw) }
      last = motion
    }
    let motion = try #require(last)
    #expect(abs(degrees(motion.attitude.yaw)) < 3, "all the drift, learning included")
    let yaw10 = try #require(yawAt10)
    #expect(abs(angleDifference(degrees(motion.attitude.yaw), yaw10)) < 0.5, "none after learning")
    #expect((estimator.gyroscopeBias - sensors.gyroscopeBias).magnitude < radians(0.05))
    let rate = try #require(motion.rotationRate)
    #expect(rate.magnitude < radians(0.1), "rotation rate has the bias removed")
  }

  @Test(
    "a horizontal field turned by known angles: heading within 2° (flat and held up)",
    arguments: [0.0, 45, 90, 135, 180, 270, 315])
  func heading(turn: Double) throws {
    for pitch in [0.0, 20, 80] {
      // At yaw 0 the device's x points north (the synthetic earth frame is north-west-up), so
      // its top edge points west; yaw turns counter-clockwise seen from above, a heading clockwise.
      let truth = Attitude(roll: 0, pitch: radians(pitch), yaw: radians(-90 - turn))
      var sensors = SyntheticMotion { _ in truth.quaternion }
      sensors.noise = 0.005
      var estimator = DeviceMotionEstimator(source: .fusion)
      var last: DeviceMotion?
      sensors.run(&estimator, seconds: 1, magnetometer: true) { _, motion in last = motion }
      let heading = try #require(last?.heading)
      #expect(abs(angleDifference(heading, turn)) < 2, "pitch \(pitch)°: heading \(heading)° for \(turn)°")
    }
  }

  @Test("x towards magnetic north: yaw 0 when the device's x points north; x-arbitrary starts at yaw 0")
  func referenceFrames() throws {
    let truth = Attitude(roll: radians(10), pitch: radians(5), yaw: radians(70))
    for frame in AttitudeReferenceFrame.allCases {
      var sensors = SyntheticMotion { _ in truth.quaternion }
      var estimator = DeviceMotionEstimator(source: .fusion, referenceFrame: frame)
      var last: DeviceMotion?
      sensors.run(&estimator, seconds: 2, magnetometer: true) { _, motion in last = motion }
      let yaw = degrees(try #require(last).attitude.yaw)
      let expected = frame == .xMagneticNorthZVertical ? 70.0 : 0.0
      #expect(abs(angleDifference(yaw, expected)) < 1, "\(frame): yaw \(yaw)°")
    }
  }

  @Test("a corrected frame holds yaw against a gyroscope bias the plain frame drifts with")
  func magnetometerCorrectsDrift() throws {
    func finalYaw(_ frame: AttitudeReferenceFrame) throws -> Double {
      // A slow steady turn is not "still", so the bias is never learned.
      var sensors = SyntheticMotion { t in Attitude(roll: 0, pitch: 0, yaw: radians(20 * t)).quaternion }
      sensors.gyroscopeBias = Vector3(0, 0, radians(0.5))
      var estimator = DeviceMotionEstimator(source: .fusion, referenceFrame: frame)
      var last: DeviceMotion?
      sensors.run(&estimator, seconds: 120, magnetometer: true) { _, motion in last = motion }
      return degrees(try #require(last).attitude.yaw)
    }
    // The heading follows the field with a 15 s time constant and learns the drift, so it
    // takes a minute or two to catch up.
    let truth = angleDifference(20 * 120, 0)
    let drifting = try finalYaw(.xArbitraryZVertical)
    let corrected = try finalYaw(.xArbitraryCorrectedZVertical)
    #expect(abs(angleDifference(drifting, truth)) > 50, "0.5°/s for 120 s")
    #expect(abs(angleDifference(corrected, truth)) < 2)
  }

  @Test("a shake: user acceleration appears, gravity stays unit length and in place")
  func shake() throws {
    var sensors = SyntheticMotion { _ in Attitude(roll: 0, pitch: radians(30), yaw: 0).quaternion }
    sensors.userAcceleration = { t in t > 2 && t < 3 ? Vector3(0.8 * Double.sin(2 * Double.pi * 5 * t), 0, 0) : .zero }
    var estimator = DeviceMotionEstimator(source: .fusion)
    var peak = 0.0
    var worstTilt = 0.0
    sensors.run(&estimator, seconds: 4) { t, motion in
      #expect(abs(motion.gravity.magnitude - 1) < 1e-9)
      if t > 2 && t < 3 { peak = max(peak, motion.userAcceleration.magnitude) }
      worstTilt = max(worstTilt, abs(degrees(motion.attitude.pitch) - 30))
      if t < 2 || t > 3.5 { #expect(motion.userAcceleration.magnitude < 0.05, "at rest at \(t) s") }
    }
    #expect(peak > 0.7, "the hand's 0.8 g shows")
    #expect(worstTilt < 3, "the shake is rejected, not taken for a tilt")
  }

  @Test("accelerometer only: no yaw, no rotation rate, no heading, and it says so")
  func accelerometerOnly() throws {
    var sensors = SyntheticMotion { t in Attitude(roll: 0, pitch: radians(45), yaw: radians(30 * t)).quaternion }
    var estimator = DeviceMotionEstimator(source: .accelerometer)
    var last: DeviceMotion?
    sensors.run(&estimator, seconds: 2, gyroscope: false) { _, motion in last = motion }
    let motion = try #require(last)
    #expect(motion.source == .accelerometer && !motion.hasYaw)
    #expect(motion.rotationRate == nil && motion.heading == nil && motion.attitude.yaw == 0)
    #expect(abs(degrees(motion.attitude.pitch) - 45) < 1)
  }

  @Test("accelerometer only: user acceleration from the low-pass gravity (Apple's samples' 0.1 filter)")
  func accelerometerOnlyUserAcceleration() throws {
    var estimator = DeviceMotionEstimator(source: .accelerometer)
    _ = estimator.update(MotionInput(timestamp: 0, acceleration: Vector3(0, -1, 0)))
    let joltSample = estimator.update(MotionInput(timestamp: 0.02, acceleration: Vector3(0.5, -1, 0)))
    let jolt = try #require(joltSample)
    // One 50 Hz step moves the gravity estimate by the samples' 0.1 of the difference.
    #expect(abs(jolt.userAcceleration.x - 0.45) < 1e-3)
  }

  @Test("a hub's quaternion is the attitude; x-arbitrary removes its starting yaw")
  func hub() throws {
    let truth = Attitude(roll: radians(-20), pitch: radians(60), yaw: radians(120))
    var north = DeviceMotionEstimator(source: .hub, referenceFrame: .xMagneticNorthZVertical)
    var arbitrary = DeviceMotionEstimator(source: .hub)
    let input = MotionInput(
      timestamp: 0, acceleration: truth.gravity, hubOrientation: truth.quaternion, hubHeading: 240)
    let absoluteSample = north.update(input)
    let absolute = try #require(absoluteSample)
    let relativeSample = arbitrary.update(input)
    let relative = try #require(relativeSample)
    #expect(absolute.attitude.quaternion.angle(to: truth.quaternion) < 1e-9)
    #expect(abs(relative.attitude.yaw) < 1e-9)
    #expect(abs(degrees(relative.attitude.pitch) - 60) < 1e-6)
    #expect(absolute.heading == 240 && absolute.source == .hub && absolute.userAcceleration.magnitude < 1e-9)
    let withoutQuaternion = arbitrary.update(MotionInput(timestamp: 0.1, acceleration: truth.gravity))
    #expect(withoutQuaternion == nil, "no quaternion, no sample")
  }

  @Test("large gaps are not integrated; garbage readings give no sample")
  func gapsAndGarbage() throws {
    var estimator = DeviceMotionEstimator(source: .fusion)
    let startSample = estimator.update(MotionInput(timestamp: 0, acceleration: Vector3(0, 0, -1), rotationRate: .zero))
    let start = try #require(startSample)
    let afterSample = estimator.update(
      MotionInput(timestamp: 10, acceleration: Vector3(0, 0, -1), rotationRate: Vector3(0, 0, 1)))
    let after = try #require(afterSample)
    #expect(after.attitude.quaternion.angle(to: start.attitude.quaternion) < 1e-9, "a 10 s gap turns nothing")
    let garbage = estimator.update(
      MotionInput(timestamp: 10.01, acceleration: Vector3(.nan, 0, 1), rotationRate: .zero))
    let noAccelerometer = estimator.update(MotionInput(timestamp: 10.02, rotationRate: .zero))
    #expect(garbage == nil && noAccelerometer == nil)
  }
}
