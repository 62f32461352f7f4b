import Foundation
import TestProcesses
import Testing

/// Outside text in a whole command's output: however long a value (and however it is made long:
/// combining accents are one Character each to Swift), text, GitHub, the step summary and JUnit
/// grow with the number of rows only, and the step summary renders names as the text they are.
@Suite("Outside text bounded and inert in whole outputs", .serialized)
struct OutsideTextBoundsTests {
  /// A temporary directory with a copy of the PinePhone's saved report for each of `names`, its
  /// `device.name`, as r0.json, r1.json, …
  func fleet(_ names: [String]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bounds-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let report = try String(contentsOf: Golden.directory.appendingPathComponent("list-pinephone.json"), encoding: .utf8)
      .replacingOccurrences(of: "\"<statvfs>\"", with: "1000000000")
    for (index, name) in names.enumerated() {
      let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      try report.replacingOccurrences(of: #""name": "pinephone""#, with: #""name": "\#(escaped)""#).write(
        to: directory.appendingPathComponent("r\(index).json"), atomically: false, encoding: .utf8)
    }
    return directory
  }

  func write(_ text: String, in directory: URL, _ name: String) throws -> String {
    let file = directory.appendingPathComponent(name)
    try text.write(to: file, atomically: false, encoding: .utf8)
    return file.path
  }

  /// The recipe of issue #36, shrunk: two machines named N0 and N1 with `accents` U+0301 each,
  /// a manifest of 60 `disk-free` keys nobody has and 1 TiB of memory. Its output and summary,
  /// the directory written `DIR`.
  func accentedFleet(accents: Int, format: String) throws -> (stdout: String, summary: String) {
    let marks = String(repeating: "\u{301}", count: accents)
    let directory = try fleet(["N0" + marks, "N1" + marks])
    defer { try? FileManager.default.removeItem(at: directory) }
    let keys = (0..<60).map { "\"disk-free:/nonexistent\($0)\": \">= 1 B\"" }.joined(separator: ", ")
    let manifest = try write("{\(keys), \"memory\": \">= 1 TiB\"}", in: directory, "m.manifest")
    let summary = directory.appendingPathComponent("summary.md")
    let result = try DevCapsProcess.run(
      ["require", manifest, "--against", directory.path, "--format", format],
      environment: ["GITHUB_STEP_SUMMARY": summary.path])
    #expect(result.status == 1, "\(result.stderr)")
    // The directory's name differs between runs.
    let markdown = (try? String(contentsOf: summary, encoding: .utf8)) ?? ""
    return (
      result.stdout.replacingOccurrences(of: directory.path, with: "DIR"),
      markdown.replacingOccurrences(of: directory.path, with: "DIR")
    )
  }

  @Test(
    "two machines named with 100,000 combining accents each: text, github, its step summary and JUnit are as long as with 1,000 (cut by Unicode scalars), and small",
    arguments: ["text", "github", "junit"])
  func combiningAccents(format: String) throws {
    let short = try accentedFleet(accents: 1_000, format: format)
    let long = try accentedFleet(accents: 100_000, format: format)
    #expect(long.stdout == short.stdout, "\(long.stdout.utf8.count) bytes against \(short.stdout.utf8.count)")
    #expect(long.summary == short.summary, "\(long.summary.utf8.count) bytes against \(short.summary.utf8.count)")
    let longestLine = long.stdout.split(separator: "\n").map(\.utf8.count).max() ?? 0
    switch format {
    case "text":
      #expect(long.stdout.utf8.count < 64 * 1024, "\(long.stdout.utf8.count) bytes")
      #expect(longestLine < 1024, "\(longestLine)")
      #expect(long.stdout.contains("N0" + String(repeating: "\u{301}", count: 37) + "…"))
    case "github":
      #expect(long.stdout.utf8.count < 50 * 4096, "\(long.stdout.utf8.count) bytes")
      #expect(longestLine < 4096, "\(longestLine)")
      #expect(long.summary.utf8.count < 64 * 1024, "\(long.summary.utf8.count) bytes")
    default:
      #expect(long.stdout.utf8.count < 2 * 256 * 1024, "\(long.stdout.utf8.count) bytes")
      #expect(longestLine < 8192, "\(longestLine)")
    }
  }

  @Test("list --only system: a PRETTY_NAME of 100,000 combining accents is one line under 1 KiB")
  func accentedPrettyName() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let name = "P" + String(repeating: "\u{301}", count: 100_000)
    try testbed.write("etc/os-release", "NAME=Debian\nID=debian\nPRETTY_NAME=\"\(name)\"\n")
    let result = try DevCapsProcess.run(["list", "--only", "system"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.utf8.count < 2048, "\(result.stdout.utf8.count) bytes")
    #expect(result.stdout.contains("P" + String(repeating: "\u{301}", count: 118) + "…"))
    let json = try DevCapsProcess.run(["get", "system.prettyName"], environment: testbed.environment)
    #expect(json.stdout.unicodeScalars.count > 100_000, "get keeps a value whole")
  }

  @Test("require on this machine: an expected os of 100,000 combining accents prints under 2 KiB")
  func accentedExpectedValue() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bounds-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let manifest = try write(
      "{\"os\": \"x\(String(repeating: "\u{301}", count: 100_000))\"}", in: directory, "m.json")
    for format in ["text", "github", "junit"] {
      let result = try DevCapsProcess.run(
        ["require", manifest, "--format", format],
        environment: testbed.environment.merging(["GITHUB_STEP_SUMMARY": ""]) { $1 })
      #expect(result.status == 1, "\(result.stderr)")
      #expect(result.stdout.utf8.count < 4096, "\(format): \(result.stdout.utf8.count) bytes")
    }
  }

  @Test(
    "250 unmeasurable mount points of 3,000 characters: each warning on stderr cut to its column; JSON keeps the path")
  func longWarningPaths() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let mountinfo = try String(contentsOfFile: testbed.root + "/proc/self/mountinfo", encoding: .utf8)
    let deep = String(repeating: "/" + String(repeating: "d", count: 199), count: 15)
    let mounts = (0..<250).map { "\(200 + $0) 1 9:\($0) / \(deep)/\($0) rw - ext4 /dev/vd\($0) rw\n" }.joined()
    try testbed.write("proc/self/mountinfo", mountinfo + mounts)
    let result = try DevCapsProcess.run(["list", "--only", "disks"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr.prefix(500))")
    let warnings = result.stderr.split(separator: "\n")
    #expect(warnings.count >= 250, "\(result.stderr.prefix(500))")
    let longest = warnings.map(\.utf8.count).max() ?? 0
    #expect(longest < 400, "\(longest)")
    let cut = warnings.filter { $0.hasPrefix("devcaps: warning: /ddd") && $0.contains("…: statvfs failed") }
    #expect(cut.count == 250, "\(result.stderr.prefix(500))")
    let json = try DevCapsProcess.run(["list", "--only", "disks", "--json"], environment: testbed.environment)
    #expect(json.stdout.contains("\"path\" : \"\(deep)/249\"") || json.stdout.contains("\"path\": \"\(deep)/249\""))
  }

  @Test(
    "the step summary renders report names as the text they are: no HTML, comment, image or link; the row after an unclosed comment is there"
  )
  func stepSummaryInert() throws {
    let names = OutsideTextTests.markdownNames + ["after-the-comment"]
    let directory = try fleet(names)
    defer { try? FileManager.default.removeItem(at: directory) }
    let manifest = try write(#"{"memory": ">= 1 TiB"}"#, in: directory, "m.manifest")
    let summary = directory.appendingPathComponent("summary.md")
    let result = try DevCapsProcess.run(
      ["require", manifest, "--against", directory.path, "--format", "github"],
      environment: ["GITHUB_STEP_SUMMARY": summary.path])
    #expect(result.status == 1, "\(result.stderr)")
    let markdown = try String(contentsOf: summary, encoding: .utf8)
    #expect(!markdown.contains("<") && !markdown.contains("![") && !markdown.contains("]("), "\(markdown)")
    #expect(markdown.contains("| ❌ | after-the-comment | "), "\(markdown)")
    #expect(markdown.contains("| ❌ | &lt;\\!-- hide rest | "), "\(markdown)")
    #expect(markdown.components(separatedBy: "\n| ❌ |").count == names.count + 1, "\(markdown)")
  }
}
