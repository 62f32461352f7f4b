import DevCapsMotion
import Testing

@testable import DevCapsKit

/// A motion sample's fields say what is so: the rate without float noise.
@Suite("Device-motion updates")
struct DeviceMotionUpdateTests {
  @Test("rateHz is rounded to the millihertz: 100.00000000000001 prints as 100")
  func rateRounded() {
    let motion = DeviceMotion(
      timestamp: 1, attitude: Attitude(roll: 0, pitch: 0, yaw: 0), gravity: Vector3(0, 0, -1),
      userAcceleration: .zero, rotationRate: .zero, magneticField: nil, heading: nil, source: .fusion,
      referenceFrame: .xArbitraryZVertical)
    let noisy = DeviceMotionUpdate(motion: motion, sensors: ["a.csv"], rateHz: 100.00000000000001)
    #expect(noisy.rateHz == 100)
    var line = JSONLine()
    line.beginObject()
    noisy.writeMembers(into: &line)
    line.endObject()
    #expect(line.text.contains("\"rateHz\":100") && !line.text.contains("100.0000000"), "\(line.text)")
    #expect(DeviceMotionUpdate(motion: motion, sensors: [], rateHz: 199.87654321).rateHz == 199.877)
    #expect(DeviceMotionUpdate(motion: motion, sensors: [], rateHz: nil).rateHz == nil)
  }
}
