import DevCapsMotion
import RealModule
import Testing

/// The heading's drift loop and a bias measured at rest.
@Suite("Device motion: the heading's drift after a rest")
struct InertialFilterDriftTests {
  /// A device lying flat and still, x north, in a field whose horizontal part is turned by 5°
  /// from 10 s to 50 s (the field a hand's length above a table, turned by the steel in it), then
  /// no field at all (a magnetometer left out): how far (degrees) the heading turns by itself from
  /// 50 s to 90 s, from the drift learned. `measuredAtRest`: the estimator measured the bias at
  /// rest in the first second, as it does when a run starts still.
  func headingTurnWithoutField(measuredAtRest: Bool) -> Double {
    // The heading at the pace it has in motion: lying still is only this test's easy way to hold
    // the device steady, and at rest's faster pace the loop would see too little error to learn.
    var filter = InertialFilter(settings: .inMotionPaceAtRest)
    let interval = 0.01
    var headingAt50 = 0.0
    for step in 0..<9_000 {
      let t = Double(step) * interval
      let turn = (10..<50).contains(t) ? radians(5) : 0
      let field = t < 50 ? Vector3(20 * Double.cos(turn), 20 * Double.sin(turn), -40) : nil
      filter.update(rotationRate: .zero, up: Vector3(0, 0, 1), magneticField: field, interval: interval)
      if measuredAtRest && t < 1 { _ = filter.handOverGyroscopeBias() }
      if step == 5_000 { headingAt50 = degrees(Attitude(quaternion: filter.quaternion).yaw) }
    }
    return abs(angleDifference(degrees(Attitude(quaternion: filter.quaternion).yaw), headingAt50))
  }

  @Test("after the bias was measured at rest, a field turned for 40 s is followed, not learned as a drift")
  func turnedFieldIsNoDrift() {
    let measured = headingTurnWithoutField(measuredAtRest: true)
    let learned = headingTurnWithoutField(measuredAtRest: false)
    #expect(measured < 0.01, "\(measured)° (\(learned)° without a bias measured at rest)")
    #expect(learned > 2, "without a bias measured at rest the loop learns the turned field as a drift: \(learned)°")
  }
}
