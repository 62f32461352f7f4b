import ArgumentParser
import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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

      Operators: >= > <= < == != (>= when none is written). Units: B kB MB GB TB (powers of \
      1000), KiB MiB GiB TiB (powers of 1024), Hz kHz MHz GHz, %.

      With --against, the manifest is judged on reports saved with devcaps list --json on \
      other machines (files, or directories of *.json files), probing nothing here: one row per \
      machine, one JUnit testsuite per machine, a JSON array.

      Exit status: 0 every requirement holds (on every machine), 1 at least one does not, 65 \
      the manifest or a report is invalid, 66 one cannot be read, 64 usage error.

      Examples:
        devcaps require kiosk.json
        devcaps require Info.plist --format junit > devcaps.xml
        echo '["gyroscope"]' | devcaps require -
        devcaps require kiosk.json --against reports/
      """)

  @Argument(help: ArgumentHelp("The manifest: a .json or .plist file, or - for standard input.", valueName: "manifest"))
  var manifest: String

  @Option(name: .long, help: "Output: text, json (Schemas/require.schema.json), junit (JUnit XML), github (workflow annotations).")
  var format: RequireFormat = .text

  @Option(
    name: .long, parsing: .upToNextOption,
    help: ArgumentHelp("Judge saved list --json reports instead of this machine: files or directories.", valueName: "report"))
  var against: [String] = []

  func run() throws {
    let bytes = try readManifest()
    let parsed: Manifest
    do {
      parsed = try Manifest.parse(bytes, isPropertyList: manifest.hasSuffix(".plist"))
    } catch {
      Output.error("\(displayName): \(error)")
      throw ExitCode(65)
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
    if !outcome.satisfied { throw ExitCode(1) }
  }

  var displayName: String { manifest == "-" ? "<stdin>" : manifest }

  /// `--against`: every report read first (a bad one is 65 or 66 before anything is printed),
  /// then one outcome per machine.
  func runAgainstReports(_ parsed: Manifest) throws {
    var outcomes: [RequireOutcome] = []
    for path in against {
      let files: [String]
      switch SavedReport.files(at: path) {
      case .success(let found): files = found
      case .failure(let error):
        Output.error(error.description)
        throw ExitCode(66)
      }
      if files.isEmpty {
        Output.error("\(path): a directory without any .json report")
        throw ExitCode(66)
      }
      for file in files {
        switch SavedReport.load(file) {
        case .success(let report):
          let results = RequirementEvaluator(report: report).evaluate(parsed)
          let machine = report.device?.name ?? String(file.split(separator: "/").last ?? Substring(file))
          outcomes.append(RequireOutcome(manifest: displayName, results: results, machine: machine, report: file))
        case .failure(let error):
          Output.error(error.description)
          if case .unreadable = error { throw ExitCode(66) }
          throw ExitCode(65)
        }
      }
    }
    switch format {
    case .text: Output.write(RequireFleetText(outcomes: outcomes, style: TextStyle.forStandardOutput()).render())
    case .json: Output.write(JSONValue.array(outcomes.map(\.json)).prettyPrinted + "\n")
    case .junit: Output.write(RequireJUnit(outcomes: outcomes).render())
    case .github: for outcome in outcomes { RequireGitHub(outcome: outcome).emit() }
    }
    if outcomes.contains(where: { !$0.satisfied }) { throw ExitCode(1) }
  }

  /// The manifest's bytes; a file that cannot be read is exit 66, one over the size limit 65.
  func readManifest() throws -> [UInt8] {
    let limit = Manifest.maximumFileSize
    if manifest == "-" {
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count == 0 { break }
        if count < 0 {
          if errno == EINTR { continue }
          Output.error("cannot read the manifest from standard input: \(String(cString: strerror(errno)))")
          throw ExitCode(66)
        }
        bytes.append(contentsOf: chunk[0..<count])
        if bytes.count > limit {
          Output.error("<stdin>: the manifest is larger than \(limit) bytes")
          throw ExitCode(65)
        }
      }
      return bytes
    }
    var info = stat()
    if stat(manifest, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      Output.error("cannot read \(manifest): it is a directory")
      throw ExitCode(66)
    }
    switch Manifest.readFile(manifest) {
    case .success(let bytes): return bytes
    case .failure(.tooLarge(let limit)):
      Output.error("\(manifest): the manifest is larger than \(limit) bytes")
      throw ExitCode(65)
    case .failure(let failure):
      Output.error("cannot read \(manifest): \(failure)")
      throw ExitCode(66)
    }
  }
}

enum RequireFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, junit, github
}
