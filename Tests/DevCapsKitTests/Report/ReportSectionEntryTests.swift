import Foundation
import Testing

@testable import DevCapsKit

/// The table of sections (`ReportSection.entry`): each entry fills, writes and reads back its own
/// section and no other, so a section added with its key path or its key crossed fails here.
@Suite("The table of sections")
struct ReportSectionEntryTests {
  static let machines = ReportJSONTests.golden.deletingLastPathComponent().appendingPathComponent("machines")

  /// The document's member names, in order.
  static func keys(_ report: Report) -> [String] {
    guard case .object(let members) = report.json else { return [] }
    return members.map(\.key)
  }

  /// `section` alone, as `list --json --only SECTION` writes it: its members and nothing else.
  static func expectedKeys(_ section: ReportSection) -> [String] {
    ["schemaVersion", section.rawValue] + (section == .capabilities ? ["capabilityEvidence"] : []) + ["warnings"]
  }

  @Test("each section's probe fills its own member, and only it", arguments: ReportSection.allCases)
  func probesIntoItsOwnMember(_ section: ReportSection) throws {
    let root = Self.machines.appendingPathComponent("thinkpad-laptop/root").path
    let report = ReportBuilder(context: ProbeContext(root: SystemRoot(root))).build(sections: [section])
    #expect(report.sections == [section])
    #expect(Self.keys(report) == Self.expectedKeys(section))
    #expect(report.json[section.rawValue] != .null, "\(section): the probe's value landed elsewhere")
  }

  @Test("each recorded section reads back into its own member, through Codable and without it")
  func readsBackIntoItsOwnMember() throws {
    for name in ReportJSONTests.recordedMachines {
      let text = try String(contentsOf: ReportJSONTests.golden.appendingPathComponent(name), encoding: .utf8)
        .replacingOccurrences(of: "\"<statvfs>\"", with: "1234567890")
      let full = try JSONValueDecoder().decode(Report.self, from: try JSONParser.parse(Array(text.utf8)))
      for section in full.sections {
        guard case .object(let members) = full.json else { continue }
        let document = JSONValue.object(
          members.filter {
            ["schemaVersion", "warnings"].contains($0.key) || Self.expectedKeys(section).contains($0.key)
          }
        )
        let decoded = try JSONValueDecoder().decode(Report.self, from: document)
        #expect(decoded.sections == [section], "\(name) \(section)")
        #expect(decoded.json == document, "\(name) \(section): read back into another member")
        if section != .capabilities, case .object(let members) = document {
          let direct = Report(savedSections: .object(members.filter { $0.key != "warnings" }))
          #expect(direct?.json[section.rawValue] == document[section.rawValue], "\(name) \(section) without Codable")
        }
      }
    }
  }
}
