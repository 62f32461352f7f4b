import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The gates CI engineers write: real device nodes, any-of / none-of in every format, the key
/// list and the documents generated from it.
@Suite("devcaps require: CI gates", .serialized)
struct RequireGateTests {
  static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  func require(_ manifest: String, _ arguments: [String] = [], user: String? = nil, environment: [String: String] = [:])
    throws -> DevCapsResult
  {
    try DevCapsProcess.run(
      ["require", "-"] + arguments, environment: environment, user: user, stdin: Data(manifest.utf8))
  }

  func results(_ result: DevCapsResult) throws -> [[String: Any]] {
    try #require((try result.json() as? [String: Any])?["results"] as? [[String: Any]])
  }

  @Test("device-node: /dev/null opens read-write; a regular file is not a device; a missing path does not exist")
  func deviceNodes() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-device-\(UUID().uuidString)")
    try "x".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try require(
      #"{"device-node:/dev/null": true, "device-node:\#(file.path)": true, "device-node:/nonexistent/kvm": false}"#,
      ["--format", "json"])
    #expect(result.status == 1, "\(result.stderr)")
    let found = try results(result)
    #expect(found[0]["satisfied"] as? Bool == true)
    #expect(found[0]["detail"] as? String == "/dev/null (character device, opens read-write)")
    #expect(found[1]["satisfied"] as? Bool == false)
    #expect(found[1]["detail"] as? String == "\(file.path) exists but is a regular file, not a device")
    #expect(found[2]["satisfied"] as? Bool == true)
    #expect(found[2]["detail"] as? String == "/nonexistent/kvm does not exist")
    #expect(try SchemaValidator.problems(in: [result.stdout], schema: "require.schema.json") == [])
  }

  @Test("device-node under DEVCAPS_ROOT: a link in the image to the host's /dev/null leads to the image's dev/null")
  func deviceNodeConfinedToRoot() throws {
    let image = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-image-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: image + "/dev", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: image) }
    try FileManager.default.createSymbolicLink(atPath: image + "/dev/kvm", withDestinationPath: "/dev/null")
    try FileManager.default.createSymbolicLink(atPath: image + "/dev/fuse", withDestinationPath: "../../../../dev/null")
    let manifest = #"{"device-node:/dev/kvm": true, "device-node:/dev/fuse": true}"#
    let absent = try require(manifest, ["--format", "json"], environment: ["DEVCAPS_ROOT": image])
    #expect(absent.status == 1, "\(absent.stderr)")
    #expect(
      try results(absent).map { $0["detail"] as? String } == ["/dev/kvm does not exist", "/dev/fuse does not exist"])
    // The image's own dev/null, a regular file here, is what both links lead to.
    try "x".write(toFile: image + "/dev/null", atomically: false, encoding: .utf8)
    let file = try require(manifest, ["--format", "json"], environment: ["DEVCAPS_ROOT": image])
    #expect(
      try results(file).map { $0["detail"] as? String } == [
        "/dev/kvm exists but is a regular file, not a device", "/dev/fuse exists but is a regular file, not a device",
      ])
  }

  @Test(
    "device-node: a node made with mknod, mode 000, refused to another user with 'permission denied'",
    .enabled(if: getuid() == 0, "mknod and running as another user need root"))
  func deviceNodePermission() throws {
    let directory = "/tmp/devcaps-device-node-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    chmod(directory, 0o755)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let node = directory + "/null-copy"
    // The same device as /dev/null (1, 3), mode 000: only the mode keeps another user out.
    #expect(mknod(node, S_IFCHR | 0o000, dev_t((1 << 8) | 3)) == 0, "mknod: \(errno)")
    let manifest = #"{"device-node:\#(node)": true}"#
    let refused = try require(manifest, ["--format", "json"], user: "65534")
    #expect(refused.status == 1, "\(refused.stderr)")
    let finding = try results(refused)[0]["detail"] as? String
    #expect(finding == "\(node) is a character device this process cannot open read-write: permission denied")
    chmod(node, 0o666)
    #expect(try require(manifest, user: "65534").status == 0)
  }

  @Test("any-of / none-of: findings indented under them in text, children in JSON (valid), JUnit and GitHub")
  func groupFormats() throws {
    let manifest =
      #"{"any-of": [["device-node:/nonexistent"], {"device-node:/dev/null": true}], "none-of": [["device-node:/dev/null"]]}"#
    let text = try require(manifest)
    #expect(text.status == 1)
    let lines = text.stdout.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("  ✓ any-of "))
    #expect(lines[1].hasPrefix("    ✗ manifest 1 "))
    #expect(lines[2].hasPrefix("      ✗ device-node:/nonexistent "))
    #expect(lines[2].hasSuffix("/nonexistent does not exist"))
    #expect(lines[3].hasPrefix("    ✓ manifest 2 "))
    #expect(lines[5].hasPrefix("  ✗ none-of "))
    #expect(lines[5].hasSuffix("manifest 1 holds"))
    #expect(lines.last == "1 of 2 requirements not met")
    let json = try require(manifest, ["--format", "json"])
    #expect(try SchemaValidator.problems(in: [json.stdout], schema: "require.schema.json") == [])
    let anyOf = try results(json)[0]
    #expect(anyOf["actual"] as? [Int] == [2])
    let children = try #require(anyOf["children"] as? [[String: Any]])
    #expect(children.map { $0["key"] as? String } == ["manifest 1", "manifest 2"])
    #expect((children[0]["children"] as? [[String: Any]])?.first?["key"] as? String == "device-node:/nonexistent")
    let junit = try require(manifest, ["--format", "junit"]).stdout
    #expect(
      junit.contains(
        "none-of: expected none of 1, manifest 1 holds\n  ✓ manifest 1 all of 1: met, all met\n    ✓ device-node:/dev/null required: met, found /dev/null (character device, opens read-write)</failure>"
      ))
    let github = try require(manifest, ["--format", "github"]).stdout
    #expect(
      github.contains(
        "none-of: expected none of 1, manifest 1 holds%0A  ✓ manifest 1 all of 1: met, all met%0A    ✓ device-node:/dev/null required: met"
      ))
  }

  @Test(
    "--list-keys: one line a key with its value and meaning, thermal-state and the new keys among them; no --format")
  func listKeys() throws {
    let result = try DevCapsProcess.run(["require", "--list-keys"])
    #expect(result.status == 0)
    let keys = result.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    for key in [
      "accelerometer", "thermal-state", "os", "os-like", "os-version", "virtualization", "device-node:PATH",
      "any-of", "none-of", "memory-limit", "available-memory", "disk-free[:PATH]", "metal",
    ] {
      #expect(keys.contains(key), "\(key)")
    }
    #expect(try DevCapsProcess.run(["require", "--list-keys", "x.json"]).status == 64)
    #expect(try DevCapsProcess.run(["require"]).status == 64)
    let json = try DevCapsProcess.run(["require", "--list-keys", "--format", "json"])
    #expect(json.status == 64 && json.stderr.contains("--list-keys prints a text table and takes no --format"))
  }

  @Test(
    "require --help and the man page list every catalog key (thermal-state too); docs/reference/manifest.md is generated"
  )
  func generatedLists() throws {
    let help = try DevCapsProcess.run(["require", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
    let man = try String(contentsOf: Self.checkout.appendingPathComponent("man/devcaps.1"), encoding: .utf8)
    let listed = try DevCapsProcess.run(["require", "--list-keys"]).stdout.split(separator: "\n")
      .map { String($0.prefix { $0 != " " }) }
    // The iOS keys with no Linux meaning and the old name of memory-limit are in --list-keys
    // and the man page only.
    for key in listed where !iosKeys.contains(key) && key != "available-memory" {
      let written = key.replacingOccurrences(of: "[:PATH]", with: "")
      #expect(help.contains(written), "require --help does not list \(written)")
    }
    #expect(help.contains("thermal-state"))
    for key in listed { #expect(man.contains(".It Cm \(key) "), "man/devcaps.1 does not list \(key)") }
    let check = try ChildProcess.run(
      Self.checkout.appendingPathComponent("scripts/generate-key-reference.sh").path, ["--check"],
      environment: ["DEVCAPS": DevCapsProcess.executable.path, "PATH": "/usr/bin:/bin"], input: Data(),
      errors: .output)
    #expect(check.status == 0, "\(check.outputText)")
  }

}

/// iOS keys `require --help` does not spell out (they are in --list-keys and the man page).
private let iosKeys: Set<String> = [
  "metal", "arkit", "healthkit", "gamekit", "opengles-1", "opengles-2", "opengles-3", "sms", "peer-peer", "armv6",
  "arm64e", "location-services", "camera-flash", "auto-focus-camera", "bluetooth-le", "driverkit",
  "iphone-ipad-minimum-performance-a12", "iphone-performance-gaming-tier",
]
