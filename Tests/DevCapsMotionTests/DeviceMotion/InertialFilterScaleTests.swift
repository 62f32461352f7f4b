import RealModule
import Testing

@testable import DevCapsMotion

/// A gyroscope that under-reads every turn by a fixed fraction (a scale error, common in MEMS
/// gyroscopes at a few tenths of a percent): no rest measures it, and a device that keeps turning
/// tilts by that fraction of its turn. The inertial filter learns it from the tilt corrections
/// while the device moves, beside the bias.
@Suite("Device motion: a gyroscope's scale error learned in motion")
struct InertialFilterScaleTests {
  static let interval = 0.01

  /// A wheel: turning about its axle (device x, horizontal) at 30–150°/s, the rate changing
  /// over 20 s, while the axle turns 10°/s about the vertical. A scale error tilts it steadily
  /// one way, as a bias would, but in proportion to a rate that changes: the two are told apart.
  static func wheel(_ t: Double) -> Quaternion {
    let rolled = 90 * t - 200 * Double.cos(0.3 * t)
    return Quaternion(axis: Vector3(0, 0, 1), angle: radians(10 * t))
      * Quaternion(axis: Vector3(1, 0, 0), angle: radians(rolled))
  }

  /// Two minutes of the wheel with the gyroscope reading `1 - underRead` of every turn, no
  /// magnetometer: the mean tilt error (degrees) over the last 30 s, and the scale learned.
  func swing(underRead: Double, learnsInMotion: Bool = true) -> (tilt: Double, scale: Vector3) {
    var settings = InertialFilter.Settings()
    settings.learnsBiasInMotion = learnsInMotion
    var filter = InertialFilter(settings: settings, initial: Self.wheel(0))
    var total = 0.0
    var count = 0.0
    for index in 1...12_000 {
      let t = Double(index) * Self.interval
      // The exact turn of each step, not `SyntheticMotion`'s rate at an instant: at 150°/s that
      // rate, integrated over 10 ms steps, tilts a true gyroscope's estimate by 0.3°.
      let before = Self.wheel(t - Self.interval)
      let after = Self.wheel(t)
      let step = (before.conjugate * after).normalized
      let angle = 2 * Double.acos(min(1, abs(step.w)))
      let axis = (Vector3(step.x, step.y, step.z) * (step.w < 0 ? -1 : 1)).normalized ?? .zero
      let rate = axis * (angle / Self.interval * (1 - underRead))
      filter.update(
        rotationRate: rate, up: after.inverseRotate(Vector3(0, 0, 1)), magneticField: nil, interval: Self.interval)
      guard t > 90 else { continue }
      total += angleBetween(
        filter.quaternion.inverseRotate(Vector3(0, 0, 1)), after.inverseRotate(Vector3(0, 0, 1)))
      count += 1
    }
    return (total / count, filter.gyroscopeScale)
  }

  @Test(
    "a gyroscope 1 % low on every axis: the axle's scale is learned within 0.2 %, the tilt held within 0.15° (twice that without)"
  )
  func scaleLearned() {
    let learned = swing(underRead: 0.01)
    let unlearned = swing(underRead: 0.01, learnsInMotion: false)
    #expect(learned.tilt < 0.15, "tilt with the scale learned: \(learned.tilt)°")
    #expect(unlearned.tilt > 2 * learned.tilt, "tilt with nothing learned in motion: \(unlearned.tilt)°")
    // Reading 99 % of the turn, 1/0.99 − 1 is missing. The axes the wheel hardly turns about are
    // learned only as far as they turn.
    #expect(abs(learned.scale.x - 0.0101) < 0.002, "scale learned: \(learned.scale)")
    #expect(abs(learned.scale.y) < 0.0101 && abs(learned.scale.z) < 0.0101, "scale learned: \(learned.scale)")
  }

  @Test("a true gyroscope: no scale is made up (each axis within 0.1 %)")
  func noScaleInvented() {
    let exact = swing(underRead: 0)
    #expect(exact.tilt < 0.15, "tilt: \(exact.tilt)°")
    for value in [exact.scale.x, exact.scale.y, exact.scale.z] {
      #expect(abs(value) < 0.001, "scale learned: \(exact.scale)")
    }
  }
}
