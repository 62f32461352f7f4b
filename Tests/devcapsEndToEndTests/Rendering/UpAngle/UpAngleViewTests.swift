import DevCapsKit
import Testing

@testable import devcaps

@Suite("up-angle's view")
struct UpAngleViewTests {
  let view = UpAngleView(style: TextStyle(colour: false))

  @Test("a reading's problem is a footer line, cut to the width: its length never makes the view's minimum size")
  func problemInFooter() {
    let reading = UpAngleSample(
      angleDegrees: 30, orientation: .portrait, gravity: Vector3(0.5, -0.87, 0), sensor: "iio:device1")
    var failed = reading
    failed.angleDegrees = nil
    failed.problem =
      "/sys/bus/iio/devices/iio:device1/in_accel_x_raw holds 'abc', not a number; the sample is skipped"
    let good = view.frame(sample: reading, heldAngle: nil, sensor: "accel_3d (iio:device1)")
    let bad = view.frame(sample: failed, heldAngle: nil, sensor: "accel_3d (iio:device1)")
    #expect(bad.columns == good.columns && bad.rows == good.rows)
    #expect(bad.footer.first?.contains("no reading: /sys/bus/iio") == true, "\(bad.footer)")
    // As LiveScreen lays footers out, at the narrowest the view allows.
    #expect(TerminalWidth.fitted(bad.footer[0], columns: good.columns).hasSuffix("…"))
  }
}
