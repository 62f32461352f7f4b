import Foundation
import Testing

@testable import DevCapsKit

/// `require --against` holds a few bytes a report: the paths in one buffer (ReportFiles), and
/// each report's results as indices of the distinct results (FleetJudgement). Read back, they
/// are what judging each report on its own gives.
@Suite("Many saved reports, judged and held small")
struct FleetJudgementTests {
  @Test("paths named as they are and a directory's entries read back as named, in order")
  func reportFiles() {
    var files = ReportFiles(["-", "a.json", "/x/b.json"])
    files.append([UInt8]("c.json".utf8), prefix: "reports/")
    files.append([UInt8]("d é.json".utf8), prefix: "reports/")
    files.append("e.json")
    files.append([UInt8]("f.json".utf8), prefix: "other/")
    #expect(
      Array(files) == [
        "-", "a.json", "/x/b.json", "reports/c.json", "reports/d é.json", "e.json", "other/f.json",
      ])
    #expect(ReportFiles().isEmpty)
  }

  @Test(
    "a directory's *.json files, sorted as Strings, the others passed over; a *.json that is not a file is named too")
  func directoryFiles() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fleet-files-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in ["b.json", "a.json", "é.json", "e.json", "notes.txt", "Z.json"] {
      try "{}".write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("dir.json"), withIntermediateDirectories: true)
    let found = try SavedReport.files(at: directory.path).get()
    let names = ["Z.json", "a.json", "b.json", "dir.json", "e.json", "é.json"]
    #expect(found == names.map { directory.path + "/" + $0 })
  }

  /// Reports of three machines, two of them twice, and a manifest some of them fail.
  static func fleet() throws -> (Manifest, [String], URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fleet-judged-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var paths: [String] = []
    for (index, machine) in ["pinephone", "qemu-vm", "thinkpad-laptop", "pinephone", "qemu-vm"].enumerated() {
      let text = try String(
        contentsOf: ReportJSONTests.golden.appendingPathComponent("list-\(machine).json"), encoding: .utf8
      ).replacingOccurrences(of: "\"<statvfs>\"", with: "1000000000")
      let path = directory.appendingPathComponent("\(index)-\(machine).json").path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    let manifest = try Manifest.parse(
      Array(#"{"memory": ">= 2 GiB", "cpu-cores": ">= 2", "touchscreen": true, "disk-free:/": ">= 1 MB"}"#.utf8),
      isPropertyList: false)
    return (manifest, paths, directory)
  }

  @Test("each report read back is what judging the reports one by one gives", arguments: [1, 2, 4])
  func sameAsEachJudged(workers: Int) throws {
    let (manifest, paths, directory) = try Self.fleet()
    defer { try? FileManager.default.removeItem(at: directory) }
    let expected = RequirementEvaluator.judge(manifest, reports: paths, workers: workers)
    let fleet = RequirementEvaluator.judge(manifest, reports: ReportFiles(paths), workers: workers)
    #expect(fleet.count == paths.count)
    for index in paths.indices {
      let report = try expected[index].get()
      let held = fleet[index]
      #expect(held.path == report.path)
      #expect(held.deviceName == report.deviceName)
      #expect(held.missingSections == report.missingSections)
      #expect(held.results == report.results)
      #expect(fleet.deviceName(index) == report.deviceName)
      #expect(fleet.unmetCount(index) == report.results.count(where: { !$0.satisfied }))
      #expect(fleet.isSatisfied(index) == report.results.allSatisfy(\.satisfied))
    }
  }

  @Test(
    "a report that cannot be used is kept with its reason, in its place; the others are judged all the same",
    arguments: [1, 2, 8])
  func failuresInPlace(workers: Int) throws {
    let (manifest, paths, directory) = try Self.fleet()
    defer { try? FileManager.default.removeItem(at: directory) }
    try "[".write(toFile: paths[1], atomically: true, encoding: .utf8)
    let missing = directory.appendingPathComponent("missing.json").path
    let fleet = RequirementEvaluator.judge(manifest, reports: ReportFiles(paths + [missing]), workers: workers)
    #expect(fleet.failedIndices == [1, 5])
    guard case .invalid(let path, let reason)? = fleet.failure(1) else {
      Issue.record("expected the broken report, got \(String(describing: fleet.failure(1)))")
      return
    }
    #expect(path == paths[1])
    #expect(reason.hasPrefix("not JSON: line 1, column 2"))
    guard case .unreadable(let path, _)? = fleet.failure(5) else {
      Issue.record("expected the missing report, got \(String(describing: fleet.failure(5)))")
      return
    }
    #expect(path == missing)
    #expect(!fleet.isSatisfied(1) && fleet.unmetCount(1) == 0 && fleet.deviceName(1) == nil)
    #expect(fleet[1].results.isEmpty)
    let alone = RequirementEvaluator.judge(manifest, reports: [paths[2]], workers: 1)
    #expect(fleet[2].results == (try alone[0].get().results))
    #expect(fleet.failure(2) == nil)
  }

  @Test("thousands of machines that differ in every result and name: each read back as it was set")
  func distinctResults() throws {
    // Past the 4,096 results looked up by a dictionary too (the kernel versions).
    let count = 6000
    let builder = FleetJudgement.Builder(reports: count, requirementCount: 4)
    var expected: [JudgedReport] = []
    for index in 0..<count {
      let bytes = UInt64(index) * 4096 + (index % 7 == 0 ? UInt64(Int64.max) + 1 : 0)
      let results = [
        RequirementResult(
          key: "memory", expected: ">= 1 GiB", actual: .integer(unsigned: bytes), satisfied: index % 3 == 0,
          finding: .bytes(bytes, what: "installed")),
        RequirementResult(
          key: "cpu-cores", expected: ">= 2", actual: .integer(Int64(index - 5)), satisfied: index % 2 == 0,
          finding: .count(index - 5)),
        RequirementResult(
          key: "cpu-frequency", expected: ">= 1 GHz", actual: .integer(Int64(index) * 1000),
          satisfied: true, finding: .hertz(Int64(index) * 1000, source: index % 5 == 0 ? nil : "firmware")),
        // Not a number: kept whole, however many there are.
        RequirementResult(
          key: "kernel", expected: ">= 6.1", actual: .string("6.\(index)"), satisfied: true,
          finding: .version("6.\(index)", source: nil)),
      ]
      let name = index % 11 == 0 ? nil : String(repeating: "é", count: index % 150) + "host-\(index)"
      let report = JudgedReport(
        path: "r/\(index).json", deviceName: name, missingSections: index % 13 == 0 ? [.power] : [],
        results: results)
      expected.append(report)
    }
    // In an order other than the files': workers finish in any order.
    for index in (0..<count).reversed() { builder.set(index, .success(expected[index])) }
    let fleet = builder.judgement(of: ReportFiles(expected.map(\.path)))
    for index in 0..<count {
      let held = fleet[index]
      #expect(held.deviceName == expected[index].deviceName)
      #expect(held.missingSections == expected[index].missingSections)
      #expect(held.results == expected[index].results, "report \(index)")
      #expect(fleet.unmetCount(index) == expected[index].results.count(where: { !$0.satisfied }))
    }
  }

  @Test("a number apart from its result: only where putting it back gives the result exactly")
  func numberedResults() {
    let bytes = RequirementResult(
      key: "memory", expected: ">= 1 GiB", actual: .integer(5), satisfied: false, finding: .bytes(5, what: nil))
    #expect(NumberedResult.split(bytes).map { NumberedResult.join($0.template, $0.number) } == bytes)
    var otherActual = bytes
    otherActual.actual = .null
    #expect(NumberedResult.split(otherActual) == nil)
    let text = RequirementResult(
      key: "kernel", expected: ">= 6", actual: .string("6.1"), satisfied: true, finding: .version("6.1", source: nil))
    #expect(NumberedResult.split(text) == nil)
  }
}
