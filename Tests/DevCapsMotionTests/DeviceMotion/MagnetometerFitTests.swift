import DevCapsMotion
import Testing

/// `devcaps calibrate magnetometer`'s fit, on readings of a known field seen through known hard
/// and soft iron while the device turns.
@Suite("Device motion: magnetometer calibration")
struct MagnetometerFitTests {
  /// The earth's field seen by a device turned through `count` orientations, distorted.
  static func readings(
    count: Int, hardIron: Vector3, softIron: Vector3 = Vector3(1, 1, 1), only: ((Attitude) -> Bool)? = nil
  ) -> [Vector3] {
    let earth = Vector3(20, 0, -43)
    var random = SplitMix(seed: 7)
    var result: [Vector3] = []
    while result.count < count {
      let attitude = Attitude(
        roll: (random.next() * 2 - 1) * Double.pi, pitch: (random.next() - 0.5) * Double.pi,
        yaw: (random.next() * 2 - 1) * Double.pi)
      if let only, !only(attitude) { continue }
      let seen = attitude.quaternion.inverseRotate(earth)
      let noisy = seen + Vector3(random.gaussian(), random.gaussian(), random.gaussian()) * 0.2
      result.append(Vector3(noisy.x * softIron.x, noisy.y * softIron.y, noisy.z * softIron.z) + hardIron)
    }
    return result
  }

  @Test("turned every way: the hard-iron offset within 1 µT, the soft-iron scale within 2 %, accuracy high")
  func everyWay() throws {
    var fit = MagnetometerFit()
    for reading in Self.readings(count: 600, hardIron: Vector3(35, -12, 80), softIron: Vector3(1.1, 0.95, 1)) {
      fit.add(reading)
    }
    let result = try #require(fit.fit())
    let calibration = result.calibration
    #expect((calibration.offset - Vector3(35, -12, 80)).magnitude < 1)
    #expect(result.fittedScale)
    // Scales are relative: the ratios between axes are what the fit can know.
    #expect(abs(calibration.scale.x / calibration.scale.z - 1 / 1.1) < 0.02)
    #expect(abs(calibration.scale.y / calibration.scale.z - 1 / 0.95) < 0.02)
    #expect(calibration.accuracy == .high, "coverage \(result.coverage), residual \(result.residual)")
    #expect(result.coverage > 0.9)
  }

  @Test("turned only about the vertical: the offset fits, the accuracy stays low")
  func onlyFlat() throws {
    var fit = MagnetometerFit()
    let flat = Self.readings(count: 300, hardIron: Vector3(10, 10, 10)) { abs($0.pitch) < 0.1 && abs($0.roll) < 0.1 }
    for reading in flat { fit.add(reading) }
    let result = fit.fit()
    #expect(result == nil || result!.calibration.accuracy == .low)
    #expect(result?.fittedScale != true)
  }

  @Test("too few or identical readings give no fit")
  func tooFew() {
    var fit = MagnetometerFit()
    for _ in 0..<100 { fit.add(Vector3(20, 0, -43)) }
    #expect(fit.samples.count == 1, "readings closer than 1 µT to the last are not kept")
    #expect(fit.fit() == nil)
    let keptNaN = fit.add(Vector3(.nan, 0, 0))
    #expect(!keptNaN)
  }

  @Test("a calibrated heading is right where the uncalibrated one is far off")
  func headingWithCalibration() throws {
    var fit = MagnetometerFit()
    let hardIron = Vector3(30, -25, 10)
    for reading in Self.readings(count: 600, hardIron: hardIron) { fit.add(reading) }
    let calibration = try #require(fit.fit()).calibration
    // Flat, the top edge to the east: heading 90°.
    let attitude = Attitude(roll: 0, pitch: 0, yaw: Double.pi)
    var sensors = SyntheticMotion { _ in attitude.quaternion }
    sensors.earthField = Vector3(20, 0, -43)
    sensors.hardIron = hardIron
    var calibrated = DeviceMotionEstimator(source: .fusion, calibration: calibration)
    var raw = DeviceMotionEstimator(source: .fusion)
    var last: (DeviceMotion?, DeviceMotion?) = (nil, nil)
    for index in 0...100 {
      let input = sensors.input(at: Double(index) / 100, magnetometer: true)
      last = (calibrated.update(input), raw.update(input))
    }
    let good = try #require(last.0?.heading)
    let bad = try #require(last.1?.heading)
    #expect(abs(angleDifference(good, 90)) < 2, "calibrated \(good)°")
    #expect(abs(angleDifference(bad, 90)) > 10, "uncalibrated \(bad)°")
    #expect(last.0?.magneticField?.accuracy == calibration.accuracy)
    #expect(last.1?.magneticField?.accuracy == .uncalibrated)
  }

  @Test("a field far from the calibrated strength (iron nearby) lowers the accuracy")
  func ironNearby() {
    let calibration = MagnetometerCalibration(offset: .zero, fieldStrength: 47, accuracy: .high)
    #expect(calibration.calibrated(Vector3(20, 0, -43)).accuracy == .high)
    #expect(calibration.calibrated(Vector3(80, 0, -43)).accuracy == .low)
  }
}
