import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("devcaps require", .serialized)
struct RequireCommandTests {
  static let manifests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/manifests")

  func require(
    _ arguments: [String], machine: String = "thinkpad-laptop", stdin: Data? = nil, environment: [String: String] = [:]
  ) throws -> DevCapsResult {
    let testbed = try FixtureMachine(name: machine).load()
    return try DevCapsProcess.run(
      ["require"] + arguments, environment: testbed.environment.merging(environment) { $1 }, stdin: stdin)
  }

  func manifest(_ name: String) -> String { Self.manifests.appendingPathComponent(name).path }

  @Test(
    "each output format of a failing manifest matches its golden file", arguments: ["text", "json", "junit", "github"])
  func goldenFormats(format: String) throws {
    let result = try require([manifest("kiosk.json"), "--format", format])
    #expect(result.status == 1, "stderr: \(result.stderr)")
    let stable = result.stdout.replacingOccurrences(of: Self.manifests.path, with: "MANIFESTS")
    try Golden.check(
      stable, against: "require-kiosk.\(format == "junit" ? "xml" : format == "json" ? "json" : "\(format).txt")")
  }

  @Test("a phone manifest on the PinePhone: every requirement holds, exit 0")
  func allHold() throws {
    let result = try require([manifest("phone.json")], machine: "pinephone")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasSuffix("all 11 requirements met\n"))
    let line = result.stdout.split(separator: "\n").first { $0.contains("accelerometer") }
    #expect(
      line?.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        == "✓ accelerometer required found mpu6050 (iio:device1, display)")
  }

  @Test("an Info.plist's requirements, read from the XML property list")
  func propertyList() throws {
    let result = try require([manifest("Info.plist")], machine: "pinephone")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("✓ armv7             prohibited    not present"))
  }

  @Test("a manifest on standard input")
  func standardInput() throws {
    let result = try require(["-"], stdin: Data(#"{"keyboard": true, "touchscreen": false}"#.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("all 2 requirements met\n"))
  }

  @Test("memory means installed RAM: '>= 16 GiB' holds on a 16 GiB laptop whose MemTotal is 15.3 GiB")
  func installedMemory() throws {
    let result = try require(["-", "--format", "json"], stdin: Data(#"{"memory": ">= 16 GiB"}"#.utf8))
    let json = try #require(try result.json() as? [String: Any])
    let first = try #require((json["results"] as? [[String: Any]])?.first)
    #expect(first["actual"] as? Int == 17_179_869_184)
    #expect(first["satisfied"] as? Bool == true)
  }

  @Test("disk keys measure with statvfs, at / or at the path after the colon")
  func disks() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let result = try DevCapsProcess.run(
      ["require", "-", "--format", "json"], environment: testbed.environment,
      stdin: Data(#"{"disk-total": ">= 1 B", "disk-free:/boot": ">= 1 B", "disk-free:/nowhere": ">= 1 B"}"#.utf8))
    let results = try #require((try result.json() as? [String: Any])?["results"] as? [[String: Any]])
    var stats = statvfs()
    #expect(statvfs(testbed.root + "/", &stats) == 0)
    #expect(results[0]["actual"] as? Int == Int(stats.f_blocks) * Int(stats.f_frsize))
    #expect(results[1]["satisfied"] as? Bool == true)
    #expect(results[2]["actual"] is NSNull)
    #expect(results[2]["satisfied"] as? Bool == false)
    #expect((results[2]["detail"] as? String)?.hasPrefix("unknown: /nowhere") == true)
  }

  @Test("battery-level with no battery is unmet, with that reason")
  func noBattery() throws {
    let result = try require(["-"], machine: "qemu-vm", stdin: Data(#"{"battery-level": ">= 10%"}"#.utf8))
    #expect(result.status == 1)
    #expect(result.stdout.contains("✗ battery-level     >= 10%        no battery"))
  }

  @Test("the JSON output validates against require.schema.json; the manifests against manifest.schema.json")
  func schemas() throws {
    var outputs: [String] = []
    for (name, machine) in [("kiosk.json", "thinkpad-laptop"), ("phone.json", "pinephone"), ("kiosk.json", "qemu-vm")] {
      outputs.append(try require([manifest(name), "--format", "json"], machine: machine).stdout)
    }
    #expect(try SchemaValidator.problems(in: outputs, schema: "require.schema.json") == [])
    let manifests = try ["kiosk.json", "phone.json"].map { try String(contentsOfFile: manifest($0), encoding: .utf8) }
    #expect(try SchemaValidator.problems(in: manifests, schema: "manifest.schema.json") == [])
    #expect(try SchemaValidator.problems(in: [#"["acelerometer"]"#], schema: "manifest.schema.json").count > 0)
  }

  @Test(
    "a manifest the schema allows, devcaps reads; one devcaps refuses (65), the schema refuses too",
    arguments: [
      (#"{"battery-level": ">= 50%"}"#, true), (#"{"battery-level": "0.5"}"#, true),
      (#"{"network": "wifi", "storage": ["ssd"]}"#, true), (#"{"memory": "<= 512 MiB"}"#, true),
      (#"{}"#, false), (#"[]"#, false), (#"{"UIRequiredDeviceCapabilities": {}}"#, false),
      (#"{"memory": ">= 8"}"#, false), (#"{"cpu-frequency": "2"}"#, false), (#"{"battery-level": ">= 150%"}"#, false),
      (#"{"battery-level": ">= 50"}"#, false), (#"{"network": "ethernett"}"#, false), (#"{"storage": []}"#, false),
      (#"{"network": ["wifi", "wifi"]}"#, false), (#"{"virtualization": ["kvm", "kvm"]}"#, false),
    ])
  func schemaAgrees(manifest: String, valid: Bool) throws {
    let problems = try SchemaValidator.problems(in: [manifest], schema: "manifest.schema.json")
    #expect(problems.isEmpty == valid, "\(manifest): \(problems)")
    let result = try require(["-"], machine: "qemu-vm", stdin: Data(manifest.utf8))
    #expect((result.status != 65) == valid, "\(manifest): \(result.status) \(result.stderr)")
  }

  @Test("JUnit output is well-formed XML with one testcase per requirement and a failure per unmet one")
  func junitParses() throws {
    let xml = try require([manifest("kiosk.json"), "--format", "junit"]).stdout
    let parsed = try ChildProcess.run(
      "/usr/bin/python3",
      [
        "-c",
        """
        import sys, xml.etree.ElementTree as ET
        root = ET.fromstring(sys.stdin.buffer.read())
        cases = root.findall('./testsuite/testcase')
        failures = [c for c in cases if c.find('failure') is not None]
        suite = root.find('testsuite')
        print(len(cases), len(failures), suite.get('tests'), suite.get('failures'))
        """,
      ], input: Data(xml.utf8))
    let counts = parsed.outputText
    #expect(parsed.status == 0)
    let unmet = try #require(
      (try require([manifest("kiosk.json"), "--format", "json"]).json() as? [String: Any])?["results"]
        as? [[String: Any]]
    )
    .filter { $0["satisfied"] as? Bool == false }.count
    #expect(counts == "14 \(unmet) 14 \(unmet)\n")
  }

  @Test("--format github appends a Markdown table to $GITHUB_STEP_SUMMARY")
  func stepSummary() throws {
    let summary = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString).md")
    try "earlier step\n".write(to: summary, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: summary) }
    let result = try require(
      ["-", "--format", "github"], stdin: Data(#"{"gps": true, "keyboard": true}"#.utf8),
      environment: ["GITHUB_STEP_SUMMARY": summary.path])
    #expect(result.status == 1)
    #expect(
      result.stdout.contains("::error file=<stdin>,title=devcaps require%3A gps::gps: expected required, not present\n")
    )
    let text = try String(contentsOf: summary, encoding: .utf8)
    // Markdown's syntax escaped: it renders as `<stdin>` and `(AT …)`.
    #expect(text.hasPrefix("earlier step\n### devcaps require &lt;stdin&gt;"))
    #expect(text.contains("| ❌ | `gps` | required | not present |"))
    #expect(text.contains("| ✅ | `keyboard` | required | found event3 \\(AT Translated Set 2 keyboard\\) |"))
  }

  @Test(
    "a step summary that cannot be written fails the gate: exit 74 over a pass or a miss, the path and reason on stderr and as an annotation, never blocking on a FIFO"
  )
  func stepSummaryUnwritable() throws {
    let directory = try FileSafetyTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let cases = [
      ("/dev/full", "cannot write /dev/full: it is a character device, not a regular file"),
      (fifo, "cannot write \(fifo): it is a FIFO, not a regular file"),
      (directory.path, "cannot write \(directory.path): it is a directory, not a regular file"),
      ("/nonexistent/summary.md", "cannot append to /nonexistent/summary.md: No such file or directory"),
    ]
    let reports = try savedReports()
    defer { try? FileManager.default.removeItem(at: reports) }
    for (path, reason) in cases {
      for (manifest, verdict) in [(#"["keyboard"]"#, "met"), (#"["gps"]"#, "not met")] {
        let started = ContinuousClock.now
        let result = try require(
          ["-", "--format", "github"], stdin: Data(manifest.utf8), environment: ["GITHUB_STEP_SUMMARY": path])
        #expect(ContinuousClock.now - started < .seconds(5), "\(path): blocked")
        #expect(result.status == 74, "\(path), \(verdict): \(result.stderr)")
        #expect(
          result.stderr.hasSuffix(
            "devcaps: GITHUB_STEP_SUMMARY: \(reason)"
              + (reason.contains("No such") ? "\n" : "; devcaps writes only regular files\n")), "\(result.stderr)")
        #expect(
          result.stdout.contains("::error title=devcaps require::GITHUB_STEP_SUMMARY: \(reason)"), "\(result.stdout)")
      }
      let fleet = try require(
        [manifest("phone.json"), "--against", reports.path, "--format", "github"],
        environment: ["GITHUB_STEP_SUMMARY": path])
      #expect(fleet.status == 74, "--against, \(path): \(fleet.stderr)")
      #expect(fleet.stderr.contains("GITHUB_STEP_SUMMARY: \(reason)"), "\(fleet.stderr)")
    }
  }

  @Test("a step summary past the file-size limit (a full disk's EFBIG, on a regular file) is exit 74, not a warning")
  func stepSummaryTooLarge() throws {
    let directory = try FileSafetyTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let summary = directory.appendingPathComponent("summary.md").path
    try String(repeating: "earlier step\n", count: 100).write(toFile: summary, atomically: true, encoding: .utf8)
    var environment = ProcessInfo.processInfo.environment
    environment["GITHUB_STEP_SUMMARY"] = summary
    // SIGXFSZ ignored, as a shell's `trap '' XFSZ` does, so the write fails with EFBIG instead.
    // This machine is judged: whatever the verdict, the summary's failure is what ends the run.
    let result = try ChildProcess.run(
      "/bin/sh",
      [
        "-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\"", DevCapsProcess.executable.path, "require", "-",
        "--format", "github",
      ],
      environment: environment, input: Data(#"["keyboard"]"#.utf8)
    ).result
    #expect(result.status == 74, "\(result.stderr)")
    #expect(
      result.stderr.hasSuffix("devcaps: GITHUB_STEP_SUMMARY: cannot append to \(summary): File too large\n"),
      "\(result.stderr)")
  }

  @Test(
    "an invalid manifest is exit 65 naming the file, the key and the problem",
    arguments: [
      (
        #"["acelerometer"]"#,
        "<stdin>: line 1, column 2: 'acelerometer' is not a known capability; did you mean 'accelerometer'?"
      ),
      (
        #"{"memory": ">= 4 gb"}"#,
        "<stdin>: line 1, column 2: 'memory': '>= 4 gb' has an unknown unit 'gb'; did you mean 'GB'?"
      ),
      (#"{"gps": true, "gps": true}"#, "appears twice"),
      ("[\"gps\"\u{0}]", "NUL byte"),
      (String(repeating: "[", count: 100_000), "nested deeper than 64 levels"),
      ("{\"a\": ", "not valid JSON"),
    ])
  func invalid(text: String, message: String) throws {
    let result = try require(["-"], stdin: Data(text.utf8))
    #expect(result.status == 65)
    #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("a manifest that cannot be read is exit 66")
  func unreadable() throws {
    let missing = try require(["/nonexistent/kiosk.json"])
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("cannot read /nonexistent/kiosk.json: does not exist"))
    let directory = try require([Self.manifests.path])
    #expect(directory.status == 66)
    #expect(directory.stderr.contains("it is a directory"))
  }

  @Test("a usage error is exit 64", arguments: [[], ["--format", "xml", "x.json"]])
  func usage(arguments: [String]) throws {
    #expect(try require(arguments).status == 64)
  }

  /// Reports saved from three fixture machines (their disk sizes, masked in the golden files,
  /// made numbers), in a directory of their own.
  func savedReports() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fleet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for machine in ["pinephone", "qemu-vm", "thinkpad-laptop"] {
      let text = try String(
        contentsOf: Golden.directory.appendingPathComponent("list-\(machine).json"), encoding: .utf8)
      try text.replacingOccurrences(of: "\"<statvfs>\"", with: "1000000000").write(
        to: directory.appendingPathComponent("\(machine).json"), atomically: true, encoding: .utf8)
    }
    return directory
  }

  @Test("--against: one row per machine, exit 1 when any falls short; nothing probed here")
  func fleetText() throws {
    let reports = try savedReports()
    // An empty testbed: whatever is judged comes from the reports, not from this machine.
    let result = try require([manifest("phone.json"), "--against", reports.path], machine: "qemu-vm")
    #expect(result.status == 1, "\(result.stderr)")
    let rows = result.stdout.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(rows.first == "✓ pinephone all 11 requirements met")
    #expect(rows[1].hasPrefix("✗ Build VM #3 11 of 11 requirements not met: accelerometer (not present)"))
    #expect(rows.last == "2 of 3 machines fall short")
    let one = try require([manifest("phone.json"), "--against", reports.appendingPathComponent("pinephone.json").path])
    #expect(one.status == 0)
    #expect(one.stdout.hasSuffix("the machine meets the manifest\n"))
  }

  @Test("--against in JSON (an array, valid against the schema) and JUnit (a testsuite per machine)")
  func fleetFormats() throws {
    let reports = try savedReports()
    let json = try require([manifest("kiosk.json"), "--against", reports.path, "--format", "json"])
    #expect(try SchemaValidator.problems(in: [json.stdout], schema: "require.schema.json") == [])
    let machines = try #require(try json.json() as? [[String: Any]])
    #expect(machines.map { $0["machine"] as? String } == ["pinephone", "Build VM #3", "x1carbon"])
    let junit = try require([manifest("kiosk.json"), "--against", reports.path, "--format", "junit"])
    // Parsed by Python's XML parser: a reader that shares nothing with devcaps.
    let suites = try ChildProcess.run(
      "/usr/bin/python3",
      [
        "-c",
        "import sys, xml.etree.ElementTree as ET; print('|'.join(s.get('name') + ' ' + s.get('tests') for s in ET.fromstring(sys.stdin.buffer.read()).findall('./testsuite')))",
      ], input: Data(junit.stdout.utf8)
    ).outputText.split(separator: "|")
    #expect(suites.count == 3)
    #expect(suites.last == "devcaps require \(manifest("kiosk.json")) on x1carbon 14\n")
  }

  @Test("--against a report of another schema version is 65, a missing one 66, each named")
  func fleetErrors() throws {
    let reports = try savedReports()
    let old = reports.appendingPathComponent("old.json")
    try #"{"schemaVersion": 2, "device": {}}"#.write(to: old, atomically: true, encoding: .utf8)
    let refused = try require([manifest("phone.json"), "--against", old.path])
    #expect(refused.status == 65)
    #expect(
      refused.stderr
        == "devcaps: \(old.path): a report of schema version 2; this devcaps reads version 1 (save it again with this devcaps list --json)\n"
    )
    let notReport = reports.appendingPathComponent("manifest.json")
    try #"["gps"]"#.write(to: notReport, atomically: true, encoding: .utf8)
    #expect(try require([manifest("phone.json"), "--against", notReport.path]).stderr.contains("not a devcaps report"))
    let missing = try require([manifest("phone.json"), "--against", reports.path + "/nope.json"])
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("nope.json: does not exist"))
  }

  @Test(
    "--against a report saved with --only memory: capabilities are unknown, prohibited ones too, and the outcome names the missing section"
  )
  func missingSectionIsUnknown() throws {
    let phone = try FixtureMachine(name: "pinephone").load()
    let directory = try savedReports()
    defer { try? FileManager.default.removeItem(at: directory) }
    let partial = directory.appendingPathComponent("partial.json")
    try DevCapsProcess.run(["list", "--json", "--only", "memory"], environment: phone.environment).stdout
      .write(to: partial, atomically: true, encoding: .utf8)
    let gate = directory.appendingPathComponent("gate.manifest")
    try #"{"telephony": false, "touchscreen": false, "memory": ">= 1 MiB"}"#.write(
      to: gate, atomically: true, encoding: .utf8)
    let result = try require([gate.path, "--against", partial.path, "--format", "json"])
    #expect(result.status == 1, "\(result.stdout)")
    #expect(try SchemaValidator.problems(in: [result.stdout], schema: "require.schema.json") == [])
    let outcome = try #require((try result.json() as? [[String: Any]])?.first)
    #expect(outcome["missingSections"] as? [String] == ["capabilities"])
    let results = try #require(outcome["results"] as? [[String: Any]])
    #expect(results.map { $0["satisfied"] as? Bool } == [false, false, true])
    #expect(
      results.prefix(2).map { $0["detail"] as? String }
        == Array(repeating: "unknown: the report has no capabilities section", count: 2))
    let text = try require([gate.path, "--against", partial.path])
    #expect(
      text.stdout.contains("the report lacks capabilities: save it with devcaps list --json and no --only"),
      "\(text.stdout)")
  }

  @Test(
    "--against a report with an impossible negative count, or a state no machine has, is 65 naming the member's path, not judged",
    arguments: [
      ("\"logicalCores\": 8", "\"logicalCores\": -2", "cpu.logicalCores: -2 is below the least possible, 0"),
      ("\"packages\": 1", "\"packages\": -1", "cpu.packages: -1 is below the least possible, 0"),
      (
        "\"thermalState\": \"nominal\"", "\"thermalState\": \"exploding\"",
        "device.thermalState: 'exploding' is not one of its values"
      ),
    ])
  func negativeCount(original: String, replacement: String, message: String) throws {
    let directory = try savedReports()
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = directory.appendingPathComponent("thinkpad-laptop.json")
    let text = try String(contentsOf: report, encoding: .utf8)
    #expect(text.contains(original))
    try text.replacingOccurrences(of: original, with: replacement).write(to: report, atomically: true, encoding: .utf8)
    let cores = directory.appendingPathComponent("cores.json")
    try #"{"cpu-cores": ">= 2"}"#.write(to: cores, atomically: true, encoding: .utf8)
    let result = try require([cores.path, "--against", report.path])
    #expect(result.status == 65)
    #expect(result.stderr == "devcaps: \(report.path): \(message)\n", "\(result.stderr)")
    // The report is a row of its own, not judged (the fleet rule), never "found -2".
    #expect(result.stdout.contains("not judged, invalid report"), "\(result.stdout)")
    #expect(!result.stdout.contains("found"), "\(result.stdout)")
  }

  @Test(
    "--against a report whose part is larger than its whole, or whose uptime is negative, is 65 naming the field and both values",
    arguments: [
      (
        #""availableCores": 8"#, #""availableCores": 1e9"#, #"{"available-cores": ">= 64"}"#,
        "cpu.availableCores: 1000000000 is more than cpu.logicalCores, 8; no machine reports that"
      ),
      (
        #""availableBytes": 11504196608"#, #""availableBytes": 99999999999"#, #"{"memory": ">= 1 GiB"}"#,
        "memory.availableBytes: 99999999999 is more than memory.totalBytes, 16439447552; no machine reports that"
      ),
      (
        #""swapFreeBytes": 8589930496"#, #""swapFreeBytes": 8589930497"#, #"{"memory": ">= 1 GiB"}"#,
        "memory.swapFreeBytes: 8589930497 is more than memory.swapTotalBytes, 8589930496; no machine reports that"
      ),
      (
        #""totalBytes": 1000000000"#, #""totalBytes": 999"#, #"{"disk-free": ">= 1 MB"}"#,
        "disks.0.availableBytes: 1000000000 is more than disks.0.totalBytes, 999 ('/'); no machine reports that"
      ),
      (
        // A manifest that reads the system section: only the sections judged are decoded.
        #""uptimeSeconds": 93784.52"#, #""uptimeSeconds": -5.5"#, #"{"kernel": ">= 2.6"}"#,
        "system.uptimeSeconds: -5.5 is below the least possible, 0"
      ),
      (
        #""level": 0.8,"#, #""level": 80,"#, #"{"battery-level": ">= 50%"}"#,
        "power.level: 80.0 is outside 0…1 (a level is a fraction: 0.5 is 50 %)"
      ),
    ])
  func impossibleReport(original: String, replacement: String, gate: String, message: String) throws {
    let directory = try savedReports()
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = directory.appendingPathComponent("thinkpad-laptop.json")
    let text = try String(contentsOf: report, encoding: .utf8)
    // The first occurrence only: the disks share their sizes.
    let range = try #require(text.range(of: original), "the fixture no longer has \(original)")
    try text.replacingCharacters(in: range, with: replacement).write(to: report, atomically: true, encoding: .utf8)
    let manifest = directory.appendingPathComponent("gate.manifest")
    try gate.write(to: manifest, atomically: true, encoding: .utf8)
    let result = try require([manifest.path, "--against", report.path])
    #expect(result.status == 65, "\(result.stdout)")
    #expect(result.stderr == "devcaps: \(report.path): \(message)\n", "\(result.stderr)")
    #expect(result.stdout.contains("not judged, invalid report"), "\(result.stdout)")
    // The same report read from standard input is refused the same way.
    let piped = try require(
      [manifest.path, "--against", "-"], stdin: try Data(contentsOf: report))
    #expect(piped.status == 65)
    #expect(piped.stderr.contains(message), "\(piped.stderr)")
  }

  @Test("every fixture machine's own list --json passes the saved-report consistency checks")
  func ownReportsConsistent() throws {
    let directory = try savedReports()
    defer { try? FileManager.default.removeItem(at: directory) }
    let gate = directory.appendingPathComponent("gate.manifest")
    try #"{"memory": ">= 1 B"}"#.write(to: gate, atomically: true, encoding: .utf8)
    let machines = FixtureMachine.all
    #expect(machines.count >= 6)
    for machine in machines {
      let testbed = try FixtureMachine(name: machine).load()
      let listed = try DevCapsProcess.run(["list", "--json"], environment: testbed.environment)
      let report = directory.appendingPathComponent("own-\(machine).json")
      try listed.stdout.write(to: report, atomically: true, encoding: .utf8)
      let result = try require([gate.path, "--against", report.path])
      #expect(result.status != 65 && result.status != 66, "\(machine): \(result.stderr)")
    }
  }

  @Test("a document that is not a devcaps report is 65: schemaVersion alone is not one")
  func notAReport() throws {
    let directory = try savedReports()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bare = directory.appendingPathComponent("bare.json")
    try #"{"schemaVersion": 1}"#.write(to: bare, atomically: true, encoding: .utf8)
    let result = try require([manifest("phone.json"), "--against", bare.path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("not a devcaps report: it has none of the report's sections"), "\(result.stderr)")
  }

  @Test(
    "--against: a section the manifest does not need is passed over unbuilt, but still must be JSON: 65 with its line"
  )
  func skippedSectionStillChecked() throws {
    let directory = try savedReports()
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = directory.appendingPathComponent("thinkpad-laptop.json")
    let text = try String(contentsOf: report, encoding: .utf8)
    let broken = text.replacingOccurrences(of: #""warnings": []"#, with: #""warnings": ["\ud800"]"#)
    #expect(broken != text, "the fixture's warnings moved")
    try broken.write(to: report, atomically: true, encoding: .utf8)
    let gate = directory.appendingPathComponent("gate.manifest")
    try #"{"memory": ">= 1 GiB"}"#.write(to: gate, atomically: true, encoding: .utf8)
    let result = try require([gate.path, "--against", report.path])
    #expect(result.status == 65)
    let line = text.components(separatedBy: #""warnings": []"#)[0].filter { $0 == "\n" }.count + 1
    #expect(result.stderr.contains("not JSON: line \(line), column 23: unpaired surrogate"), "\(result.stderr)")
  }

  @Test("--against - reads the report from standard input; a byte count of 2^63 or more round-trips as an integer")
  func againstStandardInput() throws {
    let directory = try savedReports()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = try String(contentsOf: directory.appendingPathComponent("thinkpad-laptop.json"), encoding: .utf8)
    let huge = text.replacingOccurrences(
      of: #""totalBytes": 16439447552"#, with: #""totalBytes": 18446744073709551615"#)
    #expect(huge != text, "the fixture's memory.totalBytes moved")
    let gate = directory.appendingPathComponent("gate.manifest")
    try #"{"memory": ">= 1 GiB"}"#.write(to: gate, atomically: true, encoding: .utf8)
    let result = try require([gate.path, "--against", "-", "--format", "json"], stdin: Data(huge.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""report": "<stdin>""#))
    let both = try require(["-", "--against", "-"], stdin: Data())
    #expect(both.status == 64)
  }

  @Test("control characters in a manifest reach stderr escaped")
  func controlCharactersEscaped() throws {
    let result = try require(["-"], stdin: Data("{\"a\\u001b[31mb\": true, \"a\\u001b[31mb\": true}".utf8))
    #expect(result.status == 65)
    #expect(!result.stderr.contains("\u{1B}"), "\(result.stderr)")
    #expect(result.stderr.contains("a\\x1B[31mb"), "\(result.stderr)")
  }
}
