import RealModule
import Testing

@testable import DevCapsMotion

/// After a clipped gyroscope missed a turn the field showed (`InertialFilter.turnMissed()`), the
/// heading follows a field of the learned strength whatever its dip: the dip is measured through
/// a tilt the missed turn put off, so the dip gate would leave the field out just when the
/// heading needs it. The dip itself does not turn the tilt; the accelerometer does that.
@Suite("Device motion: after a missed turn the heading follows the field whatever its dip")
struct InertialFilterMissedTurnTests {
  /// A field of 45 µT dipping 65° towards north (x), in the earth frame (x north, y west, z up).
  static let earthField = Vector3(45 * Double.cos(radians(65)), 0, -45 * Double.sin(radians(65)))
  static let interval = 0.01

  /// Learns the field level and still for 3 s facing north; then the device turns 30° about the
  /// vertical and pitches 15° about the axis across the field in one step the gyroscope did not
  /// see (it read 0), the filter is told the gyroscope clipped and a turn was missed (or
  /// neither), and 3 s of field readings
  /// follow with no accelerometer. Returns the filter at the end and the true attitude.
  func afterUnseenTurn(tellFilter: Bool) -> (filter: InertialFilter, truth: Quaternion) {
    var filter = InertialFilter()
    for _ in 0..<300 {
      filter.update(rotationRate: .zero, up: Vector3(0, 0, 1), magneticField: Self.earthField, interval: Self.interval)
    }
    let truth =
      Quaternion(axis: Vector3(0, 1, 0), angle: radians(15)) * Quaternion(axis: Vector3(0, 0, 1), angle: radians(30))
    if tellFilter {
      // As the estimator does: the burst clipped the gyroscope, and the field showed the turn.
      filter.gyroscopeClipped()
      filter.turnMissed()
    }
    for _ in 0..<300 {
      filter.update(
        rotationRate: .zero, up: nil, magneticField: truth.inverseRotate(Self.earthField), interval: Self.interval)
    }
    return (filter, truth)
  }

  /// The angle (degrees) between where the device's x axis points, seen from above, in the
  /// estimate and in the truth.
  func headingError(_ estimate: Quaternion, _ truth: Quaternion) -> Double {
    func bearing(_ attitude: Quaternion) -> Double {
      let x = attitude.rotate(Vector3(1, 0, 0))
      return Double.atan2(y: x.y, x: x.x)
    }
    let difference = abs(bearing(estimate) - bearing(truth)).truncatingRemainder(dividingBy: 2 * Double.pi)
    return min(difference, 2 * Double.pi - difference) * 180 / Double.pi
  }

  @Test(
    "told of a missed turn, the heading takes back four fifths of an unseen 30° in 3 s from a field whose dip reads 15° off"
  )
  func headingFollowsField() {
    let (filter, truth) = afterUnseenTurn(tellFilter: true)
    let error = headingError(filter.quaternion, truth)
    // The pull starts at `clippedRecoveryTime` and slows as time passes: 30° · 0.5 / 3.5 ≈ 4.3°.
    #expect(error < 6, "heading error \(error)°")
  }

  @Test("the dip does not turn the tilt: with no accelerometer the unseen 15° pitch stays")
  func dipLeavesTilt() {
    let (filter, truth) = afterUnseenTurn(tellFilter: true)
    let error = angleBetween(filter.quaternion.inverseRotate(Vector3(0, 0, 1)), truth.inverseRotate(Vector3(0, 0, 1)))
    #expect(abs(error - 15) < 0.5, "tilt error \(error)°")
  }

  @Test("not told, the field (its dip 15° off the learned one) is left out and the heading stays 30° off")
  func fieldLeftOutWithoutMissedTurn() {
    let (filter, truth) = afterUnseenTurn(tellFilter: false)
    let error = headingError(filter.quaternion, truth)
    #expect(abs(error - 30) < 1, "heading error \(error)°")
    #expect(filter.magnetometerIgnored)
  }
}
