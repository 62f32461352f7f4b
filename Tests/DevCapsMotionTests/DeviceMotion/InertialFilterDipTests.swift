import RealModule
import Testing

@testable import DevCapsMotion

/// The field's dip correcting the tilt after a clipped gyroscope missed a turn the field showed
/// (`InertialFilter.turnMissed()`): the tilt the accelerometer cannot give while a hand swings.
@Suite("Device motion: the field's dip corrects the tilt after a missed turn")
struct InertialFilterDipTests {
  /// A field of 45 µT dipping 65° towards north (x), in the earth frame (x north, y west, z up).
  static let earthField = Vector3(45 * Double.cos(radians(65)), 0, -45 * Double.sin(radians(65)))
  static let interval = 0.01

  /// Learns the field level and still for 3 s, turned `yaw` degrees from north; then the device is
  /// pitched by `pitch` degrees about the earth's axis across the field (y, west) in one step the
  /// gyroscope did not see (it read 0), the filter
  /// is told a turn was missed, and 2 s of field readings follow with no accelerometer, so that
  /// only the dip can correct the tilt. Returns the angle (degrees) between the estimated and the
  /// true up in the device frame at the end.
  func tiltErrorAfterMissedTurn(pitch: Double, yaw: Double = 0, tellFilter: Bool = true) -> Double {
    var filter = InertialFilter()
    let turned = Quaternion(axis: Vector3(0, 0, 1), angle: radians(yaw))
    for _ in 0..<300 {
      filter.update(
        rotationRate: .zero, up: Vector3(0, 0, 1), magneticField: turned.inverseRotate(Self.earthField),
        interval: Self.interval)
    }
    let truth = Quaternion(axis: Vector3(0, 1, 0), angle: radians(pitch)) * turned
    if tellFilter { filter.turnMissed() }
    for _ in 0..<200 {
      filter.update(
        rotationRate: .zero, up: nil, magneticField: truth.inverseRotate(Self.earthField), interval: Self.interval)
    }
    let estimatedUp = filter.quaternion.inverseRotate(Vector3(0, 0, 1))
    let trueUp = truth.inverseRotate(Vector3(0, 0, 1))
    return angleBetween(estimatedUp, trueUp)
  }

  @Test(
    "a 15° pitch the gyroscope missed is taken back from the field's dip within 1°, facing north or 40° off",
    arguments: [(15.0, 0.0), (-15.0, 0.0), (15.0, 40.0)])
  func dipCorrectsTilt(pitch: Double, yaw: Double) {
    let error = tiltErrorAfterMissedTurn(pitch: pitch, yaw: yaw)
    #expect(error < 1, "tilt error \(error)°")
  }

  @Test("without a missed turn the dip does not move the tilt: the field (15° off in dip) is left out")
  func dipLeftAloneWithoutMissedTurn() {
    let error = tiltErrorAfterMissedTurn(pitch: 15, tellFilter: false)
    #expect(abs(error - 15) < 0.5, "tilt error \(error)°")
  }
}
