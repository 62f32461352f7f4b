import Foundation
import TestProcesses
import Testing

/// `require --against` many reports: a report that cannot be used is a row with its reason, the
/// exit status is the worst of all, the output stays bounded however many and however large.
@Suite("devcaps require --against a fleet", .serialized)
struct RequireFleetTests {
  /// `devcaps require` with no testbed: `--against` probes nothing here.
  func require(_ arguments: [String], environment: [String: String] = [:]) throws -> DevCapsResult {
    try DevCapsProcess.run(["require"] + arguments, environment: environment)
  }

  /// The three fixture reports, and `copies` copies of the PinePhone's as m000.json, m001.json, …
  func fleet(copies: Int = 0) throws -> (URL, String) {
    let directory = try RequireCommandTests().savedReports()
    let report = try String(contentsOf: directory.appendingPathComponent("pinephone.json"), encoding: .utf8)
    for index in 0..<copies {
      try report.write(
        to: directory.appendingPathComponent(String(format: "m%03d.json", index)), atomically: true, encoding: .utf8)
    }
    return (directory, report)
  }

  func write(_ text: String, _ directory: URL, _ name: String) throws -> URL {
    let file = directory.appendingPathComponent(name)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test(
    "a broken report among 200 is a row with its reason; the others are still judged and printed; exit 65",
    arguments: ["text", "json", "junit", "github"])
  func brokenAmongMany(format: String) throws {
    let (directory, report) = try fleet(copies: 200)
    defer { try? FileManager.default.removeItem(at: directory) }
    let broken = try write(
      report.replacingOccurrences(of: "\"totalBytes\": 2048839680", with: "\"totalBytes\": \"lots\""), directory,
      "m120.json")
    try "{".write(to: directory.appendingPathComponent("m150.json"), atomically: true, encoding: .utf8)
    // Not *.json: not read as a report.
    let gate = try write(#"{"memory": ">= 1 MiB", "cpu-cores": ">= 1"}"#, directory, "gate.manifest")
    let result = try require(
      [gate.path, "--against", directory.path, "--format", format], environment: ["GITHUB_STEP_SUMMARY": ""])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix("devcaps: \(broken.path): memory.totalBytes: expected UInt64, found \"lots\"\n"),
      "\(result.stderr)")
    #expect(result.stderr.contains("m150.json: not JSON: line 1, column 2"))
    switch format {
    case "text":
      let rows = result.stdout.split(separator: "\n")
      #expect(rows.count == 203 + 1, "\(result.stdout.suffix(500))")
      #expect(
        rows.contains { $0.contains("m120.json") && $0.contains("not judged, invalid report: \(broken.path)") })
      #expect(rows.filter { $0.contains("all 2 requirements met") }.count == 201)
      #expect(rows.last == "2 reports of 203 not judged; 0 fall short, 201 meet the manifest")
    case "json":
      #expect(try SchemaValidator.problems(in: [result.stdout], schema: "require.schema.json") == [])
      let outcomes = try #require(try result.json() as? [[String: Any]])
      #expect(outcomes.count == 203)
      let errors = outcomes.compactMap { $0["error"] as? [String: Any] }
      #expect(errors.map { $0["kind"] as? String } == ["invalid-report", "invalid-report"])
      #expect(errors.first?["file"] as? String == broken.path)
      #expect(outcomes.filter { $0["satisfied"] as? Bool == true }.count == 201)
    case "junit":
      let counts = try ChildProcess.run(
        "/usr/bin/python3",
        [
          "-c",
          "import sys, xml.etree.ElementTree as ET; r = ET.fromstring(sys.stdin.buffer.read()); print(r.get('tests'), r.get('errors'), len(r.findall('./testsuite')), len(r.findall('.//error')))",
        ], input: Data(result.stdout.utf8)
      ).outputText
      #expect(counts == "404 2 203 2\n")
    default:
      let lines = result.stdout.split(separator: "\n")
      #expect(lines.count == 2, "\(result.stdout)")
      #expect(
        lines.first?.hasPrefix("::error file=\(broken.path),title=devcaps require%3A 2 reports not judged::") == true)
      #expect(lines.last?.hasSuffix("0 of 203 machines fall short, 2 not judged") == true)
    }
  }

  @Test("the exit status is the worst of all reports: 66 (unreadable) over 65 (invalid) over 1 (unmet) over 0")
  func worstStatus() throws {
    let (directory, report) = try fleet()
    defer { try? FileManager.default.removeItem(at: directory) }
    let phone = RequireCommandTests().manifest("phone.json")
    let pinephone = directory.appendingPathComponent("pinephone.json").path
    #expect(try require([phone, "--against", pinephone]).status == 0)
    // qemu-vm and thinkpad-laptop fall short of the phone manifest.
    #expect(try require([phone, "--against", directory.path]).status == 1)
    let invalid = try write("[]", directory, "invalid.json")
    #expect(try require([phone, "--against", directory.path]).status == 65)
    #expect(try require([phone, "--against", invalid.path, pinephone]).status == 65)
    let missing = directory.appendingPathComponent("gone.json").path
    let result = try require([phone, "--against", missing, directory.path])
    #expect(result.status == 66)
    #expect(result.stdout.contains("not judged, unreadable report: cannot read \(missing): does not exist"))
    #expect(result.stdout.contains("✓ pinephone"), "\(result.stdout)")
    _ = report
  }

  @Test("a directory without any .json report is exit 66 before anything is judged, the reports named beside it too")
  func emptyDirectory() throws {
    let (directory, _) = try fleet()
    defer { try? FileManager.default.removeItem(at: directory) }
    let empty = directory.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
    let phone = RequireCommandTests().manifest("phone.json")
    let pinephone = directory.appendingPathComponent("pinephone.json").path
    let result = try require([phone, "--against", pinephone, empty.path])
    #expect(result.status == 66)
    #expect(result.stderr.contains("\(empty.path): a directory without any .json report"), "\(result.stderr)")
    #expect(!result.stdout.contains("pinephone"), "\(result.stdout)")
  }

  @Test(
    "a *.json in a reports directory that is not a regular file (a directory, a FIFO, a dangling link) is a row: exit 66"
  )
  func nonRegularEntries() throws {
    let (directory, _) = try fleet()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
    #expect(mkfifo(directory.appendingPathComponent("pipe.json").path, 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("dangling.json").path, withDestinationPath: "/nonexistent/x.json")
    let gate = try write(#"{"memory": ">= 1 MiB"}"#, directory, "gate.manifest")
    let result = try require([gate.path, "--against", directory.path, "--format", "json"])
    #expect(result.status == 66, "\(result.stderr)")
    let outcomes = try #require(try result.json() as? [[String: Any]])
    let errors = Dictionary(
      uniqueKeysWithValues: outcomes.compactMap { outcome in
        (outcome["error"] as? [String: Any]).map {
          (outcome["machine"] as? String ?? "", $0["message"] as? String ?? "")
        }
      })
    #expect(errors["folder.json"]?.hasSuffix("it is a directory, not a regular file") == true, "\(errors)")
    #expect(errors["pipe.json"]?.hasSuffix("it is a FIFO, not a regular file") == true, "\(errors)")
    #expect(errors["dangling.json"]?.hasSuffix("does not exist") == true, "\(errors)")
    #expect(outcomes.filter { $0["satisfied"] as? Bool == true }.count == 3)
  }

  @Test("per requirement: how many machines fall short of it, and the first of them, after the rows")
  func shortfallCounts() throws {
    let (directory, _) = try fleet()
    defer { try? FileManager.default.removeItem(at: directory) }
    let gate = try write(
      #"{"touchscreen": true, "cpu-cores": ">= 1", "memory": ">= 8 GiB"}"#, directory, "gate.manifest")
    let result = try require([gate.path, "--against", directory.path])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(lines.contains("by requirement:"), "\(result.stdout)")
    #expect(
      lines.contains("touchscreen required: 2 of 3 fall short, e.g. Build VM #3 (not present)"), "\(result.stdout)")
    #expect(lines.contains { $0.hasPrefix("memory >= 8 GiB: 2 of 3 fall short, e.g. pinephone (") }, "\(result.stdout)")
    #expect(!lines.contains { $0.hasPrefix("cpu-cores") })
  }

  @Test("rows of reports with the same device name are told apart by their file, in text, JUnit and github")
  func sameNameToldApart() throws {
    let (directory, report) = try fleet()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try write(report, directory, "second-phone.json")
    let phone = RequireCommandTests().manifest("phone.json")
    let text = try require([phone, "--against", directory.path])
    let rows = text.stdout.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(rows.contains("✓ pinephone (pinephone.json) all 11 requirements met"), "\(text.stdout)")
    #expect(rows.contains("✓ pinephone (second-phone.json) all 11 requirements met"), "\(text.stdout)")
    #expect(rows.contains { $0.hasPrefix("✗ Build VM #3 11 of 11") }, "a name only one report has keeps no file")
    let junit = try require([phone, "--against", directory.path, "--format", "junit"])
    #expect(junit.stdout.contains("on pinephone (second-phone.json)\""))
    let json = try #require(
      try require([phone, "--against", directory.path, "--format", "json"]).json() as? [[String: Any]])
    #expect(
      json.filter { $0["machine"] as? String == "pinephone" }.count == 2, "JSON keeps the name; report tells apart")
  }

  @Test(
    "--format github on 500 failing machines: at most 50 ::error lines, one per requirement with its count, and a step summary under 1 MiB"
  )
  func githubBounded() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fleet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = try String(
      contentsOf: Golden.directory.appendingPathComponent("list-qemu-vm.json"), encoding: .utf8
    ).replacingOccurrences(of: "\"<statvfs>\"", with: "1000000000")
    for index in 0..<500 {
      try report.replacingOccurrences(
        of: "\"Build VM #3\"", with: "\"vm-\(index) \(String(repeating: "x", count: 3000))\""
      )
      .write(
        to: directory.appendingPathComponent(String(format: "vm%03d.json", index)), atomically: true, encoding: .utf8)
    }
    // 60 requirements every machine falls short of: more than 50 annotations could say.
    let keys = (1...60).map { "\"disk-free:/d\($0)\": \">= 2 GB\"" }.joined(separator: ", ")
    let gate = try write("{\(keys)}", directory, "gate.manifest")
    let summary = directory.appendingPathComponent("summary.md")
    let result = try require(
      [gate.path, "--against", directory.path, "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": summary.path]
    )
    #expect(result.status == 1, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count <= 50, "\(lines.count) lines")
    #expect(lines.allSatisfy { $0.utf8.count < 1200 })
    #expect(lines.allSatisfy { $0.hasPrefix("::error ") })
    #expect(
      lines.first?.contains(
        "disk-free%3A/d1::disk-free:/d1: expected >= 2 GB; 500 of 500 machines fall short, e.g. vm-0 xxxxx") == true,
      "\(lines.first ?? "")")
    #expect(lines.contains { $0.contains("more requirements fall short") })
    #expect(lines.last?.hasSuffix("500 of 500 machines fall short") == true)
    let size = try FileManager.default.attributesOfItem(atPath: summary.path)[.size] as? Int ?? .max
    #expect(size < 1 << 20, "\(size) bytes")
    let markdown = try String(contentsOf: summary, encoding: .utf8)
    #expect(markdown.contains("| `disk-free:/d1` | &gt;= 2 GB | 500 | vm-0 x"), "\(markdown.prefix(1000))")
    #expect(markdown.components(separatedBy: "\n| ❌ |").count == 501)
  }

  @Test(
    "output amplification: 100 reports, one with a 1 MiB device.name: every row stays short in text, github and JUnit; JSON keeps the name whole"
  )
  func boundedRows() throws {
    let (directory, report) = try fleet(copies: 97)
    defer { try? FileManager.default.removeItem(at: directory) }
    let huge = String(repeating: "n", count: 1 << 20)
    _ = try write(
      report.replacingOccurrences(of: "\"name\": \"pinephone\"", with: "\"name\": \"\(huge)\""), directory, "m050.json")
    let phone = RequireCommandTests().manifest("phone.json")
    let text = try require([phone, "--against", directory.path])
    #expect(text.status == 1)
    let rows = text.stdout.split(separator: "\n")
    #expect(rows.count >= 100)
    #expect(text.stdout.utf8.count < 100 * 400, "\(text.stdout.utf8.count) bytes")
    #expect(rows.contains { $0.contains(String(repeating: "n", count: 39) + "…") })
    let github = try require(
      [phone, "--against", directory.path, "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": ""])
    #expect(github.stdout.utf8.count < 50 * 1200, "\(github.stdout.utf8.count) bytes")
    let junit = try require([phone, "--against", directory.path, "--format", "junit"])
    #expect(junit.status == 1)
    #expect(junit.stdout.utf8.count < 100 * 4000, "\(junit.stdout.utf8.count) bytes")
    // The suite's name ("devcaps require MANIFEST on NAME") is cut as a whole, so how much of the
    // machine's name shows depends on the manifest's path, that is, on where the clone is.
    #expect(junit.stdout.contains(String(repeating: "n", count: 39) + "…\""))
    let suites = try ChildProcess.run(
      "/usr/bin/python3",
      [
        "-c",
        "import sys, xml.etree.ElementTree as ET; print(len(ET.fromstring(sys.stdin.buffer.read()).findall('./testsuite')))",
      ],
      input: Data(junit.stdout.utf8)
    ).outputText
    #expect(suites == "100\n", "a cut never splits an entity: the XML still parses")
    let json = try require([phone, "--against", directory.path, "--format", "json"])
    #expect(json.stdout.contains(huge))
  }

  /// Peak resident memory in KiB of `devcaps require ARGUMENTS` (GNU time's %M), and its output.
  func peakMemory(_ arguments: [String]) throws -> (kibibytes: Int, stdout: String) {
    let run = try ChildProcess.run(
      "/usr/bin/time", ["-f", "%M", DevCapsProcess.executable.path, "require"] + arguments)
    let last = run.errorText.split(separator: "\n").last.map(String.init) ?? ""
    return (try #require(Int(last), "\(run.errorText)"), run.outputText)
  }

  @Test(
    "text, JUnit, GitHub: memory is bounded by the largest report, not the fleet (12 reports with an 8 MiB name cost as 2 do)",
    arguments: [
      ("text", "m000-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"),
      ("junit", "gate.json on m000-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
      ("github", "all 12 machines meet"),
    ])
  func longNamesDoNotAccumulate(format: String, shown: String) throws {
    let report = try String(
      contentsOf: Golden.directory.appendingPathComponent("list-pinephone.json"), encoding: .utf8
    ).replacingOccurrences(of: "\"<statvfs>\"", with: "1000000000")
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let gate = scratch.appendingPathComponent("gate.json")
    try #"{"memory": ">= 1 MiB"}"#.write(to: gate, atomically: true, encoding: .utf8)
    var peaks: [Int] = []
    for count in [2, 12] {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fleet-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      for index in 0..<count {
        let name = String(format: "m%03d-", index) + String(repeating: "x", count: 8 << 20)
        try report.replacingOccurrences(of: #""name": "pinephone""#, with: #""name": "\#(name)""#).write(
          to: directory.appendingPathComponent(String(format: "m%03d.json", index)), atomically: false, encoding: .utf8)
      }
      let (peak, stdout) = try peakMemory([gate.path, "--against", directory.path, "--format", format])
      if count == 12 { #expect(stdout.contains(shown), "\(stdout.prefix(800))") }
      if format == "junit" { #expect(stdout.contains("xxxxxxxxxx…\" tests=\"1\""), "\(stdout.prefix(800))") }
      #expect(stdout.count < 64 << 10, "\(format): \(stdout.count) bytes")
      peaks.append(peak)
    }
    #expect(peaks[1] < peaks[0] + 40 * 1024, "\(format): peak KiB for 2 and 12 reports: \(peaks)")
  }
}
