import Foundation
import TestProcesses
import Testing

/// The GitHub action (action.yml) and the GitLab template (contrib/gitlab/devcaps.gitlab-ci.yml)
/// run only scripts under scripts/ci/, and those scripts, run the way each template runs them,
/// gate on the debug binary the other tests run. The release build they start is not run here:
/// it is scripts/build-release.sh, the build of scripts/run.sh.
@Suite("CI templates", .serialized)
struct CITemplateTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let action = root.appendingPathComponent("action.yml")
  static let gitlab = root.appendingPathComponent("contrib/gitlab/devcaps.gitlab-ci.yml")
  static let gitlabJob = ".devcaps-require"

  typealias Run = DevCapsResult

  /// Runs `executable arguments` with exactly `environment` (no inherited GITHUB_* or DEVCAPS*).
  static func run(
    _ executable: String, _ arguments: [String], environment extra: [String: String] = [:], in directory: URL? = nil
  ) throws -> Run {
    var environment = ProcessInfo.processInfo.environment.filter {
      !$0.key.hasPrefix("GITHUB_") && !$0.key.hasPrefix("DEVCAPS") && $0.key != "LD_PRELOAD" && $0.key != "UMOCKDEV_DIR"
    }
    environment["NO_COLOR"] = "1"
    for (key, value) in extra { environment[key] = value }
    return try ChildProcess.run(
      executable, arguments, environment: environment, input: Data(), directory: directory?.path, seconds: 300
    )
    .result
  }

  /// The YAML file as Python's yaml module reads it (a parser that shares nothing with devcaps).
  static func yaml(_ file: URL) throws -> [String: Any] {
    let result = try run(
      "/usr/bin/python3",
      ["-c", "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  static func actionSteps() throws -> [[String: Any]] {
    let runs = try #require(try yaml(action)["runs"] as? [String: Any])
    #expect(runs["using"] as? String == "composite")
    return try #require(runs["steps"] as? [[String: Any]])
  }

  static func gitlabTemplate() throws -> [String: Any] {
    try #require(try yaml(gitlab)[gitlabJob] as? [String: Any])
  }

  /// The one line of the GitLab template that is not a script of scripts/ci/: fetching devcaps,
  /// whose scripts are not in the including project, when DEVCAPS_HOME does not hold them yet.
  static let gitlabFetch =
    #"test -x "$DEVCAPS_HOME/scripts/ci/require.sh" || git clone --depth 1 --branch "$DEVCAPS_REF" "$DEVCAPS_REPOSITORY" "$DEVCAPS_HOME""#

  /// A line that is one quoted path under `prefix`/scripts/ci/, naming an executable that exists.
  static func ciScript(_ line: String, prefix: String) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.hasPrefix("\"\(prefix)/scripts/ci/"), trimmed.hasSuffix("\""), trimmed.count > 2 else { return nil }
    let relative = String(trimmed.dropFirst(prefix.count + 2).dropLast())
    guard !relative.contains("\""), !relative.contains(" "), !relative.contains(".."),
      FileManager.default.isExecutableFile(atPath: root.appendingPathComponent(relative).path)
    else { return nil }
    return relative
  }

  @Test("every run: and script: line calls a script of scripts/ci/ that exists, and nothing else")
  func onlyCIScripts() throws {
    let steps = try Self.actionSteps()
    var called: [String] = []
    for step in steps {
      #expect(step["uses"] == nil, "the action runs its own scripts only: \(step)")
      let line = try #require(step["run"] as? String)
      #expect(step["shell"] as? String == "bash")
      let script = Self.ciScript(line, prefix: "${{ github.action_path }}")
      #expect(script != nil, "action.yml runs \(line)")
      if let script { called.append(script) }
    }
    #expect(called == ["scripts/ci/install-devcaps.sh", "scripts/ci/require.sh"])

    let job = try Self.gitlabTemplate()
    #expect(job["before_script"] as? [String] == [Self.gitlabFetch])
    let lines = try #require(job["script"] as? [String])
    #expect(job["after_script"] == nil)
    #expect(
      lines.map { Self.ciScript($0, prefix: "$DEVCAPS_HOME") } == [
        "scripts/ci/install-devcaps.sh", "scripts/ci/require.sh",
      ])
    let variables = try #require(job["variables"] as? [String: String])
    #expect(variables["DEVCAPS"] == "$DEVCAPS_HOME/.build/release/devcaps")
    #expect(Set(["DEVCAPS_MANIFEST", "DEVCAPS_AGAINST"]).isSubset(of: variables.keys))
  }

  @Test(
    "install-devcaps.sh builds with scripts/build-release.sh, the build of scripts/run.sh; the test set has python3-yaml"
  )
  func sharedBuild() throws {
    func lines(_ path: String) throws -> [String] {
      try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8).split(separator: "\n").map(
        String.init
      )
      .filter { !$0.hasPrefix("#") }
    }
    let build = try lines("scripts/build-release.sh")
    #expect(build.contains("scripts/install-packages.sh build"))
    #expect(build.contains("make -s build"), "the release build and its flags are the Makefile's")
    let run = try lines("scripts/run.sh")
    let install = try lines("scripts/ci/install-devcaps.sh")
    #expect(run.contains("scripts/build-release.sh"))
    #expect(install.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("scripts/build-release.sh") })
    // Neither builds on its own, so the two cannot drift apart.
    for other in [run, install] {
      #expect(!other.contains { $0.contains("swift build") || $0.contains("install-packages.sh") })
    }
    #expect(install.contains { $0.contains("GITHUB_PATH") })
    let packages = try String(
      contentsOf: Self.root.appendingPathComponent("scripts/install-packages.sh"), encoding: .utf8)
    #expect(packages.contains(" python3-yaml"))
  }

  /// Runs the action's `require` step as the runner does: its `run:` line through
  /// `bash --noprofile --norc -eo pipefail`, with the step's `env:`, the inputs substituted (their
  /// defaults when not given), on a fixture machine, devcaps being the debug binary.
  func runAction(inputs given: [String: String], machine: String) throws -> (run: Run, output: String, summary: String)
  {
    let definitions = try #require(try Self.yaml(Self.action)["inputs"] as? [String: [String: Any]])
    #expect(definitions["manifest"]?["required"] as? Bool == true)
    #expect(definitions["format"]?["default"] as? String == "github")
    let outputs = try #require(try Self.yaml(Self.action)["outputs"] as? [String: [String: Any]])
    #expect(outputs["satisfied"]?["value"] as? String == "${{ steps.require.outputs.satisfied }}")
    let step = try #require(try Self.actionSteps().first { $0["id"] as? String == "require" })
    func expand(_ text: String) throws -> String {
      var result = text.replacingOccurrences(of: "${{ github.action_path }}", with: Self.root.path)
      let pattern = try NSRegularExpression(pattern: #"\$\{\{ *inputs\.([a-z-]+) *\}\}"#)
      while let match = pattern.firstMatch(in: result, range: NSRange(result.startIndex..., in: result)) {
        let name = String(result[Range(match.range(at: 1), in: result)!])
        #expect(definitions[name] != nil, "an undeclared input \(name)")
        let value = given[name] ?? definitions[name]?["default"] as? String ?? ""
        result.replaceSubrange(Range(match.range, in: result)!, with: value)
      }
      #expect(!result.contains("${{"), "unexpanded: \(result)")
      return result
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("action-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("output")
    let summary = directory.appendingPathComponent("summary")
    try Data().write(to: output)
    try Data().write(to: summary)
    // The testbed lives until the step has run: its root goes with it.
    let testbed = try FixtureMachine(name: machine).load()
    var environment = testbed.environment
    for (key, value) in try #require(step["env"] as? [String: String]) { environment[key] = try expand(value) }
    environment["GITHUB_OUTPUT"] = output.path
    environment["GITHUB_STEP_SUMMARY"] = summary.path
    environment["DEVCAPS"] = DevCapsProcess.executable.path
    let line = try expand(try #require(step["run"] as? String))
    let result = try withExtendedLifetime(testbed) {
      try Self.run(
        "/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", line], environment: environment, in: directory)
    }
    return (result, try String(contentsOf: output, encoding: .utf8), try String(contentsOf: summary, encoding: .utf8))
  }

  @Test("the action's require step: a met manifest writes satisfied=true and exits 0")
  func actionPasses() throws {
    let (run, output, summary) = try runAction(
      inputs: ["manifest": RequireCommandTests().manifest("phone.json")], machine: "pinephone")
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(output == "satisfied=true\noutcome=met\n")
    #expect(!run.stdout.contains("::error"))
    #expect(summary.contains("### devcaps require"))
  }

  @Test("the action's require step: an unmet manifest writes satisfied=false, prints ::error annotations and exits 1")
  func actionFails() throws {
    let manifest = RequireCommandTests().manifest("kiosk.json")
    let (run, output, summary) = try runAction(inputs: ["manifest": manifest], machine: "thinkpad-laptop")
    #expect(run.status == 1, "\(run.stderr)")
    #expect(output == "satisfied=false\noutcome=unmet\n")
    #expect(
      run.stdout.contains(
        "::error file=\(manifest),title=devcaps require%3A touchscreen::touchscreen: expected required, not present\n"))
    #expect(run.stdout.hasSuffix("::error title=devcaps require::\(manifest): 5 of 14 requirements not met\n"))
    #expect(summary.contains("| ❌ | `touchscreen` | required | not present |"))
  }

  @Test(
    "the action's require step: an invalid manifest is its own outcome (outcome=invalid-manifest), an ::error at its line, exit 65; a broken report is invalid-report"
  )
  func actionInvalidManifest() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let manifest = directory.appendingPathComponent("m.json")
    try Data("{\n  \"gps\" true\n}\n".utf8).write(to: manifest)
    let (run, output, _) = try runAction(inputs: ["manifest": manifest.path], machine: "qemu-vm")
    #expect(run.status == 65, "\(run.stderr)")
    #expect(output == "satisfied=false\noutcome=invalid-manifest\n")
    #expect(
      run.stdout.hasPrefix("::error file=\(manifest.path),line=2,col=9,title=devcaps require%3A invalid manifest::"))
    #expect(run.stderr.contains("devcaps require: invalid-manifest (exit 65): the gate could not judge"))
    let reports = try RequireCommandTests().savedReports()
    defer { try? FileManager.default.removeItem(at: reports) }
    try Data("{".utf8).write(to: reports.appendingPathComponent("broken.json"))
    let against = try runAction(
      inputs: ["manifest": RequireCommandTests().manifest("phone.json"), "against": reports.path], machine: "qemu-vm")
    #expect(against.run.status == 65)
    #expect(against.output == "satisfied=false\noutcome=invalid-report\n")
    let unmet = try runAction(
      inputs: ["manifest": RequireCommandTests().manifest("kiosk.json")], machine: "thinkpad-laptop")
    #expect(unmet.output == "satisfied=false\noutcome=unmet\n")
  }

  @Test("the action's against input: space-separated reports, each a machine judged")
  func actionAgainst() throws {
    let reports = try RequireCommandTests().savedReports()
    defer { try? FileManager.default.removeItem(at: reports) }
    let two = ["pinephone.json", "qemu-vm.json"].map { reports.appendingPathComponent($0).path }.joined(separator: " ")
    let (run, output, _) = try runAction(
      inputs: ["manifest": RequireCommandTests().manifest("phone.json"), "against": two, "format": "text"],
      machine: "qemu-vm")
    #expect(run.status == 1, "\(run.stderr)")
    #expect(output == "satisfied=false\noutcome=unmet\n")
    let rows = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(rows.count == 3, "\(run.stdout)")
    #expect(rows.first?.hasPrefix("✓ pinephone ") == true, "\(run.stdout)")
    #expect(rows.last == "1 of 2 machines fall short")
    let one = try runAction(
      inputs: [
        "manifest": RequireCommandTests().manifest("phone.json"),
        "against": reports.appendingPathComponent("pinephone.json").path,
      ], machine: "qemu-vm")
    #expect(one.run.status == 0, "\(one.run.stdout)\(one.run.stderr)")
    #expect(one.output == "satisfied=true\noutcome=met\n")
  }

  /// Runs the GitLab template's require line as a job extending it would: its `script:` line in a
  /// shell, the template's variables with the job's own on top, in the project directory.
  func runGitLab(manifest: String, machine: String) throws -> (run: Run, junit: String, outcome: String) {
    let job = try Self.gitlabTemplate()
    let line = try #require((job["script"] as? [String])?.last)
    #expect(Self.ciScript(line, prefix: "$DEVCAPS_HOME") == "scripts/ci/require.sh")
    let artifacts = try #require(job["artifacts"] as? [String: Any])
    #expect(artifacts["when"] as? String == "always")
    let junit = try #require((artifacts["reports"] as? [String: Any])?["junit"] as? String)
    let variables = try #require(job["variables"] as? [String: String])
    #expect(variables["DEVCAPS_FORMAT"] == "junit")
    #expect(variables["DEVCAPS_OUTPUT_FILE"] == junit)
    let project = FileManager.default.temporaryDirectory.appendingPathComponent("gitlab-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: project) }
    let testbed = try FixtureMachine(name: machine).load()
    var environment = testbed.environment
    for (key, value) in variables { environment[key] = value }
    // What the job sets, and this checkout standing for the clone, its binary the debug build.
    environment["CI_PROJECT_DIR"] = project.path
    environment["DEVCAPS_MANIFEST"] = manifest
    environment["DEVCAPS_HOME"] = Self.root.path
    environment["DEVCAPS"] = DevCapsProcess.executable.path
    let result = try withExtendedLifetime(testbed) {
      try Self.run("/bin/bash", ["-e", "-c", line], environment: environment, in: project)
    }
    let report = try String(contentsOf: project.appendingPathComponent(junit), encoding: .utf8)
    let dotenv = try #require((artifacts["reports"] as? [String: Any])?["dotenv"] as? String)
    #expect(variables["DEVCAPS_OUTCOME_FILE"] == dotenv)
    let outcome = try String(contentsOf: project.appendingPathComponent(dotenv), encoding: .utf8)
    return (result, report, outcome)
  }

  /// tests and failures of each testsuite, by Python's XML parser.
  func junitCounts(_ xml: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
    try xml.write(to: directory, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try Self.run(
      "/usr/bin/python3",
      [
        "-c",
        """
        import sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        for suite in root.findall('./testsuite'):
            cases = suite.findall('testcase')
            print(len(cases), len([c for c in cases if c.find('failure') is not None]), suite.get('tests'), suite.get('failures'))
        """, directory.path,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout
  }

  @Test("the GitLab template's require line: a JUnit file for the test report, exit 0 when met, 1 when not")
  func gitlab() throws {
    let met = try runGitLab(manifest: RequireCommandTests().manifest("phone.json"), machine: "pinephone")
    #expect(met.run.status == 0, "\(met.run.stderr)")
    #expect(met.run.stdout.isEmpty)
    #expect(try junitCounts(met.junit) == "11 0 11 0\n")
    let unmet = try runGitLab(manifest: RequireCommandTests().manifest("kiosk.json"), machine: "thinkpad-laptop")
    #expect(unmet.run.status == 1, "\(unmet.run.stderr)")
    #expect(try junitCounts(unmet.junit) == "14 5 14 5\n")
    #expect(unmet.outcome == "DEVCAPS_OUTCOME=unmet\n")
  }

  @Test(
    "the GitLab template on an invalid manifest: exit 65, a JUnit report with an error testcase, DEVCAPS_OUTCOME=invalid-manifest"
  )
  func gitlabInvalidManifest() throws {
    let manifest = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json")
    try Data(#"["acelerometer"]"#.utf8).write(to: manifest)
    defer { try? FileManager.default.removeItem(at: manifest) }
    let job = try runGitLab(manifest: manifest.path, machine: "qemu-vm")
    #expect(job.run.status == 65)
    #expect(job.outcome == "DEVCAPS_OUTCOME=invalid-manifest\n")
    #expect(
      job.junit.contains(
        "<error message=\"\(manifest.path): line 1, column 2: &apos;acelerometer&apos; is not a known capability"))
    #expect(job.junit.contains("type=\"invalid-manifest\""))
  }
}
