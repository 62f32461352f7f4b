import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A manifest judged on one saved report (`require --against`): what the CLI prints a row for.
public struct JudgedReport: Sendable {
  /// The report's path as named (`<stdin>` for standard input).
  public var path: String
  /// The machine the report describes: its `device.name`, else nil.
  public var deviceName: String?
  /// The sections the manifest needs that the report lacks (it was saved with `--only`).
  public var missingSections: [ReportSection]
  /// One per requirement, in manifest order.
  public var results: [RequirementResult]
}

extension RequirementEvaluator {
  /// Judges `manifest` on each saved report, reading and parsing them on `workers` threads:
  /// each worker holds one report at a time, so memory stays flat however many there are.
  /// The results come back in the order of `paths`; `standardInput` is the report named `-`.
  /// Each path must be a regular file (a list from ``SavedReport/files(at:)`` may hold a FIFO
  /// found in a directory, which would wait for a writer): a pipe a person named goes through
  /// ``ReportFiles``, which knows which paths were named.
  public static func judge(
    _ manifest: Manifest, reports paths: [String], standardInput: [UInt8]? = nil,
    workers: Int = RequirementEvaluator.availableWorkers
  ) -> [Result<JudgedReport, SavedReport.LoadError>] {
    let slots = Slots(count: paths.count)
    let judge = ReportJudge(manifest, standardInput: standardInput)
    WorkerThread.forEach(paths.count, workers: workers) { index in slots.set(index, judge(paths[index], named: false)) }
    return slots.values
  }

  /// Judges `manifest` on each saved report as `judge(_:reports:)` does, holding only what
  /// each report found (in a few bytes when reports find the same). A report that cannot be used
  /// is kept with its reason (``FleetJudgement/failure(_:)``); the others are judged all the same.
  ///
  /// `nameLength`: keep only the first that many Unicode scalars of each `device.name` (not
  /// Characters, which combining marks make as long as they like), for an
  /// output that shows no more of it (a text column), so that memory is bounded by the largest
  /// report rather than the fleet's names together; nil keeps them whole.
  public static func judge(
    _ manifest: Manifest, reports files: ReportFiles, standardInput: [UInt8]? = nil,
    workers: Int = RequirementEvaluator.availableWorkers, nameLength: Int? = nil
  ) -> FleetJudgement {
    let builder = FleetJudgement.Builder(reports: files.count, requirementCount: manifest.requirements.count)
    let judge = ReportJudge(manifest, standardInput: standardInput, nameLength: nameLength)
    WorkerThread.forEach(files.count, workers: workers) { index in
      builder.set(index, judge(files[index], named: files.isNamed(index)))
    }
    return builder.judgement(of: files)
  }

  /// The processors online, at least 1.
  public static var availableWorkers: Int {
    max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }

  private final class Slots: Sendable {
    // Filled with a placeholder that every worker replaces, rather than optionals unwrapped at
    // the end: that made a second array as long as the first, for 10,000 reports 0.6 MB more.
    private let results: Mutex<[Result<JudgedReport, SavedReport.LoadError>]>

    init(count: Int) {
      results = Mutex(Array(repeating: .failure(.invalid(path: "", reason: "not judged")), count: count))
    }

    func set(_ index: Int, _ result: Result<JudgedReport, SavedReport.LoadError>) {
      results.withLock { $0[index] = result }
    }

    /// Read after every worker was joined.
    var values: [Result<JudgedReport, SavedReport.LoadError>] { results.withLock { $0 } }
  }
}

/// Reads, decodes and judges one saved report: what each worker runs.
private struct ReportJudge: Sendable {
  let manifest: Manifest
  let standardInput: [UInt8]?
  /// The characters of `device.name` kept; nil for all.
  let nameLength: Int?
  let needed: [ReportSection]
  /// The top-level members built: the device section names the machine; the rest is decoded
  /// only where the manifest needs it.
  let wanted: Set<String>

  init(_ manifest: Manifest, standardInput: [UInt8]?, nameLength: Int? = nil) {
    self.manifest = manifest
    self.standardInput = standardInput
    self.nameLength = nameLength
    needed = RequirementEvaluator.sectionsNeeded(by: manifest)
    wanted = SavedReport.wantedMembers(
      ReportSection.allCases.filter { [needed] in $0 == .device || needed.contains($0) })
  }

  /// `named`: the path was named as it is on the command line (a pipe is read too), not found
  /// in a directory or handed over in a list, where only a regular file is read.
  func callAsFunction(_ path: String, named: Bool) -> Result<JudgedReport, SavedReport.LoadError> {
    let loaded =
      path == "-"
      ? SavedReport.decode(standardInput ?? [], path: "<stdin>", wanted: wanted)
      : SavedReport.load(path, wanted: wanted, named: named)
    return loaded.map { report in
      let name = report.device?.name
      return JudgedReport(
        path: path == "-" ? "<stdin>" : path,
        deviceName: nameLength.flatMap { length in name.map { String($0.unicodeScalars.prefix(length)) } } ?? name,
        missingSections: needed.filter { !report.sections.contains($0) },
        results: RequirementEvaluator(report: report).evaluate(manifest))
    }
  }
}
