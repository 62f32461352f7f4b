import Testing

@testable import DevCapsKit

@Suite("Dotted key paths (devcaps get)")
struct KeyPathTests {
  let report = JSONValue.object([
    JSONMember("memory", .object([JSONMember("totalBytes", .integer(1024)), JSONMember("installedBytes", .null)])),
    JSONMember("disks", .array([.object([JSONMember("path", .string("/"))])])),
  ])

  @Test("walks objects and arrays")
  func walks() throws {
    #expect(try report.value(atPath: "memory.totalBytes") == .integer(1024))
    #expect(try report.value(atPath: "memory.installedBytes") == .null)
    #expect(try report.value(atPath: "disks.0.path") == .string("/"))
    #expect(try report.value(atPath: "disks") == report["disks"])
  }

  @Test("a list element by its type, else its id: the first that matches")
  func elementByName() throws {
    func sensor(_ type: String, _ id: String, _ value: Int64) -> JSONValue {
      .object([
        JSONMember("type", .string(type)), JSONMember("id", .string(id)), JSONMember("reading", .integer(value)),
      ])
    }
    let report = JSONValue.object([
      JSONMember(
        "sensors",
        .array([sensor("accelerometer", "iio:device0", 1), sensor("light", "iio:device2", 2), sensor("light", "x", 3)]))
    ])
    #expect(try report.value(atPath: "sensors.light.reading") == .integer(2))
    #expect(try report.value(atPath: "sensors.iio:device0.reading") == .integer(1))
    #expect(try report.value(atPath: "sensors.x.reading") == .integer(3))
    #expect(throws: KeyPathError.self) { try report.value(atPath: "sensors.pressure.reading") }
  }

  @Test("an unknown key names the nearest valid one")
  func unknownKey() {
    #expect(throws: KeyPathError.unknownKey(path: "memory.totalbytes", suggestion: "memory.totalBytes")) {
      try report.value(atPath: "memory.totalbytes")
    }
    #expect(throws: KeyPathError.unknownKey(path: "memroy.totalBytes", suggestion: "memory.totalBytes")) {
      try report.value(atPath: "memroy.totalBytes")
    }
    #expect(throws: KeyPathError.unknownKey(path: "memory.totl", suggestion: "memory.totalBytes")) {
      try report.value(atPath: "memory.totl")
    }
    #expect(throws: KeyPathError.unknownKey(path: "zzzzzzzzzzzz", suggestion: nil)) {
      try report.value(atPath: "zzzzzzzzzzzz")
    }
  }

  @Test(
    "a singular names the plural or the key that holds it, before a near spelling",
    arguments: [
      ("gpu", "gpus"), ("battery", "power.batteries"), ("power.battery", "power.batteries"),
      ("chassis", "device.chassis"),
      ("cpu.frequency.max", "cpu.frequency.maxHz"),
    ])
  func pluralOrContaining(typed: String, suggestion: String) {
    let report = JSONValue.object([
      JSONMember("device", .object([JSONMember("chassis", .string("vm"))])),
      JSONMember("cpu", .object([JSONMember("frequency", .object([JSONMember("maxHz", .null)]))])),
      JSONMember("power", .object([JSONMember("batteries", .array([]))])),
      JSONMember("gpus", .array([])),
    ])
    #expect(throws: KeyPathError.unknownKey(path: typed, suggestion: suggestion)) { try report.value(atPath: typed) }
  }

  @Test("an index past the end says which indices exist")
  func indexPastEnd() throws {
    do {
      _ = try report.value(atPath: "disks.3.path")
      Issue.record("expected an error")
    } catch {
      #expect(error.description.contains("valid indices are 0…0"))
      #expect(error.description.contains("disks.0.path"))
    }
  }

  @Test("a path into a scalar, a non-numeric index or an empty key are errors")
  func malformed() {
    #expect(throws: KeyPathError.self) { try report.value(atPath: "memory.totalBytes.x") }
    #expect(throws: KeyPathError.self) { try report.value(atPath: "disks.first") }
    #expect(throws: KeyPathError.empty) { try report.value(atPath: "") }
    #expect(throws: KeyPathError.self) { try report.value(atPath: "disks.-1") }
  }

  @Test("edit distance")
  func distance() {
    #expect(editDistance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
    #expect(editDistance([], Array("abc".unicodeScalars)) == 3)
    #expect(nearestCandidate(to: "acelerometer", among: ["accelerometer", "gyroscope"]) == "accelerometer")
  }
}
