import DevCapsMotion
import RealModule
import Testing

/// Every time constant of device motion is seconds of the samples' own timestamps: real sensors
/// clock unevenly, drop samples, repeat or reorder stamps, and run a little off their nominal rate.
@Suite("Device motion: uneven sample clocks")
struct SampleClockTests {
  @Test(
    "the accelerometer is trusted again after 5 s of rejection, in seconds, on every clock",
    arguments: SampleClock.allCases)
  func recoveryInSeconds(clock: SampleClock) throws {
    var filter = AHRSFilter()
    var times = clock.times(seconds: 20)
    let still = Vector3(0, 0, 1)
    // 30° off the estimate: rejected from t = 4 on, once initialisation is over.
    let tilted = Vector3(0, Double.sin(radians(30)), Double.cos(radians(30)))
    var previous = times.removeFirst()
    var recoveredAt: Double?
    for t in times {
      let up = t < 4 ? still : tilted
      filter.update(rotationRate: .zero, up: up, magneticField: nil, interval: t - previous)
      previous = t
      if t >= 4, !filter.accelerometerIgnored, recoveredAt == nil { recoveredAt = t }
    }
    let recovered = try #require(recoveredAt, "never trusted again")
    // 4 s, plus the first sample counted at its own time, plus at most one interval of counting.
    #expect(abs(recovered - 9) <= clock.longestInterval + 1e-9, "\(clock): recovered at \(recovered) s")
  }

  @Test("initialisation lasts 3 s of timestamps on every clock", arguments: SampleClock.allCases)
  func initialisationInSeconds(clock: SampleClock) throws {
    var filter = AHRSFilter()
    var times = clock.times(seconds: 5)
    var previous = times.removeFirst()
    var endedAt: Double?
    for t in times {
      filter.update(rotationRate: .zero, up: Vector3(0, 0, 1), magneticField: nil, interval: t - previous)
      previous = t
      if !filter.isInitialising, endedAt == nil { endedAt = t }
    }
    let ended = try #require(endedAt)
    #expect(abs(ended - AHRSFilter.initialisationPeriod) <= clock.longestInterval + 1e-9, "\(clock): \(ended) s")
  }

  @Test("the gyroscope bias is learned at the same pace on every clock", arguments: SampleClock.allCases)
  func biasLearningInSeconds(clock: SampleClock) {
    let truth = Vector3(0.01, -0.02, 0.015)
    var even = GyroscopeBias()
    var uneven = GyroscopeBias()
    var previous = 0.0
    for t in SampleClock.even.times(seconds: 4).dropFirst() {
      _ = even.correct(truth, interval: t - previous)
      previous = t
    }
    previous = 0
    for t in clock.times(seconds: 4).dropFirst() {
      _ = uneven.correct(truth, interval: t - previous)
      previous = t
    }
    // The same stretch of time learned, give or take the sample that ends stillness and the
    // last one (each at most an interval of the 2 s time constant).
    let allowed = truth.magnitude * (0.002 + clock.longestInterval)
    #expect((even.offset - uneven.offset).magnitude <= allowed, "\(clock): \(even.offset) vs \(uneven.offset)")
    #expect(even.offset.magnitude > 0.5 * truth.magnitude, "learning did happen")
  }

  @Test("a repeated timestamp is reported without moving the estimate; a late one is dropped")
  func duplicateAndLateStamps() throws {
    var estimator = DeviceMotionEstimator(source: .fusion)
    let turning = Vector3(0, 0, 1)
    _ = estimator.update(MotionInput(timestamp: 0, acceleration: Vector3(0, 0, -1), rotationRate: turning))
    let firstSample = estimator.update(
      MotionInput(timestamp: 0.1, acceleration: Vector3(0, 0, -1), rotationRate: turning))
    let first = try #require(firstSample)
    let repeatedSample = estimator.update(
      MotionInput(timestamp: 0.1, acceleration: Vector3(0, 0, -1), rotationRate: turning))
    let repeated = try #require(repeatedSample)
    #expect(repeated.attitude.quaternion.angle(to: first.attitude.quaternion) < 1e-12)
    let late = estimator.update(MotionInput(timestamp: 0.05, acceleration: Vector3(0, 0, -1), rotationRate: turning))
    #expect(late == nil, "a sample older than the last one is dropped")
    let nextSample = estimator.update(
      MotionInput(timestamp: 0.2, acceleration: Vector3(0, 0, -1), rotationRate: turning))
    let next = try #require(nextSample)
    // 0.1 s at 1 rad/s since 0.1, not 0.15 s since the late stamp.
    #expect(abs(next.attitude.quaternion.angle(to: first.attitude.quaternion) - 0.1) < 1e-3)
    #expect(!next.restarted && !repeated.restarted)
    let notFinite = estimator.update(
      MotionInput(timestamp: .nan, acceleration: Vector3(0, 0, -1), rotationRate: turning))
    #expect(notFinite == nil)
  }

  @Test("a gap longer than 2 s (a suspend) restarts the estimate, and the sample says so once")
  func suspendRestarts() throws {
    let tilt = Attitude(roll: radians(20), pitch: radians(-10), yaw: radians(70))
    var sensors = SyntheticMotion { t in
      t < 10 ? Attitude(roll: 0, pitch: 0, yaw: radians(9 * t)).quaternion : tilt.quaternion
    }
    var estimator = DeviceMotionEstimator(source: .fusion)
    sensors.run(&estimator, seconds: 5) { _, motion in #expect(!motion.restarted) }
    let shortGapSample = estimator.update(sensors.input(at: 5.4))
    let shortGap = try #require(shortGapSample)
    #expect(!shortGap.restarted, "0.4 s is integrated")
    let bridgedSample = estimator.update(sensors.input(at: 7.3))
    let bridged = try #require(bridgedSample)
    #expect(!bridged.restarted, "1.9 s is bridged")
    let resumedSample = estimator.update(sensors.input(at: 60))
    let resumed = try #require(resumedSample)
    #expect(resumed.restarted)
    #expect(resumed.fusion?.initialising == true, "the filter converges afresh")
    #expect(abs(degrees(resumed.attitude.roll) - 20) < 0.01 && abs(degrees(resumed.attitude.pitch) + 10) < 0.01)
    #expect(abs(resumed.attitude.yaw) < 1e-9, "an arbitrary frame's yaw starts again at 0")
    let afterSample = estimator.update(sensors.input(at: 60.01))
    let after = try #require(afterSample)
    #expect(!after.restarted, "said once")
    let backSample = estimator.update(sensors.input(at: 30))
    let back = try #require(backSample)
    #expect(back.restarted, "a clock that went back by more than 0.5 s restarts too")
  }

  @Test(
    "a gap of 0.6 to 2 s keeps the heading (the mean rate either side across it) and takes the tilt again from the accelerometer",
    arguments: [0.6, 1.2, 1.9])
  func gapBridged(seconds: Double) throws {
    // Turning about the vertical at 30°/s, tilted 10°; during the gap the device is tipped by 15°
    // more (the tilt the gyroscope does not see, as a pause with the sensor stalled would hide).
    let gapStart = 10.0
    let gapEnd = gapStart + seconds
    var sensors = SyntheticMotion { t in
      let tipped = t < gapStart ? 0 : t < gapEnd ? (t - gapStart) / seconds * 15 : 15.0
      return Attitude(roll: radians(10), pitch: radians(tipped), yaw: radians(30 * t)).quaternion
    }
    var estimator = DeviceMotionEstimator(source: .fusion)
    var before: DeviceMotion?
    sensors.run(&estimator, seconds: gapStart - 0.01) { _, motion in before = motion }
    let last = try #require(before)
    var after: [DeviceMotion] = []
    for index in 0...300 {
      let t = gapEnd + Double(index) / sensors.rate
      if let motion = estimator.update(sensors.input(at: t)) { after.append(motion) }
    }
    #expect(after.allSatisfy { !$0.restarted }, "bridged, not restarted")
    // 3 s on, the yaw has gone on by what the device turned: the gap's 30°/s carried by the
    // rates either side, and the 15° tip the gyroscope missed taken from the accelerometer.
    let settled = try #require(after.last)
    let truth = Attitude(quaternion: sensors.orientation(gapEnd + 3))
    let truthBefore = Attitude(quaternion: sensors.orientation(gapStart - 0.01))
    let turned = angleDifference(degrees(settled.attitude.yaw), degrees(last.attitude.yaw))
    let trulyTurned = angleDifference(degrees(truth.yaw), degrees(truthBefore.yaw))
    #expect(abs(angleDifference(turned, trulyTurned)) < 2, "turned \(turned)°, truly \(trulyTurned)°")
    let tiltError = angleBetween(settled.gravity, truth.quaternion.inverseRotate(Vector3(0, 0, -1)))
    #expect(tiltError < 1.5, "tilt \(tiltError)° off 3 s after the gap")
  }

  @Test("gyroscope-bias learning can be seeded or turned off")
  func biasOptions() throws {
    let bias = Vector3(0.02, 0, -0.01)
    let still = MotionInput(timestamp: 0, acceleration: Vector3(0, 0, -1), rotationRate: bias)
    var fixed = DeviceMotionEstimator(
      source: .fusion, gyroscopeBias: GyroscopeBias(offset: bias * 0.5, learning: false))
    var learning = DeviceMotionEstimator(source: .fusion, gyroscopeBias: GyroscopeBias(offset: bias * 0.5))
    var last: (DeviceMotion?, DeviceMotion?)
    for index in 0...1000 {
      var input = still
      input.timestamp = Double(index) / 100
      last = (fixed.update(input), learning.update(input))
    }
    let kept = try #require(last.0)
    let learned = try #require(last.1)
    #expect(
      kept.gyroscopeBias == bias * 0.5 && fixed.gyroscopeBias == bias * 0.5, "not learning: the given offset stays")
    #expect(((kept.rotationRate ?? .zero) - bias * 0.5).magnitude < 1e-12, "the given offset is removed")
    #expect((learned.gyroscopeBias.map { $0 - bias }?.magnitude ?? 1) < 1e-3, "learning from the given offset on")
  }
}
