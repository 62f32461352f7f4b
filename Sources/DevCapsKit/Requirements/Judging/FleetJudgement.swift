import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A manifest judged on every saved report of `require --against`, held small until it is
/// printed. Per report: the index of what it says of its machine apart from its name (which
/// sections it lacks; kept once for all the reports that say the same), where its name is in one
/// buffer, and a code per requirement. A code is the index of a result kept once for all the
/// reports that found the same (looked up while there are a few thousand); past the first
/// thousand such results, a result that is a number (a size, a count, a frequency, which differ
/// from machine to machine) is kept as its number, in 8 bytes, and the index of the same result
/// with 0 in its place. Holding a `JudgedReport` each cost 480 bytes a report.
public struct FleetJudgement: Sendable {
  /// The reports' paths, as named (`-` for standard input).
  public let files: ReportFiles
  /// Results a report has, one per requirement of the manifest.
  public let requirementCount: Int
  fileprivate let storage: Storage

  /// How many reports were judged.
  public var count: Int { files.count }

  /// The report at `index` (in the order of `files`), as judged; one that could not be used
  /// (see ``failure(_:)``) has no name, no results and no missing sections.
  public subscript(index: Int) -> JudgedReport {
    if storage.failed(index) {
      return JudgedReport(path: path(index), deviceName: nil, missingSections: [], results: [])
    }
    return JudgedReport(
      path: path(index), deviceName: deviceName(index), missingSections: storage.machine(index).missingSections,
      results: (0..<requirementCount).map { storage.result(index, $0) })
  }

  /// The path of the report at `index` as messages name it (`<stdin>` for standard input).
  public func path(_ index: Int) -> String {
    let path = files[index]
    return path == "-" ? "<stdin>" : path
  }

  /// Whether the report at `index` could be used and every requirement holds on it.
  public func isSatisfied(_ index: Int) -> Bool { failure(index) == nil && unmetCount(index) == 0 }

  /// The requirements the report at `index` does not meet (0 for one that could not be used).
  public func unmetCount(_ index: Int) -> Int {
    if storage.failed(index) { return 0 }
    return (0..<requirementCount).count(where: { !storage.isSatisfied(index, $0) })
  }

  /// Whether requirement `requirement` holds on the report at `index` (false for a report that
  /// could not be used), without making its result.
  public func isSatisfied(_ index: Int, requirement: Int) -> Bool {
    !storage.failed(index) && storage.isSatisfied(index, requirement)
  }

  /// Why the report at `index` could not be used (unreadable: exit 66; invalid: 65), or nil.
  public func failure(_ index: Int) -> SavedReport.LoadError? {
    storage.failures.isEmpty ? nil : storage.failures[index]
  }

  /// The indices of the reports that could not be used, in file order.
  public var failedIndices: [Int] { storage.failures.keys.sorted() }

  /// The report's `device.name`, without making the rest of it.
  public func deviceName(_ index: Int) -> String? {
    storage.failed(index) ? nil : storage.name(index)
  }
}

/// What a report says of its machine apart from its name and results.
private struct Machine: Hashable {
  var hasName: Bool
  var missingSections: [ReportSection]
}

/// The tables and codes, filled by the workers under one lock.
private struct Storage: Sendable {
  let requirementCount: Int
  /// Per report: its machine's index, the start of its name in `names`, then a code per requirement.
  var rows: [UInt32]
  /// Per report and requirement, where a code stands for a number; empty until one does.
  var numbers: [UInt64] = []
  /// Each name as its length (LEB128: one byte below 128) and its UTF-8.
  var names: [UInt8] = []
  var machines: [Machine] = []
  var machineIndex: [Machine: UInt32] = [:]
  var results: [RequirementResult] = []
  /// The reports that could not be used, by index: few, so kept apart from `rows`.
  var failures: [Int: SavedReport.LoadError] = [:]

  func failed(_ index: Int) -> Bool { !failures.isEmpty && failures[index] != nil }
  var resultIndex: [RequirementResult: UInt32] = [:]
  /// Per requirement, the last result (and result with 0 for its number) kept past
  /// `internedResults`; `.max` for none.
  var lastWhole: [UInt32]
  var lastTemplate: [UInt32]

  /// A code with this bit set: the number of the result is in `numbers`, the rest is the index of
  /// the result with 0 in its place.
  static let numberBit: UInt32 = 1 << 31
  /// Distinct results kept whole before numbers are kept apart: a fleet that finds the same few
  /// things costs no 8 bytes a requirement.
  static let wholeResults = 1024
  /// Distinct results looked up by a dictionary.
  static let internedResults = 4096

  init(reports: Int, requirementCount: Int) {
    self.requirementCount = requirementCount
    rows = Array(repeating: 0, count: reports * (requirementCount + 2))
    lastWhole = Array(repeating: .max, count: requirementCount)
    lastTemplate = Array(repeating: .max, count: requirementCount)
  }

  func row(_ index: Int) -> Int { index * (requirementCount + 2) }

  func machine(_ index: Int) -> Machine { machines[Int(rows[row(index)])] }

  func name(_ index: Int) -> String? {
    guard machine(index).hasName else { return nil }
    var start = Int(rows[row(index) + 1])
    var length = 0
    var shift = 0
    while true {
      let byte = names[start]
      start += 1
      length |= Int(byte & 0x7F) << shift
      shift += 7
      if byte < 0x80 { break }
    }
    return String(decoding: names[start..<(start + length)], as: UTF8.self)
  }

  func isSatisfied(_ index: Int, _ requirement: Int) -> Bool {
    results[Int(rows[row(index) + 2 + requirement] & ~Self.numberBit)].satisfied
  }

  func result(_ index: Int, _ requirement: Int) -> RequirementResult {
    let code = rows[row(index) + 2 + requirement]
    let result = results[Int(code & ~Self.numberBit)]
    guard code & Self.numberBit != 0 else { return result }
    return NumberedResult.join(result, numbers[index * requirementCount + requirement])
  }

  mutating func set(_ index: Int, _ report: JudgedReport) {
    precondition(report.results.count == requirementCount, "one result per requirement")
    let row = row(index)
    let machine = Machine(hasName: report.deviceName != nil, missingSections: report.missingSections)
    rows[row] = Self.intern(machine, &machines, &machineIndex)
    if let name = report.deviceName {
      rows[row + 1] = UInt32(names.count)
      var length = name.utf8.count
      while length >= 0x80 {
        names.append(UInt8(length & 0x7F) | 0x80)
        length >>= 7
      }
      names.append(UInt8(length))
      names += name.utf8
    }
    for (requirement, result) in report.results.enumerated() {
      rows[row + 2 + requirement] = code(result, requirement: requirement, slot: index * requirementCount + requirement)
    }
  }

  private mutating func code(_ result: RequirementResult, requirement: Int, slot: Int) -> UInt32 {
    if let index = resultIndex[result] { return index }
    if results.count >= Self.wholeResults, let (template, number) = NumberedResult.split(result) {
      if numbers.isEmpty {
        numbers = Array(repeating: 0, count: rows.count / (requirementCount + 2) * requirementCount)
      }
      numbers[slot] = number
      return keep(template, requirement, template: true) | Self.numberBit
    }
    return keep(result, requirement, template: false)
  }

  /// The index of `result` in `results`: looked up while the table is small; past that (a
  /// manifest of thousands of keys, each its own result), the same requirement's last result
  /// when it is equal, else a new one. A dictionary of every result of a 30,000-key manifest
  /// cost 7 MB more than holding them did.
  private mutating func keep(_ result: RequirementResult, _ requirement: Int, template: Bool) -> UInt32 {
    // A whole result was looked up already.
    if template, let index = resultIndex[result] { return index }
    let index = UInt32(results.count)
    if resultIndex.count < Self.internedResults {
      results.append(result)
      resultIndex[result] = index
      return index
    }
    let previous = template ? lastTemplate[requirement] : lastWhole[requirement]
    if previous != .max && results[Int(previous)] == result { return previous }
    results.append(result)
    if template { lastTemplate[requirement] = index } else { lastWhole[requirement] = index }
    return index
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
}

/// A result that is a number, apart from the number.
enum NumberedResult {
  /// The result with 0 for its number (and null for its actual value), and the number: for a
  /// size, count or frequency whose actual value is that number, and only when `join` gives the
  /// result back exactly.
  static func split(_ result: RequirementResult) -> (template: RequirementResult, number: UInt64)? {
    var template = result
    template.actual = .null
    let number: UInt64
    switch result.finding {
    case .bytes(let bytes, let what):
      number = bytes
      template.finding = .bytes(0, what: what)
    case .count(let count):
      number = UInt64(bitPattern: Int64(count))
      template.finding = .count(0)
    case .hertz(let hertz, let source):
      number = UInt64(bitPattern: hertz)
      template.finding = .hertz(0, source: source)
    default: return nil
    }
    guard join(template, number) == result else { return nil }
    return (template, number)
  }

  static func join(_ template: RequirementResult, _ number: UInt64) -> RequirementResult {
    var result = template
    switch template.finding {
    case .bytes(_, let what):
      result.finding = .bytes(number, what: what)
      result.actual = .integer(unsigned: number)
    case .count:
      result.finding = .count(Int(Int64(bitPattern: number)))
      result.actual = .integer(Int64(bitPattern: number))
    case .hertz(_, let source):
      result.finding = .hertz(Int64(bitPattern: number), source: source)
      result.actual = .integer(Int64(bitPattern: number))
    default: break
    }
    return result
  }
}

extension FleetJudgement {
  /// Where the workers put what they judged: one lock, taken once a report.
  final class Builder: Sendable {
    private let storage: Mutex<Storage>

    init(reports: Int, requirementCount: Int) {
      storage = Mutex(Storage(reports: reports, requirementCount: requirementCount))
    }

    func set(_ index: Int, _ judged: Result<JudgedReport, SavedReport.LoadError>) {
      storage.withLock { storage in
        switch judged {
        case .failure(let error): storage.failures[index] = error
        case .success(let report): storage.set(index, report)
        }
      }
    }

    /// Read after every worker was joined.
    func judgement(of files: ReportFiles) -> FleetJudgement {
      storage.withLock { FleetJudgement(files: files, requirementCount: $0.requirementCount, storage: $0) }
    }
  }
}
