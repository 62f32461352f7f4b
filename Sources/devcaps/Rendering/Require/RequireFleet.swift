import ArgumentParser
import DevCapsKit

/// `require --against`, judged: what each output asks of the machines: their names (told apart
/// by their file when two reports share one), an outcome each, the reports that could not be
/// judged, how many machines fall short of each requirement, and the exit status.
struct RequireFleet {
  let fleet: FleetJudgement
  /// The manifest as messages name it.
  let manifest: String
  /// The most of a name (a testsuite's, a step summary's cell) JUnit and the step summary show,
  /// in Unicode scalars: past it, "…".
  static let longestShownName = 200
  /// Device names more than one report has.
  private let sharedNames: Set<String>

  /// `tellApart`: find the names reports share (JSON has no need: each outcome names its report).
  init(_ fleet: FleetJudgement, manifest: String, tellApart: Bool = true) {
    self.fleet = fleet
    self.manifest = manifest
    var seen: Set<String> = []
    var shared: Set<String> = []
    for index in 0..<fleet.count where tellApart {
      if let name = fleet.deviceName(index), !seen.insert(name).inserted { shared.insert(name) }
    }
    sharedNames = shared
  }

  var count: Int { fleet.count }

  /// The report's file name, without its directory; a shell's `<(…)` (`/dev/fd/63`,
  /// `/proc/self/fd/63`) whole, as its name alone, `63`, says nothing.
  func fileName(_ index: Int) -> String {
    let path = fleet.path(index)
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    let directory = path[..<slash]
    if directory == "/dev/fd" || (directory.hasPrefix("/proc/") && directory.hasSuffix("/fd")) { return path }
    return String(path[path.utf8.index(after: slash)...])
  }

  /// What the report at `index` calls its machine: its `device.name`, else its file's name.
  func name(_ index: Int) -> String { fleet.deviceName(index) ?? fileName(index) }

  /// Whether the machine's name is another report's too, so its file tells it apart.
  func isShared(_ index: Int) -> Bool {
    !sharedNames.isEmpty && fleet.deviceName(index).map(sharedNames.contains) == true
  }

  /// The name with its file when another report has the same: `build-vm (b.json)`.
  func machine(_ index: Int) -> String { isShared(index) ? "\(name(index)) (\(fileName(index)))" : name(index) }

  /// `machine(_:)` for a terminal: the name and the file each escaped and cut to the column.
  func machineLabel(_ index: Int) -> String {
    let name = OutsideText.terminal(name(index), width: OutsideText.machineColumn)
    guard isShared(index) else { return name }
    return name + " (" + OutsideText.terminal(fileName(index), width: OutsideText.machineColumn) + ")"
  }

  /// The outcome of the report at `index`; `tellApart`: its machine named with its file when shared.
  func outcome(_ index: Int, tellApart: Bool = true) -> RequireOutcome {
    let report = fleet[index]
    return RequireOutcome(
      manifest: manifest, results: report.results, machine: tellApart ? machine(index) : name(index),
      report: report.path, missingSections: report.missingSections, error: fleet.failure(index).map(RequireError.init))
  }

  /// The reports that could not be judged, in file order.
  var unusable: [Int] { fleet.failedIndices }

  /// Machines judged that fall short.
  var failing: Int { (0..<fleet.count).count(where: { !fleet.isSatisfied($0) && fleet.failure($0) == nil }) }

  /// Per requirement of the manifest, how many judged machines fall short of it and the first
  /// of them (its result), in manifest order.
  func shortfalls() -> [(failing: Int, example: (machine: Int, result: RequirementResult)?)] {
    (0..<fleet.requirementCount).map { requirement in
      var failing = 0
      var first: Int?
      for index in 0..<fleet.count
      where fleet.failure(index) == nil && !fleet.isSatisfied(index, requirement: requirement) {
        failing += 1
        if first == nil { first = index }
      }
      return (failing, first.map { ($0, fleet[$0].results[requirement]) })
    }
  }

  /// The worst of every report: 66 (one cannot be read) over 65 (one is invalid) over 1 (a
  /// machine falls short) over 0.
  var exitCode: ExitCode? {
    let failures = unusable.compactMap { fleet.failure($0) }
    if failures.contains(where: { if case .unreadable = $0 { true } else { false } }) { return .noInput }
    if !failures.isEmpty { return .dataError }
    return failing > 0 ? .requirementNotMet : nil
  }
}
