import Foundation
import TestProcesses
import Testing

/// `usb-device`, judged by the usb section of fixture machines, live and against each machine's
/// own saved report.
@Suite("devcaps require: USB devices", .serialized)
struct RequireUSBTests {
  func finding(_ result: DevCapsResult) throws -> (satisfied: Bool, detail: String) {
    let (satisfied, _, detail) = try FixtureRequire.verdict(result)
    return (satisfied, detail)
  }

  @Test(
    "any of the IDs plugged in holds, live and saved alike; root hubs never count",
    arguments: [
      (
        "thinkpad-laptop", #"{"usb-device": ["046d:c52b", "1050:0407"]}"#, true,
        "3-6 (1050:0407, Yubico YubiKey OTP+FIDO+CCID, 1050:0407)"
      ),
      ("thinkpad-laptop", #"{"usb-device": "04F2:*"}"#, true, "3-4 (04f2:b6ea, Chicony Electronics Co.,Ltd."),
      ("pinephone", #"{"usb-device": ["0bda:0129", "2c7c:0125"]}"#, true, "2-1 (2c7c:0125, Quectel EG25-G, 2c7c:0125)"),
      ("pinephone", #"{"usb-device": ["1d6b:*"]}"#, false, "found: 1 USB device, not it"),
      ("qemu-vm", #"{"usb-device": ["046d:c52b"]}"#, false, "found: no USB devices"),
    ])
  func devices(machine: String, manifest: String, met: Bool, detail: String) throws {
    for against in [false, true] {
      let result = try FixtureRequire.run(manifest, machine: machine, against: against)
      #expect(result.status == (met ? 0 : 1), "\(machine) \(manifest) against=\(against): \(result.stderr)")
      let (satisfied, found) = try finding(result)
      #expect(satisfied == met)
      #expect(found.contains(detail), "\(machine) \(manifest) against=\(against): \(found)")
    }
  }

  @Test("a saved report without its usb section cannot answer: unknown, never met, and the section is named missing")
  func savedWithoutUSB() throws {
    let result = try FixtureRequire.run(
      #"{"usb-device": ["046d:c52b"]}"#, machine: "thinkpad-laptop", against: true, only: "memory")
    #expect(result.status == 1)
    let (satisfied, detail) = try finding(result)
    #expect(!satisfied)
    #expect(detail.contains("the report has no usb section"), "\(detail)")
    let machine = try #require((try result.json() as? [[String: Any]])?.first)
    #expect(machine["missingSections"] as? [String] == ["usb"], "\(result.stdout)")
    #expect(try SchemaValidator.problems(in: [result.stdout], schema: "require.schema.json") == [])
  }

  @Test(
    "an ID that is not vendor:product in hex is an invalid manifest (65) saying how to write one",
    arguments: [
      (#"{"usb-device": ["046d"]}"#, "'usb-device': '046d' is not a USB ID; write vendor:product in hex"),
      (#"{"usb-device": ["046d:c52b", "046d:c52"]}"#, "'046d:c52' is not a USB ID"),
      (#"{"usb-device": ["*:c52b"]}"#, "'*:c52b' is not a USB ID"),
      (#"{"usb-device": ["0x46d:c52b"]}"#, "'0x46d:c52b' is not a USB ID"),
      (#"{"usb-device": []}"#, "'usb-device'"),
      (#"{"usb-device": 1133}"#, "'usb-device'"),
    ])
  func malformed(manifest: String, message: String) throws {
    let result = try DevCapsProcess.run(["require", "-"], stdin: Data(manifest.utf8))
    #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}
