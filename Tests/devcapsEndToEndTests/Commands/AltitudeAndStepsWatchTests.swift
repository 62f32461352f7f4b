import Foundation
import TestProcesses
import Testing

/// `watch altitude` and `watch steps` on a Raspberry Pi's BME280 barometer and BMA400 step
/// counter (Fixtures/devices, laid out as their drivers do), while a helper changes the readings.
@Suite("devcaps watch altitude and steps", .serialized)
struct AltitudeAndStepsWatchTests {
  static let barometer = "/sys/devices/platform/soc/fe804000.i2c/i2c-1/1-0076/iio:device0"
  static let stepCounter = "/sys/devices/platform/soc/fe804000.i2c/i2c-1/1-0014/iio:device1"

  static func device(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/devices/\(name).umockdev")
    return try String(contentsOf: url, encoding: .utf8)
  }

  static func testbed(_ devices: String...) throws -> TestbedDriver {
    let testbed = try TestbedDriver()
    for name in devices { try testbed.add(try device(name)) }
    return testbed
  }

  static func file(_ testbed: TestbedDriver, _ path: String) -> String? {
    (try? String(contentsOfFile: testbed.root + path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The international barometric formula's altitude, as docs/guides/streams.md states it.
  static func altitude(_ kilopascals: Double) -> Double { 44330 * (1 - pow(kilopascals / 101.325, 1 / 5.255)) }

  @Test("every reading with the pressure in kPa and the altitude from the first; a failed one says why")
  func altitude() throws {
    let testbed = try Self.testbed("raspberry-pi-bme280")
    let stream = try StreamProcess(
      ["watch", "altitude", "--json", "--rate", "20", "--timeout", "2"], environment: testbed.environment)
    stream.waitForLines(1)
    // About 10 m higher: 0.12 kPa less.
    try testbed.set(Self.barometer, "in_pressure_input", "100.717808593")
    usleep(500_000)
    try testbed.set(Self.barometer, "in_pressure_input", "garbage")
    #expect(stream.wait() == 0, "stderr: \(stream.stderr)")
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.count >= 10, "a reading each 50 ms for 2 s: \(events.count)")
    #expect(events.first?["initial"] as? Bool == true)
    #expect(events.first?["relativeAltitudeMeters"] as? Double == 0)
    #expect(events.first?["pressureKilopascals"] as? Double == 100.837808593)
    #expect(events.first?["sensor"] as? String == "iio:device0")
    let higher = try #require(events.first { $0["pressureKilopascals"] as? Double == 100.717808593 })
    let expected = Self.altitude(100.717808593) - Self.altitude(100.837808593)
    let meters = try #require(higher["relativeAltitudeMeters"] as? Double)
    #expect(abs(meters - expected) < 1e-6 && meters > 9.5 && meters < 10.5, "\(meters) m, expected \(expected)")
    let failed = try #require(events.last)
    #expect(failed["pressureKilopascals"] is NSNull && failed["relativeAltitudeMeters"] is NSNull)
    #expect((failed["problem"] as? String)?.contains("garbage") == true, "\(failed)")
  }

  @Test("the text line: signed metres and the pressure")
  func altitudeText() throws {
    let testbed = try Self.testbed("raspberry-pi-bme280")
    let result = try DevCapsProcess.run(["watch", "altitude", "--once"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix(" ±0.00 m (100.838 kPa)\n"), "\(result.stdout)")
  }

  @Test("steps since the start, a line per change; the counter switched on for the watch and off after it")
  func steps() throws {
    let testbed = try Self.testbed("raspberry-pi-bma400")
    #expect(Self.file(testbed, Self.stepCounter + "/in_steps_en") == "0")
    let stream = try StreamProcess(
      ["watch", "steps", "--json", "--count", "2", "--rate", "20"], environment: testbed.environment)
    stream.waitForLines(1)
    #expect(Self.file(testbed, Self.stepCounter + "/in_steps_en") == "1", "switched on while watching")
    try testbed.set(Self.stepCounter, "in_steps_input", "1203")
    usleep(300_000)
    // The same count again prints nothing; then the counter is reset and counts 2 more.
    try testbed.set(Self.stepCounter, "in_steps_input", "1203")
    usleep(300_000)
    try testbed.set(Self.stepCounter, "in_steps_input", "2")
    #expect(stream.wait() == 0, "stderr: \(stream.stderr)")
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["steps"] as? Int } == [0, 3, 5])
    #expect(events.map { $0["counter"] as? Int } == [1200, 1203, 2])
    #expect(Self.file(testbed, Self.stepCounter + "/in_steps_en") == "0", "switched off again at the end")
  }

  @Test("a counter that cannot be switched on: unavailable (69), saying which file and how")
  func stepsCannotSwitchOn() throws {
    let testbed = try Self.testbed("raspberry-pi-bma400")
    let switchFile = testbed.root + Self.stepCounter + "/in_steps_en"
    // Root may write any file; a directory in the attribute's place refuses even root.
    try FileManager.default.removeItem(atPath: switchFile)
    try FileManager.default.createDirectory(atPath: switchFile, withIntermediateDirectories: false)
    let result = try DevCapsProcess.run(["watch", "steps", "--once"], environment: testbed.environment)
    #expect(result.status == 69)
    #expect(result.stderr.contains("cannot read whether the step counter iio:device1 is on"), "\(result.stderr)")
  }

  @Test("a counter that is on already is read and left on")
  func stepsAlreadyOn() throws {
    let testbed = try Self.testbed("raspberry-pi-bma400")
    try testbed.set(Self.stepCounter, "in_steps_en", "1")
    let result = try DevCapsProcess.run(["watch", "steps", "--once", "--json"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"steps\":0") && result.stdout.contains("\"counter\":1200"), "\(result.stdout)")
    #expect(Self.file(testbed, Self.stepCounter + "/in_steps_en") == "1")
  }

  @Test("without the sensor: unavailable (69), naming what is missing", arguments: ["altitude", "steps"])
  func unavailable(stream: String) throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let result = try DevCapsProcess.run(["watch", stream, "--once"], environment: testbed.environment)
    #expect(result.status == 69)
    let missing = stream == "altitude" ? "no barometer found" : "no step counter found"
    #expect(result.stderr.contains(missing), "\(result.stderr)")
  }

  @Test("the capabilities and the sensors list name them; get picks a sensor by its type")
  func listed() throws {
    let testbed = try Self.testbed("raspberry-pi-bme280", "raspberry-pi-bma400")
    for (key, evidence) in [("barometer", "bme280 (iio:device0)"), ("step-counter", "bma400 (iio:device1)")] {
      let result = try DevCapsProcess.run(["get", "capabilityEvidence.\(key)"], environment: testbed.environment)
      #expect(result.stdout == evidence + "\n", "\(key): \(result.stderr)")
    }
    let pressure = try DevCapsProcess.run(["get", "sensors.pressure.reading.value"], environment: testbed.environment)
    #expect(pressure.stdout == "100.837808593\n", "\(pressure.stderr)")
    let steps = try DevCapsProcess.run(["get", "sensors.step-counter.reading"], environment: testbed.environment)
    #expect(steps.stdout.contains("\"value\": 1200") && steps.stdout.contains("\"unit\": \"steps\""), "\(steps.stdout)")
  }
}
