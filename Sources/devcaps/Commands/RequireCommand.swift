import ArgumentParser
import DevCapsKit

struct RequireCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "require",
    abstract: "Check this machine against a required-capabilities manifest (a CI gate).",
    discussion: """
      The manifest says what a program needs, like an iOS app's UIRequiredDeviceCapabilities. \
      A list: every key required.
        ["accelerometer", "touchscreen"]
      An object: true required, false prohibited, measured keys take a constraint.
        {"gyroscope": true, "telephony": false, "memory": ">= 4 GiB",
         "disk-free:/var": ">= 10 GB", "cpu-cores": ">= 4",
         "battery-level": ">= 50%", "kernel": ">= 6.1"}
      Either one inside {"UIRequiredDeviceCapabilities": ...}, in JSON or an Info.plist.

      Measured keys: memory, memory-available, available-memory, disk-free, disk-total, \
      cpu-cores, available-cores, cpu-frequency, cpu-level (x86-64-v1 to x86-64-v4), \
      battery-level, displays, kernel, os-version. cpu-features takes a list of the kernel's \
      feature names, all required:
        {"cpu-features": ["avx2", "bmi2"], "cpu-level": ">= x86-64-v3",
         "available-cores": ">= 2", "os-version": ">= 12.5"}
      gpu takes true, or a GPU vendor or a list of them, any of which will do (a PCI display \
      controller or a render node of nvidia, amd, intel, arm, qualcomm, apple and others; another name \
      is an invalid manifest); pci-device takes vendor:device IDs in hex, any of which will do:
        {"gpu": ["nvidia", "amd"], "pci-device": ["10de:*", "8086:56a0"]}

      Operators: >= > <= < == != (>= when none is written). Units: B kB MB GB TB (powers of \
      1000), KiB MiB GiB TiB (powers of 1024), Hz kHz MHz GHz, %.

      With --against, the manifest is judged on reports saved with devcaps list --json on \
      other machines (files, directories of *.json files, or - for standard input), probing \
      nothing here: one row per machine, one JUnit testsuite per machine, a JSON array. A \
      requirement whose section a report lacks (a report saved with --only) is unknown, never \
      met, and the outcome names the missing sections.

      When standard output cannot be written the verdict still stands: a reader that went away \
      (| head) leaves the exit status 0 or 1; any other failure (a full disk) is 74.

      Exit status: 0 every requirement holds (on every machine), 1 at least one does not, 65 \
      the manifest or a report is invalid, 66 one cannot be read, 64 usage error, 74 standard \
      output cannot be written.

      Examples:
        devcaps require kiosk.json
        devcaps require Info.plist --format junit > devcaps.xml
        echo '["gyroscope"]' | devcaps require -
        devcaps require kiosk.json --against reports/
      """)

  @Argument(help: ArgumentHelp("The manifest: a .json or .plist file, or - for standard input.", valueName: "manifest"))
  var manifest: String

  @Option(
    name: .long,
    help: "Output: text, json (Schemas/require.schema.json), junit (JUnit XML), github (workflow annotations).")
  var format: RequireFormat = .text

  @Option(
    name: .long, parsing: .upToNextOption,
    help: ArgumentHelp(
      "Judge saved list --json reports instead of this machine: files or directories.", valueName: "report"))
  var against: [String] = []

  func validate() throws {
    if manifest == "-" && against.contains("-") {
      throw ValidationError("standard input can hold the manifest or a report, not both: name one of them as a file")
    }
    if against.filter({ $0 == "-" }).count > 1 {
      throw ValidationError("--against names standard input (-) more than once")
    }
  }

  func run() throws {
    let bytes = try readManifest()
    let parsed: Manifest
    do {
      parsed = try Manifest.parse(bytes, isPropertyList: manifest.hasSuffix(".plist"))
    } catch {
      Output.error("\(displayName): \(error)")
      throw ExitCode.dataError
    }
    if !against.isEmpty { return try runAgainstReports(parsed) }
    let results = RequirementEvaluator().evaluate(parsed)
    let outcome = RequireOutcome(manifest: displayName, results: results)
    switch format {
    case .text: Output.write(RequireText(outcome: outcome, style: TextStyle.forStandardOutput()).render())
    case .json: Output.write(outcome.json.prettyPrinted + "\n")
    case .junit: Output.write(RequireJUnit(outcome: outcome).render())
    case .github: RequireGitHub(outcome: outcome).emit()
    }
    if !outcome.satisfied { throw ExitCode.requirementNotMet }
  }

  var displayName: String { manifest == "-" ? "<stdin>" : manifest }

  /// `--against`: every report read and judged first, on all available cores (a bad one is 65
  /// or 66 before anything is printed), then one outcome per machine, written as it is made.
  /// What is held until then is a few bytes a report (FleetJudgement): the text table's column
  /// and JUnit's totals come before the first machine, and a CI job gets a whole verdict or an
  /// error, never a truncated document.
  func runAgainstReports(_ parsed: Manifest) throws {
    var files = ReportFiles()
    for path in against { try appendReportFiles(at: path, to: &files) }
    let standardInput =
      against.contains("-")
      ? try readStandardInput(what: "a report", limit: SavedReport.maximumFileSize) : nil
    let fleet: FleetJudgement
    switch RequirementEvaluator.judge(parsed, reports: files, standardInput: standardInput) {
    case .success(let judged): fleet = judged
    case .failure(let error):
      Output.error(error.description)
      if case .unreadable = error { throw ExitCode.noInput }
      throw ExitCode.dataError
    }
    let machines = (0..<fleet.count).lazy.map { machineName(fleet.deviceName($0), path: fleet.path($0)) }
    let outcomes = (0..<fleet.count).lazy.map { index in
      let report = fleet[index]
      return RequireOutcome(
        manifest: displayName, results: report.results, machine: machineName(report.deviceName, path: report.path),
        report: report.path, missingSections: report.missingSections)
    }
    let failing = (0..<fleet.count).count(where: { !fleet.isSatisfied($0) })
    var output = ChunkedOutput()
    switch format {
    case .text:
      let text = RequireFleetText(machines: machines, style: TextStyle.forStandardOutput())
      for outcome in outcomes { output.append(text.row(outcome)) }
      output.append(text.summary(machines: fleet.count, failing: failing))
    case .json: writeJSONArray(outcomes, into: &output)
    case .junit:
      let failures = (0..<fleet.count).reduce(0) { $0 + fleet.unmetCount($1) }
      output.append(RequireJUnit.header(tests: fleet.count * fleet.requirementCount, failures: failures))
      let junit = RequireJUnit(outcomes: [])
      for outcome in outcomes { output.append(junit.suite(outcome)) }
      output.append(RequireJUnit.footer)
    case .github: for outcome in outcomes { RequireGitHub(outcome: outcome).emit() }
    }
    output.flush()
    if failing > 0 { throw ExitCode.requirementNotMet }
  }

  /// What a row calls a machine: its report's `device.name`, else the report file's name.
  func machineName(_ deviceName: String?, path: String) -> String {
    deviceName ?? String(path.split(separator: "/").last ?? Substring(path))
  }

  /// The outcomes as one pretty JSON array, the same text as `JSONValue.array(…).prettyPrinted`,
  /// written an outcome at a time: the document for 10,000 reports is never held whole.
  func writeJSONArray(_ outcomes: some Collection<RequireOutcome>, into output: inout ChunkedOutput) {
    output.append("[\n")
    // Each element written at its depth into one reused buffer: a String each, copied a line at
    // a time to indent it, was a tenth of judging a report.
    var element = JSONLine(capacity: 4096)
    var remaining = outcomes.count
    for outcome in outcomes {
      element.removeAll()
      outcome.json.writePretty(into: &element, depth: 1)
      output.append("  ")
      output.append(element.bytes)
      remaining -= 1
      output.append(remaining > 0 ? ",\n" : "\n")
    }
    output.append("]\n")
  }

  /// Appends the report files one `--against` argument names: `-` itself (standard input), a
  /// file, or a directory's `*.json` files (any that is not a regular file skipped with a warning).
  func appendReportFiles(at path: String, to files: inout ReportFiles) throws {
    if path == "-" { return files.append("-") }
    let before = files.count
    switch SavedReport.appendFiles(at: path, to: &files) {
    case .success(let skipped):
      for skipped in skipped { Output.error("warning: skipping \(skipped): not a report file") }
      if files.count == before {
        Output.error("\(path): a directory without any .json report")
        throw ExitCode.noInput
      }
    case .failure(let error):
      Output.error(error.description)
      throw ExitCode.noInput
    }
  }

  /// The manifest's bytes; a file that cannot be read is exit 66, one over the size limit 65.
  func readManifest() throws -> [UInt8] {
    let limit = Manifest.maximumFileSize
    if manifest == "-" { return try readStandardInput(what: "the manifest", limit: limit) }
    switch Manifest.readFile(manifest) {
    case .success(let bytes): return bytes
    case .failure(.tooLarge(let limit)):
      Output.error("\(manifest): the manifest is larger than \(limit) bytes")
      throw ExitCode.dataError
    case .failure(let failure):
      Output.error("cannot read \(manifest): \(failure)")
      throw ExitCode.noInput
    }
  }

  /// All of standard input: over `limit` is exit 65, a read error 66.
  func readStandardInput(what: String, limit: Int) throws -> [UInt8] {
    do throws(ReadAllError) {
      return try FileDescriptor.standardInput.readAll(limit: limit)
    } catch .limitExceeded {
      Output.error("<stdin>: \(what) is larger than \(limit) bytes")
      throw ExitCode.dataError
    } catch .system(let error) {
      Output.error("cannot read \(what) from standard input: \(error)")
      throw ExitCode.noInput
    }
  }
}

enum RequireFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, junit, github
}
