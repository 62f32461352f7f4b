import Foundation
import TestProcesses
import Testing

/// A CI gate must never pass falsely: every command that prints, with its standard output on a
/// full disk (/dev/full) and on a pipe whose reader has gone (`| head`). A full disk is exit 74
/// with one line on stderr; a vanished reader keeps the command's own verdict.
@Suite("output failures", .serialized)
struct OutputFailureTests {
  static let manifests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/manifests")

  /// A manifest the thinkpad fixture fails (it has no accelerometer), so `require` exits 1.
  static func failingManifest() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-failing-\(UUID().uuidString).json")
    try #"{"accelerometer": true, "memory": ">= 1 GiB"}"#.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  /// Command lines and the status each ends with when its output is read.
  static func commands(manifest: String, report: String) -> [(arguments: [String], verdict: Int32)] {
    [
      (["--version"], 0),
      (["list"], 0),
      (["list", "--json"], 0),
      (["list", "--json", "--only", "cpu"], 0),
      (["get", "memory.totalBytes"], 0),
      (["get", "cpu", "--json"], 0),
      (["require", manifest], 1),
      (["require", manifest, "--format", "json"], 1),
      (["require", manifest, "--format", "junit"], 1),
      (["require", manifest, "--format", "github"], 1),
      (["require", manifest, "--against", report], 1),
      (["require", manifest, "--against", report, report, "--format", "github"], 1),
      (["require", manifest, "--against", report, "--format", "json"], 1),
      (["require", manifest, "--against", report, "--format", "junit"], 1),
      // A report that cannot be read is a row of its own; the manifest that cannot, a CI document.
      (["require", manifest, "--against", report, "/nonexistent/r.json"], 66),
      (["require", manifest, "--against", report, "/nonexistent/r.json", "--format", "github"], 66),
      (["require", "/nonexistent/m.json", "--format", "json"], 66),
      (["require", "/nonexistent/m.json", "--format", "junit"], 66),
      (["require", "/nonexistent/m.json", "--format", "github"], 66),
      (["export", "prometheus"], 0),
      (["export", "nfd"], 0),
      (["watch", "displays", "--json", "--count", "0"], 0),
      (["watch", "displays", "--count", "0"], 0),
    ]
  }

  static func environment(_ testbed: Testbed) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "LD_PRELOAD")
    environment["NO_COLOR"] = "1"
    environment.removeValue(forKey: "GITHUB_STEP_SUMMARY")
    for (key, value) in testbed.environment { environment[key] = value }
    return environment
  }

  static func savedReport(_ testbed: Testbed) throws -> String {
    let listed = try DevCapsProcess.run(["list", "--json"], environment: testbed.environment)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-report-\(UUID().uuidString).json")
    try listed.stdout.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test("standard output on a full disk: exit 74 and one line saying so, never 0 or the verdict")
  func fullDisk() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let manifest = try Self.failingManifest()
    let report = try Self.savedReport(testbed)
    defer { for path in [manifest, report] { try? FileManager.default.removeItem(atPath: path) } }
    for (arguments, _) in Self.commands(manifest: manifest, report: report) {
      let child = try ChildProcess(
        "/bin/bash", ["-c", #"exec "$0" "$@" >/dev/full"#, DevCapsProcess.executable.path] + arguments,
        environment: Self.environment(testbed))
      let result = try child.collect()
      #expect(result.status == 74, "\(arguments): \(result.status) \(result.errorText)")
      #expect(
        result.errorText.hasSuffix("devcaps: cannot write to standard output: No space left on device\n"),
        "\(arguments): \(result.errorText)")
    }
  }

  @Test("a reader that went away (| head): quiet, and the command's own verdict: require that fails still exits 1")
  func closedPipe() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let manifest = try Self.failingManifest()
    let report = try Self.savedReport(testbed)
    defer { for path in [manifest, report] { try? FileManager.default.removeItem(atPath: path) } }
    for (arguments, verdict) in Self.commands(manifest: manifest, report: report) {
      let child = try ChildProcess(DevCapsProcess.executable.path, arguments, environment: Self.environment(testbed))
      // Closed before devcaps starts writing: its first write finds no reader (EPIPE).
      child.closeOutput()
      let result = try child.collect()
      #expect(result.status == verdict, "\(arguments): \(result.status) \(result.errorText)")
      #expect(!result.errorText.contains("cannot write"), "\(arguments): \(result.errorText)")
    }
  }

  /// What ArgumentParser itself prints: help, a subcommand's help, completion scripts.
  static let argumentParserOutput: [[String]] = [
    ["--help"], ["-h"], ["help"], ["help", "motion"], ["require", "--help"], ["watch", "battery", "--help"],
    ["--generate-completion-script", "bash"], ["--generate-completion-script", "zsh"],
  ]

  @Test("ArgumentParser's help and completion output on a full disk: exit 74 and one line; on a closed pipe: 0, quiet")
  func argumentParserOutputFails() throws {
    for arguments in Self.argumentParserOutput {
      let full = try ChildProcess.run(
        "/bin/bash", ["-c", #"exec "$0" "$@" >/dev/full"#, DevCapsProcess.executable.path] + arguments
      ).result
      #expect(full.status == 74, "\(arguments): \(full.status) \(full.stderr)")
      #expect(full.stderr == "devcaps: cannot write to standard output: No space left on device\n", "\(arguments)")
      let child = try ChildProcess(DevCapsProcess.executable.path, arguments)
      child.closeOutput()
      let closed = try child.collect()
      #expect(closed.status == 0 && closed.errorText.isEmpty, "\(arguments): \(closed.status) \(closed.errorText)")
      let read = try DevCapsProcess.run(arguments)
      #expect(read.status == 0 && read.stdout.utf8.count > 200 && read.stderr.isEmpty, "\(arguments)")
    }
    // A usage error still goes to stderr with ArgumentParser's own text and 64.
    let usage = try DevCapsProcess.run(["bogus"])
    #expect(usage.status == 64 && usage.stdout.isEmpty && usage.stderr.hasPrefix("Error: Unexpected argument 'bogus'"))
  }

  @Test("the same failing require on a terminal-less pipe that reads everything exits 1 (the reference)")
  func readVerdict() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let manifest = try Self.failingManifest()
    defer { try? FileManager.default.removeItem(atPath: manifest) }
    let result = try DevCapsProcess.run(["require", manifest], environment: testbed.environment)
    #expect(result.status == 1)
    #expect(result.stdout.contains("accelerometer"))
  }
}
