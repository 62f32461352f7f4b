import Foundation
import TestProcesses
import Testing

@testable import DevCapsKit

@Suite("SHA-256 and application identifiers")
struct SHA256Tests {
  static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

  @Test(
    "SHA-256 of FIPS 180-4's examples, and of a message that needs a second padding block",
    arguments: [
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
    ])
  func hash(message: String, digest: String) {
    #expect(Self.hex(SHA256.hash(Array(message.utf8))) == digest)
  }

  @Test("HMAC-SHA-256 of RFC 4231's test cases 1, 2 and 6 (a key longer than a block)")
  func hmac() {
    #expect(
      Self.hex(SHA256.hmac(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
        == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    #expect(
      Self.hex(SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
        == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    #expect(
      Self.hex(
        SHA256.hmac(
          key: [UInt8](repeating: 0xaa, count: 131),
          message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
        == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
  }

  @Test("an application's identifier is systemd's: systemd-id128 machine-id --app-specific gives the same")
  func matchesSystemd() throws {
    let machineID = try String(contentsOfFile: "/etc/machine-id", encoding: .utf8).trimmingCharacters(
      in: .whitespacesAndNewlines)
    let application = "4f6a1f72-bc9d-4cb4-8b11-2b5e3f0c7a41"
    let systemd = try ChildProcess.run("/usr/bin/systemd-id128", ["machine-id", "--app-specific=\(application)"])
      .outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    let ours = Device.applicationIdentifier(
      machineID: try #require(Device.idBytes(machineID)), application: application)
    #expect(ours.replacingOccurrences(of: "-", with: "") == systemd)
    #expect(ours.count == 36 && ours.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
  }

  @Test("identifiers: stable, unrelated between applications, never the machine-id; nil without one")
  func identifiers() throws {
    let machine = try #require(Device.idBytes("3d1219c7c4c5404aaa1f6d2a48adfda4"))
    let kiosk = Device.applicationIdentifier(machineID: machine, application: "com.example.kiosk")
    #expect(kiosk == Device.applicationIdentifier(machineID: machine, application: "com.example.kiosk"))
    #expect(kiosk != Device.applicationIdentifier(machineID: machine, application: "com.example.other"))
    #expect(!kiosk.replacingOccurrences(of: "-", with: "").contains("3d1219c7"))
    #expect(Device.idBytes("not an id") == nil)
    #expect(Device.idBytes("3D1219C7-C4C5-404A-AA1F-6D2A48ADFDA4") == machine)
  }
}
