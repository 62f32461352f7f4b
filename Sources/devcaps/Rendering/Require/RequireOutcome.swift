import DevCapsKit

/// The results of one `devcaps require` run, and its JSON form (Schemas/require.schema.json).
struct RequireOutcome {
  var manifest: String
  var results: [RequirementResult]

  var satisfied: Bool { results.allSatisfy(\.satisfied) }
  var unmet: [RequirementResult] { results.filter { !$0.satisfied } }

  var summary: String {
    if results.isEmpty { return "the manifest names no requirements" }
    if unmet.isEmpty { return results.count == 1 ? "the requirement is met" : "all \(results.count) requirements met" }
    return "\(unmet.count) of \(results.count) requirement\(results.count == 1 ? "" : "s") not met"
  }

  /// What a person reads after the key and the expectation: `found 2.0 GiB`, `not present`.
  static func finding(_ result: RequirementResult) -> String {
    result.found ? "found " + result.detail : result.detail
  }

  var json: JSONValue {
    .object([
      JSONMember("schemaVersion", .integer(1)),
      JSONMember("manifest", .string(manifest)),
      JSONMember("satisfied", .bool(satisfied)),
      JSONMember("summary", .string(summary)),
      JSONMember(
        "results",
        .array(
          results.map { result in
            .object([
              JSONMember("key", .string(result.key)),
              JSONMember("expected", .string(result.expected)),
              JSONMember("actual", result.actual),
              JSONMember("satisfied", .bool(result.satisfied)),
              JSONMember("detail", .string(result.detail)),
            ])
          })),
    ])
  }
}
