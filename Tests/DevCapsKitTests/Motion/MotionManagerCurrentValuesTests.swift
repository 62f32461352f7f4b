import Testing

@testable import DevCapsKit

/// CMMotionManager's current values: the last sample of a running update sequence, nil before it
/// starts and after it ends, on an MPU-6050's directory laid out as the kernel does.
@Suite("MotionManager's current values")
struct MotionManagerCurrentValuesTests {
  static func manager(_ directory: IIODirectory) -> MotionManager {
    var accelerometer = SensorInfo(type: .accelerometer, id: "iio:device3", bus: "iio", syspath: directory.syspath)
    accelerometer.iio = directory.describe()
    var gyroscope = accelerometer
    gyroscope.type = .gyroscope
    return MotionManager(sensors: [accelerometer, gyroscope])
  }

  @Test("accelerometerData and gyroData: the sample the loop just got; nil before and after the loop")
  func whileRunning() async throws {
    let directory = try IIODirectory(IIOPolledSourceTests.imu, name: "iio:device3")
    let motion = Self.manager(directory)
    #expect(motion.accelerometerData == nil && motion.gyroData == nil)
    var seen = 0
    for try await sample in motion.accelerometerUpdates(interval: .milliseconds(5)) {
      #expect(motion.accelerometerData == sample)
      #expect(motion.gyroData == nil, "only the updates that run keep a value")
      seen += 1
      if seen == 3 { break }
    }
    #expect(motion.accelerometerData == nil, "nil again once the updates ended")
    for try await sample in motion.gyroUpdates(interval: 0.005) {
      #expect(motion.gyroData == sample)
      break
    }
    #expect(motion.gyroData == nil)
  }

  @Test("read from elsewhere while a task runs the updates, as a game loop does; a copy of the manager shares them")
  func fromAnotherTask() async throws {
    let directory = try IIODirectory(IIOPolledSourceTests.imu, name: "iio:device3")
    let motion = Self.manager(directory)
    let copy = motion
    let sampling = Task { for try await _ in motion.accelerometerUpdates(interval: .milliseconds(5)) {} }
    var value: AccelerometerData? = nil
    for _ in 0..<400 where value == nil {
      try await Task.sleep(for: .milliseconds(5))
      value = copy.accelerometerData
    }
    // The MPU-6050 directory's y axis reads 16384 × 0.000598 m/s², turned by its mount matrix.
    #expect(value?.sensor == "iio:device3")
    #expect(abs((value?.acceleration.x ?? 0) - 16384 * 0.000598 / 9.80665) < 1e-9, "\(String(describing: value))")
    sampling.cancel()
    _ = await sampling.result
    #expect(copy.accelerometerData == nil)
  }
}
