import Foundation
import Testing

@Suite("devcaps get", .serialized)
struct GetCommandTests {
  func get(_ arguments: [String], machine: String = "thinkpad-laptop") throws -> DevCapsResult {
    let testbed = try FixtureMachine(name: machine).load()
    return try DevCapsProcess.run(["get"] + arguments, environment: testbed.environment)
  }

  @Test(
    "one value, plain",
    arguments: [
      ("memory.totalBytes", "16439447552"),
      ("device.model", "ThinkPad X1 Carbon Gen 9"),
      ("device.firmware.date", "2023-05-11"),
      ("disks.0.path", "/"),
      ("disks.3.readOnly", "true"),
      ("cpu.frequency.maxHz", "4700000000"),
      ("system.uptimeSeconds", "93784.52"),
      ("device.virtualization", "null"),
    ])
  func plain(key: String, expected: String) throws {
    let result = try get([key])
    #expect(result.status == 0)
    #expect(result.stdout == expected + "\n")
  }

  @Test("--json quotes strings and prints objects as JSON")
  func json() throws {
    #expect(try get(["device.model", "--json"]).stdout == "\"ThinkPad X1 Carbon Gen 9\"\n")
    let firmware = try get(["device.firmware", "--json"]).stdout
    #expect(
      firmware == "{\n  \"vendor\": \"LENOVO\",\n  \"version\": \"N32ET86W (1.62 )\",\n  \"date\": \"2023-05-11\"\n}\n")
  }

  @Test("a known key with an unknown value is null")
  func unknownValue() throws {
    let result = try get(["memory.installedBytes"], machine: "docker-container")
    #expect(result.status == 0)
    #expect(result.stdout == "null\n")
  }

  @Test(
    "unknown keys and indices past the end exit 64 naming the nearest valid key",
    arguments: [
      ("memory.totalbytes", "did you mean 'memory.totalBytes'?"),
      ("memroy.totalBytes", "did you mean 'memory.totalBytes'?"),
      ("gpu", "did you mean 'gpus'?"),
      ("battery", "did you mean 'power.batteries'?"),
      ("disks.9.path", "valid indices are 0…3"),
      ("device.model.x", "unknown key 'device.model.x'"),
      ("", "the key is empty"),
    ])
  func errors(key: String, message: String) throws {
    let result = try get([key])
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("no key at all is a usage error")
  func missingKey() throws {
    let result = try DevCapsProcess.run(["get"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("Missing expected argument '<key>'"))
  }
}
