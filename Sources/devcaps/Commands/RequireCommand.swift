import ArgumentParser
import DevCapsKit

struct RequireCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "require",
    abstract: "Check this machine against a required-capabilities manifest (a CI gate).",
    usage: """
      devcaps require <manifest> [--format <format>] [--against <report> ...]
      devcaps require --list-keys
      """,
    discussion: """
      The manifest says what a program needs, like an iOS app's UIRequiredDeviceCapabilities. \
      A list: every key required.
        ["accelerometer", "touchscreen"]
      An object: true required, false prohibited, measured keys take a constraint.
        {"gyroscope": true, "telephony": false, "memory": ">= 4 GiB",
         "disk-free:/var": ">= 10 GB", "cpu-cores": ">= 4",
         "battery-level": ">= 50%", "kernel": ">= 6.1"}
      Either one inside {"UIRequiredDeviceCapabilities": ...}, in JSON or an Info.plist.

      \(RequireCommand.keyParagraphs)
        {"cpu-features": ["avx2", "bmi2"], "cpu-level": ">= x86-64-v3",
         "available-cores": ">= 1.5", "os-version": ">= 12.5", "os-like": "debian",
         "virtualization": ["none", "kvm"], "device-node:/dev/kvm": true,
         "any-of": [{"gpu": true}, {"memory": ">= 32 GiB"}]}
      gpu takes true, or a GPU vendor or a list of them, any of which will do (a PCI display \
      controller or a render node of nvidia, amd, intel, arm, qualcomm, apple and others; another name \
      is an invalid manifest); pci-device takes vendor:device IDs in hex, any of which will do:
        {"gpu": ["nvidia", "amd"], "pci-device": ["10de:*", "8086:56a0"]}
      devcaps require --list-keys prints every key with its value and its meaning.

      Operators: >= > <= < == != (>= when none is written). Units: B kB MB GB TB (powers of \
      1000), KiB MiB GiB TiB (powers of 1024), Hz kHz MHz GHz, %.

      With --against, the manifest is judged on reports saved with devcaps list --json on \
      other machines (files, directories of *.json files, or - for standard input), probing \
      nothing here: one row per machine, one JUnit testsuite per machine, a JSON array. A \
      requirement whose section a report lacks (a report saved with --only) is unknown, never \
      met, and the outcome names the missing sections. So is a disk path that is not one of the \
      report's mount points, and device-node, which only the machine itself can answer. A \
      report that cannot be read or is invalid (a directory's entry that is not a regular file \
      too) is a row with its reason; the others are still judged and printed. A directory \
      without any .json report is exit 66 before anything is judged (its reports went missing: \
      a fleet of none never passes). With --format json that, like an invalid or unreadable \
      manifest, is one object with an error member rather than an array (Schemas/require.schema.json). The text output \
      counts how many machines fall short of each requirement; --format github writes one \
      annotation per requirement (at most 50 lines, however many machines) and a step summary \
      under 512 KiB.

      A manifest or report named on the command line may be a pipe: a FIFO, or a shell's \
      <(command), read to its end as cat reads it (require <(jq .needs app.json) \
      --against <(ssh kiosk devcaps list --json)). A pipe is read once: naming one twice (a \
      FIFO's path twice, or - and /dev/stdin) is a usage error. A device is refused, and so is a \
      directory's entry that is not a regular file: nobody named it, and its writer may never come.

      With --format json, junit or github, an invalid manifest or an input that cannot be read \
      is reported on standard output too: a JSON outcome with an error member, a JUnit \
      testsuite with an error testcase, an ::error annotation at the file's line and column. \
      Text output cuts a field wider than its column with an ellipsis (keys 40 characters, expected \
      24, machine names 40, findings 120); JSON and JUnit keep it whole. Control characters \
      from a manifest or report are written escaped (\\x1B) in every format.

      When standard output cannot be written the verdict still stands: a reader that went away \
      (| head) leaves the exit status 0 or 1; any other failure (a full disk) is 74. With \
      --format github and GITHUB_STEP_SUMMARY set, the summary is appended to that file (a \
      regular file, created when absent); when it cannot be (a full disk, a device, a FIFO, a \
      directory) the step fails with 74 whatever the verdict: a requested output that was not \
      written never passes.

      A manifest must name at least one requirement, and a list at least one name: [], {} or \
      {"os": []} check nothing and would pass anywhere, so they are invalid (65). A saved report \
      whose values contradict each other (availableCores above logicalCores, availableBytes \
      above totalBytes, a negative uptime) is invalid too.

      Exit status: 0 every requirement holds (on every machine), 1 at least one does not, 65 \
      the manifest or a report is invalid, 66 one cannot be read (with many reports: the worst \
      of them, 66 over 65 over 1), 64 usage error, 74 standard output or the step summary \
      cannot be written (over any verdict).

      Examples:
        devcaps require kiosk.json
        devcaps require Info.plist --format junit > devcaps.xml
        echo '["gyroscope"]' | devcaps require -
        devcaps require kiosk.json --against reports/
      """)

  @Argument(
    help: ArgumentHelp("The manifest: a .json or .plist file, a pipe, or - for standard input.", valueName: "manifest"))
  var manifestArgument: String?

  @Flag(name: .long, help: "Print every key a manifest may name, its value and its meaning, one per line.")
  var listKeys = false

  var manifest: String { manifestArgument ?? "-" }

  /// The key lists of the discussion, from the catalog (KeyList) so they cannot drift from it.
  static var keyParagraphs: String {
    let capabilities = CapabilityCatalog.keys + ["device-node:PATH"]
    let measured = ManifestKeys.measured.map(\.key).filter { ManifestKeys.aliases[$0] == nil }
    let names = ManifestKeys.nameKeys + ManifestKeys.listKeys
    let anyName = names.filter { ManifestKeys.nameKeys.contains($0) || ManifestKeys.anyOfKeys.contains($0) }
    return """
      Capability keys, true or false: \(capabilities.joined(separator: ", ")). Measured keys, \
      with a constraint: \(measured.joined(separator: ", ")) (disk keys take a path after a \
      colon: disk-free:/var). Keys that take a name or a list of names: \
      \(names.joined(separator: ", ")); \(anyName.joined(separator: ", ")) hold when any name \
      matches, the others need every one. \(ManifestKeys.groupKeys.joined(separator: " and ")) \
      take a list of manifests, nested within each other up to the manifest's 64 levels of JSON.
      """
  }

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
    if listKeys {
      if manifestArgument != nil || !against.isEmpty {
        throw ValidationError("--list-keys takes no manifest and no --against")
      }
      if format != .text {
        throw ValidationError("--list-keys prints a text table and takes no --format: --format is for a verdict")
      }
      return
    }
    if manifestArgument == nil { throw ValidationError("Missing expected argument '<manifest>'") }
    if manifest == "-" && against.contains("-") {
      throw ValidationError("standard input can hold the manifest or a report, not both: name one of them as a file")
    }
    if against.filter({ $0 == "-" }).count > 1 {
      throw ValidationError("--against names standard input (-) more than once")
    }
    try checkPipesNamedOnce()
  }

  /// A pipe is read once: named twice (a FIFO's path twice, or standard input as - and as
  /// /dev/stdin), its bytes would be split between two readers and neither copy be whole.
  func checkPipesNamedOnce() throws {
    var seen: [(device: UInt, inode: UInt, name: String)] = []
    for input in [manifest] + against {
      let info = input == "-" ? try? FileDescriptor.standardInput.status() : try? FileSystem.status(input)
      guard let info, FileKind(mode: info.st_mode) == .fifo else { continue }
      let name = input == "-" ? "standard input (-)" : input
      if let first = seen.first(where: { $0.device == UInt(info.st_dev) && $0.inode == UInt(info.st_ino) }) {
        let named = first.name == name ? "\(name) is named twice" : "\(first.name) and \(name) are the same pipe"
        throw ValidationError("\(named), and a pipe can be read once: name it once, or save it to a file")
      }
      seen.append((UInt(info.st_dev), UInt(info.st_ino), name))
    }
  }

  func run() throws {
    if listKeys { return Output.write(KeyList.lines.joined(separator: "\n") + "\n") }
    let bytes = try readManifest()
    let parsed: Manifest
    do {
      parsed = try Manifest.parse(bytes, isPropertyList: manifest.hasSuffix(".plist"))
    } catch {
      throw fail(
        RequireError(
          .invalidManifest, "\(displayName): \(error)", file: displayName, line: error.line, column: error.column))
    }
    if !against.isEmpty { return try runAgainstReports(parsed) }
    let results = RequirementEvaluator().evaluate(parsed)
    let outcome = RequireOutcome(manifest: displayName, results: results)
    switch format {
    case .text: Output.write(RequireText(outcome: outcome, style: TextStyle.forStandardOutput()).render())
    case .json: Output.write(outcome.json.prettyPrinted + "\n")
    case .junit: Output.write(RequireJUnit.render(outcome))
    case .github: try RequireGitHub.emit(outcome)
    }
    if !outcome.satisfied { throw ExitCode.requirementNotMet }
  }

  var displayName: String { manifest == "-" ? "<stdin>" : manifest }

  /// A run that can judge nothing: the message on stderr, the same in `--format`'s form on
  /// stdout (a CI job shows it where it shows verdicts), and the exit status to end with.
  func fail(_ error: RequireError) -> ExitCode {
    Output.error(error.message)
    Output.write(error.document(format: format, manifest: displayName))
    return error.exitCode
  }

  /// `--against`: every report read and judged first, on all available cores, then one outcome
  /// per machine, written as it is made; a report that cannot be read or is invalid is a row
  /// with its reason, and the exit status is the worst of all (66 over 65 over 1 over 0). What is
  /// held until then is a few bytes a report (FleetJudgement): the text table's column and
  /// JUnit's totals come before the first machine.
  func runAgainstReports(_ parsed: Manifest) throws {
    var files = ReportFiles()
    for path in against { try appendReportFiles(at: path, to: &files) }
    let standardInput =
      against.contains("-")
      ? try readStandardInput(what: "a report", limit: SavedReport.maximumFileSize, kind: .report) : nil
    // Each format shows a name cut (text to its column, JUnit and the step summary to 200): the
    // rest of each name is not kept, one scalar past the cut telling that it was (a report's name
    // of megabytes held for every machine grew with the fleet). JSON keeps every name whole.
    let nameLength: Int? =
      switch format {
      case .text: OutsideText.machineColumn + 1
      case .junit, .github: RequireFleet.longestShownName + 1
      case .json: nil
      }
    let fleet = RequireFleet(
      RequirementEvaluator.judge(parsed, reports: files, standardInput: standardInput, nameLength: nameLength),
      manifest: displayName, tellApart: format != .json)
    for index in fleet.unusable {
      if let failure = fleet.fleet.failure(index) { Output.error(failure.description) }
    }
    var output = ChunkedOutput()
    switch format {
    case .text:
      let text = RequireFleetText(fleet, style: TextStyle.forStandardOutput())
      for index in 0..<fleet.count { output.append(text.row(index)) }
      output.append(text.shortfalls())
      output.append(text.summary())
    case .json: writeJSONArray((0..<fleet.count).lazy.map { fleet.outcome($0, tellApart: false) }, into: &output)
    case .junit:
      let judged = fleet.count - fleet.unusable.count
      let failures = (0..<fleet.count).reduce(0) { $0 + fleet.fleet.unmetCount($1) }
      output.append(
        RequireJUnit.header(
          tests: judged * fleet.fleet.requirementCount + fleet.unusable.count, failures: failures,
          errors: fleet.unusable.count))
      for index in 0..<fleet.count { output.append(RequireJUnit.suite(fleet.outcome(index))) }
      output.append(RequireJUnit.footer)
    case .github: try RequireGitHub.emitFleet(fleet)
    }
    output.flush()
    if let exitCode = fleet.exitCode { throw exitCode }
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
  /// file, or a directory's `*.json` entries (one that is not a regular file is a report that
  /// cannot be read, a row of its own).
  func appendReportFiles(at path: String, to files: inout ReportFiles) throws {
    if path == "-" { return files.append("-") }
    let before = files.count
    switch SavedReport.appendFiles(at: path, to: &files) {
    case .success:
      if files.count == before {
        throw fail(RequireError(.unreadableReport, "\(path): a directory without any .json report", file: path))
      }
    case .failure(let error):
      throw fail(RequireError(.unreadableReport, error.description, file: path))
    }
  }

  /// The manifest's bytes; a file that cannot be read is exit 66, one over the size limit 65.
  func readManifest() throws -> [UInt8] {
    let limit = Manifest.maximumFileSize
    if manifest == "-" { return try readStandardInput(what: "the manifest", limit: limit, kind: .manifest) }
    switch Manifest.readFile(manifest) {
    case .success(let bytes): return bytes
    case .failure(.tooLarge(let limit)):
      throw fail(
        RequireError(.invalidManifest, "\(manifest): the manifest is larger than \(limit) bytes", file: manifest))
    case .failure(let failure):
      throw fail(RequireError(.unreadableManifest, "cannot read \(manifest): \(failure)", file: manifest))
    }
  }

  enum Input { case manifest, report }

  /// All of standard input: over `limit` is exit 65, a read error 66.
  func readStandardInput(what: String, limit: Int, kind: Input) throws -> [UInt8] {
    do throws(ReadAllError) {
      return try FileDescriptor.standardInput.readAll(limit: limit, waitsForData: true)
    } catch .limitExceeded {
      throw fail(
        RequireError(
          kind == .manifest ? .invalidManifest : .invalidReport, "<stdin>: \(what) is larger than \(limit) bytes",
          file: "<stdin>"))
    } catch .system(let error) {
      throw fail(
        RequireError(
          kind == .manifest ? .unreadableManifest : .unreadableReport,
          "cannot read \(what) from standard input: \(error)", file: "<stdin>"))
    }
  }
}

enum RequireFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, junit, github
}
