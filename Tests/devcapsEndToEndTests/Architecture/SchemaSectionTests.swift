import DevCapsKit
import Foundation
import Testing

/// A section added to the library is added to the schemas too: a member of `list --json`, and a
/// section `require --against` may name missing.
@Suite("Schemas name every section")
struct SchemaSectionTests {
  static func schema(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: SchemaValidator.schemas.appendingPathComponent(name))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test("report.schema.json has a member for each section")
  func report() throws {
    let properties = try #require(try Self.schema("report.schema.json")["properties"] as? [String: Any])
    let missing = ReportSection.allCases.map(\.rawValue).filter { properties[$0] == nil }
    #expect(missing.isEmpty, "report.schema.json has no member for \(missing)")
  }

  @Test("require.schema.json's missingSections names each section, in report order")
  func missingSections() throws {
    func find(_ value: Any) -> [String]? {
      if let object = value as? [String: Any] {
        if let member = object["missingSections"] as? [String: Any] {
          return (member["items"] as? [String: Any])?["enum"] as? [String]
        }
        return object.values.lazy.compactMap(find).first
      }
      return (value as? [Any])?.lazy.compactMap(find).first
    }
    let named = try #require(find(try Self.schema("require.schema.json")))
    #expect(named == ReportSection.allCases.map(\.rawValue))
  }
}
