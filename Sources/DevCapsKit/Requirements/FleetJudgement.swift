#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A manifest judged on every saved report of `require --against`, held small until it is
/// printed: each report is a few indices into tables of what the reports found, each distinct
/// result, machine name and list of missing sections kept once. Holding a `JudgedReport` each
/// cost 480 bytes a report; this costs 4 bytes a requirement and 4 more, plus what is distinct.
public struct FleetJudgement: Sendable {
  /// The reports' paths, as named (`-` for standard input).
  public let files: ReportFiles
  /// Results a report has, one per requirement of the manifest.
  public let requirementCount: Int
  /// Per report: its machine's index in `machines`, then each result's index in `results`.
  private let rows: [UInt32]
  private let machines: [Machine]
  private let results: [RequirementResult]

  /// What a report says of its machine apart from its results.
  struct Machine: Hashable {
    var deviceName: String?
    var missingSections: [ReportSection]
  }

  init(files: ReportFiles, requirementCount: Int, rows: [UInt32], machines: [Machine], results: [RequirementResult]) {
    self.files = files
    self.requirementCount = requirementCount
    self.rows = rows
    self.machines = machines
    self.results = results
  }

  /// How many reports were judged.
  public var count: Int { files.count }

  /// The report at `index` (in the order of `files`), as judged.
  public subscript(index: Int) -> JudgedReport {
    let row = index * (requirementCount + 1)
    let machine = machines[Int(rows[row])]
    return JudgedReport(
      path: path(index), deviceName: machine.deviceName, missingSections: machine.missingSections,
      results: (0..<requirementCount).map { results[Int(rows[row + 1 + $0])] })
  }

  /// The path of the report at `index` as messages name it (`<stdin>` for standard input).
  public func path(_ index: Int) -> String {
    let path = files[index]
    return path == "-" ? "<stdin>" : path
  }

  /// Whether every requirement holds on the report at `index`.
  public func isSatisfied(_ index: Int) -> Bool { unmetCount(index) == 0 }

  /// The requirements the report at `index` does not meet.
  public func unmetCount(_ index: Int) -> Int {
    let row = index * (requirementCount + 1)
    return (0..<requirementCount).count(where: { !results[Int(rows[row + 1 + $0])].satisfied })
  }

  /// The report's `device.name`, without making the rest of it.
  public func deviceName(_ index: Int) -> String? {
    machines[Int(rows[index * (requirementCount + 1)])].deviceName
  }
}

extension FleetJudgement {
  /// Where the workers put what they judged: one lock, taken once a report.
  final class Builder: @unchecked Sendable {
    private let requirementCount: Int
    private var rows: [UInt32]
    private var machines: [Machine] = []
    private var machineIndex: [Machine: UInt32] = [:]
    private var results: [RequirementResult] = []
    private var resultIndex: [RequirementResult: UInt32] = [:]
    /// The first report, in file order, that could not be used.
    private(set) var failure: (index: Int, error: SavedReport.LoadError)?
    private var lock = pthread_mutex_t()

    init(reports: Int, requirementCount: Int) {
      self.requirementCount = requirementCount
      rows = Array(repeating: 0, count: reports * (requirementCount + 1))
      pthread_mutex_init(&lock, nil)
    }

    deinit { pthread_mutex_destroy(&lock) }

    /// Whether the report at `index` still matters: not when one before it failed, since only
    /// the first failure is told.
    func isNeeded(_ index: Int) -> Bool {
      pthread_mutex_lock(&lock)
      defer { pthread_mutex_unlock(&lock) }
      return failure.map { index < $0.index } ?? true
    }

    func set(_ index: Int, _ judged: Result<JudgedReport, SavedReport.LoadError>) {
      pthread_mutex_lock(&lock)
      defer { pthread_mutex_unlock(&lock) }
      switch judged {
      case .failure(let error):
        if failure.map({ index < $0.index }) ?? true { failure = (index, error) }
      case .success(let report):
        precondition(report.results.count == requirementCount, "one result per requirement")
        let row = index * (requirementCount + 1)
        rows[row] = Self.intern(
          Machine(deviceName: report.deviceName, missingSections: report.missingSections), &machines, &machineIndex)
        for (offset, result) in report.results.enumerated() {
          rows[row + 1 + offset] = Self.intern(result, &results, &resultIndex)
        }
      }
    }

    private static func intern<Value: Hashable>(
      _ value: Value, _ values: inout [Value], _ indices: inout [Value: UInt32]
    ) -> UInt32 {
      if let index = indices[value] { return index }
      let index = UInt32(values.count)
      values.append(value)
      indices[value] = index
      return index
    }

    /// Read after every worker was joined.
    func judgement(of files: ReportFiles) -> Result<FleetJudgement, SavedReport.LoadError> {
      if let failure { return .failure(failure.error) }
      return .success(
        FleetJudgement(
          files: files, requirementCount: requirementCount, rows: rows, machines: machines, results: results))
    }
  }
}
