import DevCapsMotion
import RealModule
import Testing

/// The heading at rest follows the magnetometer faster than in motion.
@Suite("Device motion: the heading at rest")
struct InertialFilterRestHeadingTests {
  /// A device lying flat, x north, in a clean field: still for 20 s (past the start, when the
  /// heading is the mean of the field seen so far until a time constant has passed), turned a
  /// quarter turn about the vertical in a second by a gyroscope that reads 22 % too much (so it
  /// ends 20° off), then still for `restSeconds`; the gyroscope and magnetometer read at 100 Hz,
  /// the accelerometer at every `accelerometerEvery`th of their steps. The heading's error
  /// (degrees) at the turn's end and after the rest.
  func headingError(
    restSeconds: Double, settings: InertialFilter.Settings = .init(), accelerometerEvery: Int = 1
  ) -> (afterTurn: Double, afterRest: Double) {
    var filter = InertialFilter(settings: settings)
    let interval = 0.01
    let turnRate = radians(90)
    var afterTurn = 0.0
    for step in 0..<Int((21 + restSeconds) / interval) {
      let t = Double(step) * interval
      let turning = (20..<21).contains(t)
      let yaw = turnRate * min(max(t - 20, 0), 1)
      // The earth's field (x north, z up, dipping 63°) seen from the device turned by `yaw`.
      let field = Vector3(20 * Double.cos(yaw), -20 * Double.sin(yaw), -40)
      filter.update(
        rotationRate: Vector3(0, 0, turning ? turnRate * 1.22 : 0),
        up: step % accelerometerEvery == 0 ? Vector3(0, 0, 1) : nil, magneticField: field, interval: interval)
      // The estimator measures the bias at rest in the first second, as when a run starts still.
      if t < 1 { _ = filter.handOverGyroscopeBias() }
      if step == Int(21 / interval) { afterTurn = error(filter, yaw) }
    }
    return (afterTurn, error(filter, turnRate))
  }

  func error(_ filter: InertialFilter, _ yaw: Double) -> Double {
    abs(angleDifference(degrees(Attitude(quaternion: filter.quaternion).yaw), degrees(yaw)))
  }

  @Test(
    "a heading a fast turn left off comes back within 8 s of rest, not over the 15 s that holds in motion; the accelerometer read at every step or every 4th",
    arguments: [1, 4])
  func restCorrectsHeading(accelerometerEvery: Int) {
    let rest = headingError(restSeconds: 8, accelerometerEvery: accelerometerEvery)
    #expect(rest.afterTurn > 15, "the gyroscope's scale error left the heading \(rest.afterTurn)° off")
    #expect(rest.afterRest < 0.25 * rest.afterTurn, "after 8 s at rest: \(rest.afterRest)° of \(rest.afterTurn)°")
    let slow = headingError(restSeconds: 8, settings: .inMotionPaceAtRest, accelerometerEvery: accelerometerEvery)
    #expect(slow.afterRest > 0.5 * slow.afterTurn, "at the 15 s pace: \(slow.afterRest)° of \(slow.afterTurn)°")
    // The turn is motion: there the pace is the same 15 s in both.
    #expect(
      abs(rest.afterTurn - slow.afterTurn) < 0.01, "after the turn: \(rest.afterTurn)° against \(slow.afterTurn)°")
  }
}
