import DevCapsKit
import Foundation
import Testing

/// A saved `list --json` report reads back into the same model through the public API: the
/// ground a replay or a fleet check stands on.
@Suite("Reports read back")
struct ReportReplayTests {
  static let machines = [
    "thinkpad-laptop", "yoga-convertible", "pinephone", "qemu-vm", "docker-container", "broken-sysfs",
  ]

  /// The golden report, its disk sizes (`<statvfs>` there, as they change) made numbers again.
  static func golden(_ machine: String) throws -> JSONValue {
    let bytes = try Data(contentsOf: Golden.directory.appendingPathComponent("list-\(machine).json"))
    return sized(try JSONParser.parse(Array(bytes)))
  }

  static func sized(_ value: JSONValue) -> JSONValue {
    switch value {
    case .string("<statvfs>"): return .integer(1_000_000_000)
    case .array(let elements): return .array(elements.map(sized))
    case .object(let members): return .object(members.map { JSONMember($0.key, sized($0.value)) })
    default: return value
    }
  }

  @Test("each fixture machine's report decodes and encodes to the same JSON", arguments: machines)
  func roundTrip(machine: String) throws {
    let saved = try Self.golden(machine)
    let report = try JSONValueDecoder().decode(Report.self, from: saved)
    #expect(report.sections == ReportSection.allCases)
    #expect(JSONValue(encoding: report) == saved)
  }

  @Test("a report of another schema version is refused, naming both versions")
  func otherVersion() throws {
    guard case .object(var members) = try Self.golden("qemu-vm") else { throw TestbedError("not an object") }
    members[0] = JSONMember("schemaVersion", .integer(2))
    #expect {
      _ = try JSONValueDecoder().decode(Report.self, from: .object(members))
    } throws: { error in
      "\(error)".contains("a report of schema version 2; this devcaps reads version 1")
    }
  }

  @Test("a report of some sections holds those sections only")
  func someSections() throws {
    let saved = JSONValue.object([
      JSONMember("schemaVersion", .integer(1)),
      JSONMember("memory", .object([JSONMember("totalBytes", .integer(1024))])),
      JSONMember("warnings", .array([])),
    ])
    let report = try JSONValueDecoder().decode(Report.self, from: saved)
    #expect(report.sections == [.memory])
    #expect(report.memory?.totalBytes == 1024)
    #expect(report.memory?.installedBytes == nil)
  }

  @Test("a manifest judged on a saved report agrees with require run on that machine")
  func requirementsOnReport() throws {
    let report = try JSONValueDecoder().decode(Report.self, from: try Self.golden("thinkpad-laptop"))
    let manifestBytes = try Data(contentsOf: RequireCommandTests.manifests.appendingPathComponent("kiosk.json"))
    let results = RequirementEvaluator(report: report).evaluate(try Manifest.parse(Array(manifestBytes)))
    let ran = try JSONParser.parse(
      Array(try Data(contentsOf: Golden.directory.appendingPathComponent("require-kiosk.json"))))
    guard case .array(let expected) = ran["results"] else { throw TestbedError("no results") }
    #expect(results.count == expected.count)
    for (result, golden) in zip(results, expected) {
      #expect(.string(result.key) == golden["key"])
      #expect(.bool(result.satisfied) == golden["satisfied"], "\(result.key)")
      #expect(result.actual == golden["actual"], "\(result.key)")
    }
  }

  @Test("a disk requirement is judged on the report's disk mounted at the path; another path is unknown")
  func diskOnReport() throws {
    var report = Report(sections: [.disks])
    report.disks = [
      DiskInfo(path: "/", totalBytes: 100_000_000_000, freeBytes: 60_000_000_000, availableBytes: 50_000_000_000),
      DiskInfo(path: "/var", totalBytes: 20_000_000_000, freeBytes: 2_000_000_000, availableBytes: 1_000_000_000),
    ]
    let manifest = try Manifest.parse(
      Array(
        #"{"disk-free": ">= 10 GB", "disk-free:/var": ">= 10 GB", "disk-free:/var/lib": ">= 1 B", "memory": ">= 1 GB"}"#
          .utf8))
    let results = RequirementEvaluator(report: report).evaluate(manifest)
    #expect(results.map(\.satisfied) == [true, false, false, false])
    #expect(results[1].actual == .integer(1_000_000_000))
    // The report cannot tell whether /var/lib exists there, or is a mount of its own.
    #expect(results[2].isUnknown)
    #expect(results[3].finding == .unknown("the report has no memory section"))
  }
}
