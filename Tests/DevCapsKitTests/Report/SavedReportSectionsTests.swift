import Foundation
import Testing

@testable import DevCapsKit

/// `Report(savedSections:)` reads device, cpu and memory without Codable for `require
/// --against`: on every document it either gives up (and Codable decides) or makes exactly the
/// report Codable makes; whatever Codable refuses, it refuses.
@Suite("Saved report sections read without Codable")
struct SavedReportSectionsTests {
  /// A recorded machine's report without the members the direct reader leaves to Codable.
  static func recorded(_ name: String) throws -> JSONValue {
    let text = try String(contentsOf: ReportJSONTests.golden.appendingPathComponent(name), encoding: .utf8)
      .replacingOccurrences(of: "\"<statvfs>\"", with: "1234567890")
    guard case .object(let members) = try JSONParser.parse(Array(text.utf8)) else {
      throw CocoaError(.coderInvalidValue)
    }
    return .object(members.filter { !["capabilities", "capabilityEvidence", "warnings"].contains($0.key) })
  }

  /// The direct reader agrees with Codable on `document`; whether it accepted it.
  @discardableResult
  static func expectAgreement(_ document: JSONValue, _ what: String) -> Bool {
    let codable = try? JSONValueDecoder().decode(Report.self, from: document)
    let direct = Report(savedSections: document)
    if let direct { #expect(direct == codable, "\(what): \(direct) ≠ Codable's \(String(describing: codable))") }
    return direct != nil
  }

  @Test("the recorded machines' reports: the same report as Codable's", arguments: ReportJSONTests.recordedMachines)
  func recordedMachine(_ name: String) throws {
    let document = try Self.recorded(name)
    #expect(Self.expectAgreement(document, name), "\(name) was not read directly")
  }

  @Test("every member of device, cpu and memory made each other kind of JSON: accepted only as Codable accepts")
  func everyMemberMutated() throws {
    let document = try Self.recorded("list-thinkpad-laptop.json")
    let substitutes: [JSONValue?] = [
      nil, .null, .bool(true), .integer(2), .integer(-1), .number(2.0), .number(2.5), .integer(1 << 40),
      .unsignedInteger(UInt64.max), .string("x"), .string("laptop"), .string("vm"), .string("nominal"), .array([]),
      .array([.string("a")]), .array([.integer(1)]), .object([]),
    ]
    var accepted = 0
    var refused = 0
    for path in Self.memberPaths(of: document, sections: ["device", "cpu", "memory"]) {
      for substitute in substitutes {
        let mutated = Self.replacing(path, in: document, with: substitute)
        if Self.expectAgreement(mutated, "\(path.joined(separator: ".")) = \(String(describing: substitute))") {
          accepted += 1
        } else {
          refused += 1
        }
      }
    }
    // Both ways happen: the test compares something.
    #expect(accepted > 100 && refused > 100, "\(accepted) accepted, \(refused) refused")
  }

  @Test("a report with capabilities, warnings or a schema version other than 1 is left to Codable")
  func leftToCodable() throws {
    let document = try Self.recorded("list-qemu-vm.json")
    guard case .object(let members) = document else { return }
    #expect(Report(savedSections: .object(members + [JSONMember("warnings", .array([]))])) == nil)
    #expect(Report(savedSections: .object(members + [JSONMember("capabilities", .object([]))])) == nil)
    #expect(Report(savedSections: .object(members + [JSONMember("warnings", .null)])) != nil)
    let version2 = members.map { $0.key == "schemaVersion" ? JSONMember("schemaVersion", .integer(2)) : $0 }
    #expect(Report(savedSections: .object(version2)) == nil)
  }

  /// The path of every member (and array element) below the named top-level sections.
  static func memberPaths(of document: JSONValue, sections: [String]) -> [[String]] {
    var paths: [[String]] = []
    func walk(_ value: JSONValue, _ path: [String]) {
      switch value {
      case .object(let members):
        for member in members {
          paths.append(path + [member.key])
          walk(member.value, path + [member.key])
        }
      case .array(let elements):
        for index in elements.indices.prefix(3) {
          paths.append(path + [String(index)])
          walk(elements[index], path + [String(index)])
        }
      default: break
      }
    }
    for section in sections { if let value = document[section] { walk(value, [section]) } }
    return paths
  }

  /// `document` with the member at `path` replaced (nil: removed).
  static func replacing(_ path: [String], in document: JSONValue, with substitute: JSONValue?) -> JSONValue {
    guard let first = path.first else { return substitute ?? .null }
    let rest = Array(path.dropFirst())
    switch document {
    case .object(let members):
      return .object(
        members.compactMap { member in
          guard member.key == first else { return member }
          if rest.isEmpty { return substitute.map { JSONMember(member.key, $0) } }
          return JSONMember(member.key, replacing(rest, in: member.value, with: substitute))
        })
    case .array(var elements):
      guard let index = Int(first), elements.indices.contains(index) else { return document }
      if rest.isEmpty {
        if let substitute { elements[index] = substitute } else { elements.remove(at: index) }
      } else {
        elements[index] = replacing(rest, in: elements[index], with: substitute)
      }
      return .array(elements)
    default: return document
    }
  }

  @Test("regression (ReportFuzzer): a null sensor reading is NaN either way, so the reports are compared as documents")
  func nullSensorReading() throws {
    let input = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "Fuzz/corpus/report/null-sensor-reading.json")
    guard case .object(let members) = try JSONParser.parse(Array(try Data(contentsOf: input))) else {
      throw CocoaError(.coderInvalidValue)
    }
    // As the fuzzer tried it: without the members left to Codable.
    let document = JSONValue.object(
      members.filter { !["capabilities", "capabilityEvidence", "warnings"].contains($0.key) })
    let codable = try JSONValueDecoder().decode(Report.self, from: document)
    let direct = try #require(Report(savedSections: document))
    #expect(direct.json == codable.json)
    #expect(direct.device == codable.device && direct.cpu == codable.cpu && direct.memory == codable.memory)
  }
}
