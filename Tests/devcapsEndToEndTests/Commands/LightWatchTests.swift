import Foundation
import TestProcesses
import Testing

/// `watch light` on the yoga-convertible fixture's IIO light sensor (`als`, in_illuminance_raw
/// with a scale of 1), while a helper changes its reading.
@Suite("devcaps watch light", .serialized)
struct LightWatchTests {
  static let als =
    "/sys/devices/pci0000:00/0000:00:13.0/{33AECD58-B679-4E54-9BD9-A04D34F0C226}/001F:8087:0AC2.0005/HID-SENSOR-200041.6.auto/iio:device2"

  @Test("the light now, then a line per change over 1 %, none for noise; NDJSON that validates")
  func light() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let stream = try StreamProcess(
      ["watch", "light", "--json", "--count", "2", "--rate", "20"], environment: testbed.environment)
    stream.waitForLines(1)
    try testbed.set(Self.als, "in_illuminance_raw", "352")
    usleep(300_000)
    try testbed.set(Self.als, "in_illuminance_raw", "20")
    stream.waitForLines(2)
    try testbed.set(Self.als, "in_illuminance_raw", "hello")
    #expect(stream.wait() == 0, "stderr: \(stream.stderr)")
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["lux"] as? Double } == [350, 20, nil])
    #expect(events.last?["problem"] is String)
    #expect(events.first?["sensor"] as? String == "iio:device2")
  }

  @Test("watch all for people: the light line says it is the light")
  func labelledInAll() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let result = try DevCapsProcess.run(["watch", "all", "--count", "0"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").contains { $0.hasSuffix(" light 350.0 lx") }, "\(result.stdout)")
  }

  @Test("without a light sensor: unavailable (69), saying so")
  func unavailable() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let result = try DevCapsProcess.run(["watch", "light", "--once"], environment: testbed.environment)
    #expect(result.status == 69)
    #expect(result.stderr.contains("no ambient light sensor found"), "\(result.stderr)")
  }
}
