import DevCapsKit

/// The results of one `devcaps require` run, and its JSON form (Schemas/require.schema.json).
struct RequireOutcome {
  var manifest: String
  var results: [RequirementResult]
  /// With `--against`: the machine the saved report describes, and the report's path.
  var machine: String? = nil
  var report: String? = nil
  /// With `--against`: the sections the manifest needs that the report lacks (saved with --only).
  var missingSections: [ReportSection] = []
  /// Why nothing was judged: the manifest, or with `--against` this report, cannot be used.
  var error: RequireError? = nil

  var satisfied: Bool { error == nil && results.allSatisfy(\.satisfied) }
  var unmet: [RequirementResult] { results.filter { !$0.satisfied } }

  var summary: String {
    if let error { return "\(error.kind.title): \(error.message)" }
    if results.isEmpty { return "the manifest names no requirements" }
    if unmet.isEmpty { return results.count == 1 ? "the requirement is met" : "all \(results.count) requirements met" }
    return "\(unmet.count) of \(results.count) requirement\(results.count == 1 ? "" : "s") not met"
  }

  var json: JSONValue {
    .object(
      [JSONMember("schemaVersion", .integer(1)), JSONMember("manifest", .string(manifest))]
        + (machine.map {
          [
            JSONMember("machine", .string($0)), JSONMember("report", .string(report ?? "")),
            JSONMember("missingSections", .array(missingSections.map { .string($0.rawValue) })),
          ]
        } ?? []) + [
          JSONMember("satisfied", .bool(satisfied)),
          JSONMember("summary", .string(summary)),
          JSONMember("results", .array(results.map(RequireOutcome.json))),
        ] + (error.map { [JSONMember("error", $0.json)] } ?? []))
  }

  /// One result; `any-of` and `none-of` with their manifests' results under `children`.
  static func json(_ result: RequirementResult) -> JSONValue {
    .object(
      [
        JSONMember("key", .string(result.key)),
        JSONMember("expected", .string(result.expected)),
        JSONMember("actual", result.actual),
        JSONMember("satisfied", .bool(result.satisfied)),
        JSONMember("detail", .string(result.finding.description)),
      ] + (result.children.isEmpty ? [] : [JSONMember("children", .array(result.children.map(json)))]))
  }

  /// Every result with how deep it sits: a requirement at 0, the manifests of an `any-of` at 1,
  /// their requirements at 2. What each format indents.
  static func rows(_ results: [RequirementResult], depth: Int = 0) -> [(depth: Int, result: RequirementResult)] {
    results.flatMap { [(depth, $0)] + rows($0.children, depth: depth + 1) }
  }
}
