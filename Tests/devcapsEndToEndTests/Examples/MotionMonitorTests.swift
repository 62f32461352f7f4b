import Foundation
import Testing

/// Examples/MotionMonitor, a package outside devcaps on DevCapsKit's public API
/// (`MotionManager().deviceMotionUpdates`), run on umockdev testbeds. scripts/test.sh builds it
/// before the tests.
@Suite("Examples/MotionMonitor", .serialized)
struct MotionMonitorTests {
  static let executable = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "Examples/MotionMonitor/.build/debug/MotionMonitor")

  static func requireBuilt() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: executable.path),
      "\(executable.path) is not built: scripts/test.sh builds it (cd Examples/MotionMonitor && swift build)")
  }

  /// The value after `label` in a line (`pitch  90.0°` → 90.0), nil when it is not a number.
  static func value(after label: String, in line: String) -> Double? {
    let words = line.split(separator: " ")
    guard let index = words.firstIndex(of: Substring(label)), index + 1 < words.count else { return nil }
    return Double(words[index + 1].replacingOccurrences(of: "°", with: ""))
  }

  @Test("a phone's combined accelerometer and gyroscope, upright: 5 samples from the fusion, pitch 90°")
  func phone() throws {
    try Self.requireBuilt()
    let testbed = try TestbedDriver(fixture: "pinephone")
    let example = try StreamProcess(["5"], environment: testbed.environment, executable: Self.executable)
    #expect(example.wait() == 0, "\(example.stderr)")
    #expect(example.stderr == "")
    let lines = example.received
    #expect(lines.count == 5, "\(lines)")
    for line in lines {
      // The fixture's gyroscope reads (10, −20, 0) raw: (−0.02, −0.01, 0) rad/s through the mount
      // matrix until the filter has taken that bias from the rest it starts in, zero after. The
      // attitude drifts with it by a tenth of a degree or so from sample to sample: only the
      // pitch is checked.
      let atRest = "rad/s  gravity  0.00 -1.00  0.00 g  user  0.00  0.00  0.00 g  roll "
      #expect(
        line.hasPrefix("rotation -0.02 -0.01  0.00 " + atRest)
          || line.hasPrefix("rotation  0.00  0.00  0.00 " + atRest),
        "upright, at rest: \(line)")
      #expect(line.hasSuffix("°  fusion"), "\(line)")
      let pitch = try #require(Self.value(after: "pitch", in: line), "\(line)")
      #expect(abs(pitch - 90) <= 1, "upright: pitch 90°: \(line)")
      #expect(Self.value(after: "roll", in: line) != nil, "\(line)")
      #expect(Self.value(after: "yaw", in: line) != nil, "a gyroscope gives yaw: \(line)")
    }
  }

  @Test("a sequence used only inside its for-try-await loop keeps yielding: 100 samples over 10 s, none lost")
  func tenSeconds() throws {
    try Self.requireBuilt()
    let testbed = try TestbedDriver(fixture: "pinephone")
    let start = Date()
    let example = try StreamProcess(["100"], environment: testbed.environment, executable: Self.executable)
    #expect(example.wait(seconds: 30) == 0, "\(example.stderr)")
    #expect(example.received.count == 100, "\(example.received.count) samples, stderr: \(example.stderr)")
    #expect(Date().timeIntervalSince(start) >= 9.5, "one sample per 100 ms")
  }

  @Test("only an accelerometer, upright: no rotation rate, no yaw (—), source accelerometer")
  func accelerometerOnly() throws {
    try Self.requireBuilt()
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try MotionCommandTests.tilt(testbed, 0, -1, 0)
    let example = try StreamProcess(["2"], environment: testbed.environment, executable: Self.executable)
    #expect(example.wait() == 0, "\(example.stderr)")
    let line =
      "rotation     —     —     — rad/s  gravity  0.00 -1.00  0.00 g  user  0.00  0.00  0.00 g  "
      + "roll    0.0°  pitch   90.0°  yaw      —   accelerometer"
    #expect(example.received == [line, line])
  }

  @Test("Ctrl-C cancels the loop: the library stops sampling, exit 130")
  func interrupted() throws {
    try Self.requireBuilt()
    let testbed = try TestbedDriver(fixture: "pinephone")
    let example = try StreamProcess([], environment: testbed.environment, executable: Self.executable)
    example.waitForLines(2)
    example.signal(SIGINT)
    #expect(example.wait() == 130, "\(example.stderr)")
    #expect(example.received.count >= 2)
    #expect(example.stderr == "")
  }

  @Test(
    "Ctrl-C mid-sample on a chip read through its IIO buffer: the library puts the buffer back before the program ends")
  func interruptedBuffer() throws {
    try Self.requireBuilt()
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    try testbed.add(CombinedIMUBufferTests.devices())
    let writer = try CombinedIMUBufferTests.fifo(at: testbed.root + "/dev/iio:device3")
    let example = try StreamProcess([], environment: testbed.environment, executable: Self.executable)
    // Upright, scans at 100 Hz until the program has printed a few lines.
    var index: Int64 = 0
    while example.received.count < 3 && index < 500 {
      writer.write(CombinedIMUBufferTests.scan(accel: [16384, 0, 0], gyro: [0, 0, 0], timestamp: index * 10_000_000))
      index += 1
      usleep(10_000)
    }
    #expect(try CombinedIMUBufferTests.file(testbed.root, "buffer/enable") == "1", "sampled through the buffer")
    example.signal(SIGINT)
    #expect(example.wait() == 130, "\(example.stderr)")
    #expect(
      example.received.count >= 3
        && example.received.allSatisfy { $0.hasSuffix("fusion") && $0.contains("pitch   90.0°") }, "\(example.received)"
    )
    #expect(!example.stderr.contains("polling"), "\(example.stderr)")
    #expect(try CombinedIMUBufferTests.file(testbed.root, "buffer/enable") == "0")
    for name in [
      "in_accel_x", "in_accel_y", "in_accel_z", "in_anglvel_x", "in_anglvel_y", "in_anglvel_z", "in_timestamp",
    ] {
      #expect(try CombinedIMUBufferTests.file(testbed.root, "scan_elements/\(name)_en") == "0", "\(name)")
    }
    #expect(try CombinedIMUBufferTests.file(testbed.root, "trigger/current_trigger") == "")
  }

  @Test("no motion sensors at all: the library's reason on stderr, exit 69")
  func unavailable() throws {
    try Self.requireBuilt()
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    let example = try StreamProcess([], environment: testbed.environment, executable: Self.executable)
    #expect(example.wait() == 69)
    #expect(example.received == [])
    #expect(
      example.stderr
        == "MotionMonitor: device motion needs an accelerometer (with a gyroscope for fusion) or a sensor hub: "
        + "no sensor hub rotation (IIO in_rot_quaternion); no accelerometer found (no IIO device with in_accel_* channels, "
        + "no input device with ID_INPUT_ACCELEROMETER); no gyroscope (IIO in_anglvel_*)\n")
  }

  @Test("a COUNT that is not a positive number: usage on stderr, exit 64")
  func usage() throws {
    try Self.requireBuilt()
    for arguments in [["0"], ["ten"], ["1", "2"]] {
      let example = try StreamProcess(arguments, environment: [:], executable: Self.executable)
      #expect(example.wait() == 64, "\(arguments)")
      #expect(example.received == [])
      #expect(
        example.stderr == "usage: MotionMonitor [COUNT]  (COUNT: how many samples to print, 1 or more)\n",
        "\(arguments)")
    }
  }
}
