import DevCapsMotion
import Testing

/// `fusion.magnetometerRejected` says a reading was left out, never that there was none.
@Suite("Device motion: the fusion status")
struct FusionStatusTests {
  @Test(
    "no magnetometer, or a frame that does not use it: nothing rejected; a magnet nearby: rejected",
    arguments: [AttitudeFilter.inertial(), .fusion()])
  func magnetometerRejected(filter: AttitudeFilter) {
    var sensors = SyntheticMotion { t in Attitude(roll: 0.2, pitch: -0.1, yaw: 0.3 * t).quaternion }
    // From 10 s on a magnet as strong as the earth's field sits beside the device, to the east.
    sensors.magneticDisturbance = { t in t < 10 ? .zero : Vector3(0, -48, 0) }
    var without = DeviceMotionEstimator(source: .fusion, filter: filter)
    var unused = DeviceMotionEstimator(source: .fusion, referenceFrame: .xArbitraryZVertical, filter: filter)
    var used = DeviceMotionEstimator(source: .fusion, referenceFrame: .xMagneticNorthZVertical, filter: filter)
    var rejected = (without: 0, unused: 0, used: 0)
    for index in 0...1500 {
      let t = Double(index) / sensors.rate
      let bare = sensors.input(at: t)
      let withField = sensors.input(at: t, magnetometer: true)
      if without.update(bare)?.fusion?.magnetometerRejected == true { rejected.without += 1 }
      if unused.update(withField)?.fusion?.magnetometerRejected == true { rejected.unused += 1 }
      if t > 10.5, used.update(withField)?.fusion?.magnetometerRejected == true { rejected.used += 1 }
      if t <= 10.5 { _ = used.update(withField) }
    }
    #expect(rejected.without == 0 && rejected.unused == 0, "\(rejected)")
    #expect(rejected.used > 300, "the magnet's field is left out: \(rejected)")
  }
}
