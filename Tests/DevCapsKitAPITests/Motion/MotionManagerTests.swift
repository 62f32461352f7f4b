import DevCapsKit
import Testing

@Suite("MotionManager")
struct MotionManagerTests {
  @Test("availability is the capability catalog's answer for the same machine")
  func availability() throws {
    let report = try Report.current(sections: [.sensors, .capabilities])
    let present = Set((report.capabilities ?? []).filter(\.present).map(\.key))
    let motion = MotionManager()
    #expect(motion.sensors == report.sensors)
    #expect(motion.isAccelerometerAvailable == present.contains("accelerometer"))
    #expect(motion.isGyroAvailable == present.contains("gyroscope"))
    #expect(motion.isMagnetometerAvailable == present.contains("magnetometer"))
    #expect(motion.isDeviceMotionAvailable == (present.contains("accelerometer") && present.contains("gyroscope")))
  }

  @Test("no sensor of the kind: the first next() throws unavailable, naming what is missing")
  func unavailable() async {
    let motion = MotionManager(sensors: [])
    await #expect(throws: UpdateError.unavailable("no accelerometer found (no IIO device with in_accel_* channels)")) {
      for try await _ in motion.accelerometerUpdates(interval: .milliseconds(20)) {}
    }
    await #expect(throws: UpdateError.unavailable("no gyroscope found (no IIO device with in_anglvel_* channels)")) {
      for try await _ in motion.gyroUpdates(interval: .milliseconds(20)) {}
    }
    await #expect(throws: UpdateError.unavailable("no magnetometer found (no IIO device with in_magn_* channels)")) {
      for try await _ in motion.magnetometerUpdates(interval: .milliseconds(20)) {}
    }
  }

  @Test(
    "an interval outside 1 ms … 10 s is refused before any sensor is opened",
    arguments: [
      Duration.zero, .microseconds(999), .seconds(11), .milliseconds(-5),
    ])
  func invalidInterval(_ interval: Duration) async {
    await #expect(throws: UpdateError.invalidInterval(interval)) {
      for try await _ in MotionManager(sensors: []).accelerometerUpdates(interval: interval) {}
    }
    await #expect(throws: UpdateError.invalidInterval(interval)) {
      for try await _ in MotionManager(sensors: []).deviceMotionUpdates(interval: interval) {}
    }
    #expect(
      UpdateError.invalidInterval(.seconds(11)).description
        == "the interval 11.0 seconds is outside 0.001 seconds … 10.0 seconds")
  }

  @Test("intervals in seconds, as Core Motion's TimeInterval: 0.02 means 20 ms; .zero and .milliseconds stay Durations")
  func secondsIntervals() async {
    let motion = MotionManager(sensors: [])
    // Accepted (the missing sensor is what fails), in every spelling.
    for updates in [motion.accelerometerUpdates(interval: 0.02), motion.accelerometerUpdates(interval: 1)] {
      await #expect(throws: UpdateError.unavailable("no accelerometer found (no IIO device with in_accel_* channels)"))
      {
        for try await _ in updates {}
      }
    }
    await #expect(throws: UpdateError.invalidInterval(.zero)) {
      for try await _ in motion.gyroUpdates(interval: .zero) {}
    }
    await #expect(throws: UpdateError.invalidInterval(.seconds(11))) {
      for try await _ in motion.magnetometerUpdates(interval: 11.0) {}
    }
    for bad in [Double.nan, .infinity, -0.5, 0.0001] {
      await #expect(throws: UpdateError.self) {
        for try await _ in motion.deviceMotionUpdates(interval: bad) {}
      }
    }
  }

  @Test("orientation without a display accelerometer says so (test machines have none)")
  func orientationUnavailable() async throws {
    try #require(!MotionManager().isAccelerometerAvailable, "this machine has an accelerometer")
    await #expect(
      throws: UpdateError.unavailable(
        "no accelerometer found (no IIO device with in_accel_* channels, no input device with ID_INPUT_ACCELEROMETER)")
    ) {
      for try await _ in MotionManager().orientationUpdates() {}
    }
  }

  @Test("DeviceOrientation has UIDeviceOrientation's seven cases")
  func orientations() {
    #expect(
      DeviceOrientation.allCases == [
        .unknown, .portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight, .faceUp, .faceDown,
      ])
  }
}
