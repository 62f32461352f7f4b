import DevCapsMotion
import Testing

/// The gyroscope's offset learned from the rest a session starts with.
@Suite("Device motion: the gyroscope bias from the first rest")
struct GyroscopeBiasTests {
  @Test("still from the start: the offset is the mean of the readings so far, before the 2 s of stillness")
  func firstRest() {
    let truth = Vector3(0.002, -0.001, 0.0011)
    var bias = GyroscopeBias()
    var random = SplitMix(seed: 7)
    for index in 1...100 {
      let noise = Vector3(random.gaussian(), random.gaussian(), random.gaussian()) * 0.002
      _ = bias.correct(truth + noise, interval: 0.01)
      if index == 50 {
        #expect((bias.offset - truth).magnitude < 0.0015, "after 0.5 s: \(bias.offset)")
      }
    }
    #expect((bias.offset - truth).magnitude < 0.0008, "after 1 s: \(bias.offset)")
  }

  @Test("a turn ends the first rest: a later rest is learned after 2 s of stillness, as before")
  func laterRest() {
    var bias = GyroscopeBias()
    for _ in 0..<60 { _ = bias.correct(Vector3(0, 0, 0.001), interval: 0.01) }
    #expect(abs(bias.offset.z - 0.001) < 1e-12, "the first rest's 0.6 s, learned once 0.5 s still after each reading")
    _ = bias.correct(Vector3(0, 0, 1), interval: 0.01)
    for _ in 0..<150 { _ = bias.correct(Vector3(0, 0, 0.02), interval: 0.01) }
    #expect(abs(bias.offset.z - 0.001) < 1e-12, "1.5 s still after moving: not yet learned")
    for _ in 0..<150 { _ = bias.correct(Vector3(0, 0, 0.02), interval: 0.01) }
    #expect(bias.offset.z > 0.002, "learning after 2 s (and 0.5 s more of stillness)")
  }

  @Test(
    "a turn that starts slowly, below the threshold for its first 0.3 s: those readings are motion, not bias",
    arguments: [false, true])
  func slowStart(afterATurn: Bool) {
    let truth = Vector3(0, 0, radians(0.2))
    var bias = GyroscopeBias()
    if afterATurn { _ = bias.correct(Vector3(0, 0, 1), interval: 0.01) }
    for _ in 0..<400 { _ = bias.correct(truth, interval: 0.01) }
    let learned = bias.offset
    // From still to 3°/s in 0.3 s, on to 6°/s.
    for step in 1...60 { _ = bias.correct(truth + Vector3(0, 0, radians(0.1 * Double(step))), interval: 0.01) }
    let moved = (bias.offset.z - learned.z) * 180 / Double.pi
    #expect(abs(moved) < 0.01, "the offset moved by \(moved) °/s")
    #expect(abs(bias.offset.z - truth.z) < radians(afterATurn ? 0.1 : 0.01), "still learned: \(bias.offset.z)")
  }

  @Test("a trial that starts with 1.5 s at rest, then turns: the vertical bias is known from that rest")
  func restThenTurning() throws {
    let truth = Vector3(radians(0.2), radians(-0.3), radians(0.4))
    var sensors = SyntheticMotion { t in
      let moving = max(0, t - 1.5)
      return Attitude(roll: radians(20 * Double.sin(moving)), pitch: radians(10), yaw: radians(20 * moving))
        .quaternion
    }
    sensors.gyroscopeBias = truth
    sensors.noise = 0.01
    var estimator = DeviceMotionEstimator(source: .fusion)
    var atOneAndHalf: Vector3?
    sensors.run(&estimator, seconds: 20) { t, motion in
      if atOneAndHalf == nil, t >= 1.5 { atOneAndHalf = motion.gyroscopeBias }
    }
    let learned = try #require(atOneAndHalf)
    #expect((learned - truth).magnitude < radians(0.05), "at 1.5 s: \(learned * (180 / Double.pi)) °/s")
    #expect(abs(estimator.gyroscopeBias.z - truth.z) < radians(0.05), "the vertical part stays after 18 s of turning")
  }
}
