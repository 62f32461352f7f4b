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

  /// A sample whose every number is one of the longest a number can be written as (24 bytes),
  /// with the longest source, frame and accuracy names and every member present.
  static func longest(source: MotionSource) -> DeviceMotionUpdate {
    let longest = -2.2250738585072014e-308
    let vector = Vector3(longest, longest, longest)
    let motion = DeviceMotion(
      timestamp: longest, attitude: Attitude(quaternion: Quaternion(w: longest, x: longest, y: longest, z: longest)),
      gravity: vector, userAcceleration: vector, rotationRate: vector,
      magneticField: MagneticField(field: vector, accuracy: .uncalibrated), heading: longest, source: source,
      referenceFrame: .xArbitraryCorrectedZVertical, gyroscopeBias: vector,
      fusion: FusionStatus(initialising: false, accelerometerRejected: false, magnetometerRejected: false))
    return DeviceMotionUpdate(motion: motion, sensors: ["a.csv", "b\"c"], rateHz: longest)
  }

  @Test(
    "the longest sample fits the room its writer reserves (else a stretch stops the program): every number at its longest, the longest names, every member"
  )
  func longestSample() async throws {
    // In a process of its own: a stretch longer than the room it reserved traps.
    await #expect(processExitsWith: .success) {
      for source in MotionSource.allCases {
        for capacity in [64, 1 << 16] {
          var line = JSONLine(capacity: capacity)
          line.beginObject()
          DeviceMotionUpdateTests.longest(source: source).writeMembers(into: &line)
          line.endObject()
        }
      }
    }
    var line = JSONLine(capacity: 64)
    line.beginObject()
    Self.longest(source: .accelerometer).writeMembers(into: &line)
    line.endObject()
    let text = line.text
    #expect(text.hasPrefix(#"{"timestamp":-2.2250738585072014e-308,"source":"accelerometer","#), "\(text)")
    #expect(text.contains(#""referenceFrame":"x-arbitrary-corrected-z-vertical","#))
    // The sensors as JSON escapes them; rateHz rounded to the millihertz.
    #expect(text.contains(#""sensors":["a.csv","b\"c"],"rateHz":0.0,"#), "\(text)")
    #expect(
      text.hasSuffix(
        #""fusion":{"initialising":false,"accelerometerRejected":false,"magnetometerRejected":false},"restarted":false}"#
      ))
    let parsed = try JSONParser.parse(line.bytes)
    guard case .object(let members) = parsed else {
      Issue.record("not an object: \(text)")
      return
    }
    #expect(
      members.map(\.key) == [
        "timestamp", "source", "referenceFrame", "attitude", "gravity", "userAcceleration", "rotationRate",
        "magneticField", "headingDegrees", "sensors", "rateHz", "gyroscopeBias", "fusion", "restarted",
      ])
  }
}
