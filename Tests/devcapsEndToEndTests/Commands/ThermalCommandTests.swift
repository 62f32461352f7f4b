import Foundation
import TestProcesses
import Testing

/// Thermal zones of the thinkpad-laptop fixture (SOURCES.md says whose layout they copy), read by
/// `list`, `get`, `require` and `watch thermal`, while a helper changes them and sends uevents.
@Suite("thermal state", .serialized)
struct ThermalCommandTests {
  static let tcpu = "/sys/devices/virtual/thermal/thermal_zone2"

  @Test("list: each zone with its type, °C and set trips, the cooling devices, the state")
  func list() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let result = try DevCapsProcess.run(["list", "--only", "thermal"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    #expect(rows.contains("State nominal"), "\(result.stdout)")
    #expect(rows.contains("TCPU 52.0 °C, trips critical 105.0 °C, hot 100.0 °C, passive 95.0 °C"), "\(result.stdout)")
    #expect(rows.contains("x86_pkg_temp 53.0 °C"), "unset trips are left out: \(result.stdout)")
    #expect(rows.contains("intel_powerclamp cooling, state -1 of 50"), "\(result.stdout)")
  }

  @Test("get device.thermalState follows the zones: nominal, then serious past TCPU's passive trip")
  func get() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    #expect(
      try DevCapsProcess.run(["get", "device.thermalState"], environment: testbed.environment).stdout == "nominal\n")
    try testbed.write(String(Self.tcpu.dropFirst()) + "/temp", "96000\n")
    #expect(
      try DevCapsProcess.run(["get", "device.thermalState"], environment: testbed.environment).stdout == "serious\n")
    let reason = try DevCapsProcess.run(["get", "thermal.reason"], environment: testbed.environment)
    #expect(reason.stdout == "TCPU at 96.0 °C, past its passive trip at 95.0 °C\n")
  }

  @Test("garbage in a zone's temp: a warning naming the file, the zone without a reading, no crash")
  func garbage() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    try testbed.write(String(Self.tcpu.dropFirst()) + "/temp", "hot!\n")
    try testbed.write("sys/devices/virtual/thermal/thermal_zone0/temp", "-999999999\n")
    let result = try DevCapsProcess.run(["list", "--json", "--only", "thermal"], environment: testbed.environment)
    #expect(result.status == 0)
    #expect(result.stderr.contains("thermal_zone2/temp: expected an integer, found 'hot!'"), "\(result.stderr)")
    #expect(
      result.stderr.contains("thermal_zone0/temp: -999999999 m°C is not a temperature a sensor can read"),
      "\(result.stderr)")
    let zones = try #require(
      ((try result.json() as? [String: Any])?["thermal"] as? [String: Any])?["zones"] as? [[String: Any]])
    #expect(zones.map { $0["temperatureCelsius"] is NSNull } == [true, false, true, false])
  }

  @Test("require: thermal-state <= fair holds at nominal and fails at serious, with the reason")
  func require() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let manifest = URL(fileURLWithPath: testbed.root).appendingPathComponent("manifest.json")
    try Data(#"{"thermal-state": "<= fair"}"#.utf8).write(to: manifest)
    #expect(try DevCapsProcess.run(["require", manifest.path], environment: testbed.environment).status == 0)
    try testbed.write(String(Self.tcpu.dropFirst()) + "/temp", "101000\n")
    let failed = try DevCapsProcess.run(["require", manifest.path], environment: testbed.environment)
    #expect(failed.status != 0)
    #expect(failed.stdout.contains("critical (TCPU at 101.0 °C, past its hot trip at 100.0 °C)"), "\(failed.stdout)")
  }

  @Test("watch thermal: the state, then a line per change of state on uevents; NDJSON that validates")
  func watch() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let stream = try StreamProcess(["watch", "thermal", "--json", "--count", "3"], environment: testbed.environment)
    stream.waitForLines(1)
    // Still nominal: no line.
    try testbed.set(Self.tcpu, "temp", "60000")
    try testbed.uevent(Self.tcpu)
    for (temperature, lines) in [("87000", 2), ("96000", 3), ("101000", 4)] {
      try testbed.set(Self.tcpu, "temp", temperature)
      try testbed.uevent(Self.tcpu)
      stream.waitForLines(lines)
    }
    #expect(stream.wait() == 0, "stderr: \(stream.stderr)")
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["state"] as? String } == ["nominal", "fair", "serious", "critical"])
    #expect(events.map { $0["initial"] as? Bool } == [true, nil, nil, nil])
    #expect(events.last?["reason"] as? String == "TCPU at 101.0 °C, past its hot trip at 100.0 °C")
    let zones = try #require(events.last?["zones"] as? [[String: Any]])
    #expect(zones.first { $0["type"] as? String == "TCPU" }?["temperatureCelsius"] as? Double == 101)
  }

  @Test("watch thermal: a zone that sends no uevent is found by the poll (--rate)")
  func poll() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let stream = try StreamProcess(
      ["watch", "thermal", "--json", "--count", "1", "--rate", "10"], environment: testbed.environment)
    stream.waitForLines(1)
    try testbed.set(Self.tcpu, "temp", "96000")
    #expect(stream.wait() == 0, "stderr: \(stream.stderr)")
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["state"] as? String } == ["nominal", "serious"])
  }

  @Test("watch thermal --once: one line, the state now, for people")
  func once() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let result = try DevCapsProcess.run(["watch", "thermal", "--once"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(
      lines.first?.range(of: #"^\d\d:\d\d:\d\d thermal state nominal$"#, options: .regularExpression) != nil,
      "\(result.stdout)")
  }

  @Test("watch thermal on a machine without thermal zones: unavailable (69), saying so")
  func unavailable() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let result = try DevCapsProcess.run(["watch", "thermal", "--once"], environment: testbed.environment)
    #expect(result.status == 69)
    #expect(result.stderr.contains("no thermal zones in /sys/class/thermal"), "\(result.stderr)")
  }
}
