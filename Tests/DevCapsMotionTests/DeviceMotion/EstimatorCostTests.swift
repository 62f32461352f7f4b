import DevCapsMotion
import Testing

/// docs/explanation/motion.md: device motion at 200 Hz costs at most 1.5 % of a core.
@Suite("Device motion: cost per sample")
struct EstimatorCostTests {
  @Test("20 000 samples with a magnetometer, both filters: under 75 µs each (1.5 % of a core at 200 Hz)")
  func perSampleCost() {
    var sensors = SyntheticMotion { t in Attitude(roll: 0.3 * t, pitch: 0.2, yaw: 0.5 * t).quaternion }
    sensors.noise = 0.01
    sensors.rate = 200
    // The readings made first, so that only the estimator is timed.
    let inputs = (0..<20_000).map { sensors.input(at: Double($0) / 200, magnetometer: true) }
    for filter in [AttitudeFilter.inertial(), .fusion()] {
      var estimator = DeviceMotionEstimator(source: .fusion, referenceFrame: .xMagneticNorthZVertical, filter: filter)
      var checksum = 0.0
      let elapsed = ContinuousClock().measure {
        for input in inputs { checksum += estimator.update(input)?.attitude.quaternion.w ?? 0 }
      }
      let perSample =
        Double(elapsed.components.attoseconds) / 1e12 / Double(inputs.count)
        + Double(elapsed.components.seconds) * 1e6 / Double(inputs.count)
      #expect(perSample < 75, "\(filter): \(perSample) µs a sample")
      #expect(checksum.isFinite && checksum != 0)
    }
  }
}
