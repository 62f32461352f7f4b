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

  var satisfied: Bool { results.allSatisfy(\.satisfied) }
  var unmet: [RequirementResult] { results.filter { !$0.satisfied } }

  var summary: String {
    if results.isEmpty { return "the manifest names no requirements" }
    if unmet.isEmpty { return results.count == 1 ? "the requirement is met" : "all \(results.count) requirements met" }
    return "\(unmet.count) of \(results.count) requirement\(results.count == 1 ? "" : "s") not met"
  }

  /// What a person reads after the key and the expectation: `found 2.0 GiB`, `not present`.
  static func finding(_ result: RequirementResult) -> String {
    result.finding.isFound ? "found " + detail(result.finding) : detail(result.finding)
  }

  /// The finding in words, also the JSON `detail`: `2.0 GiB installed`, `not present`.
  static func detail(_ finding: Finding) -> String {
    switch finding {
    case .device(let evidence): evidence
    case .notPresent: "not present"
    case .notAvailableOnLinux: "not available on Linux"
    case .bytes(let bytes, let what): Units.binaryBytes(bytes) + (what.map { " " + $0 } ?? "")
    case .count(let count): String(count)
    case .displays(let connectors):
      "\(connectors.count)" + (connectors.isEmpty ? "" : " (" + connectors.joined(separator: ", ") + ")")
    case .hertz(let hertz, let source): Units.hertz(hertz) + (source.map { " (\($0))" } ?? "")
    case .batteryLevel(let level, let batteries, let source):
      Units.fixed(level * 100, decimals: 0) + " % (" + batteries.joined(separator: ", ") + ", \(source.rawValue))"
    case .version(let text, let source): text + (source.map { " (\($0))" } ?? "")
    case .features(let names): names.joined(separator: ", ")
    case .missingFeatures(let names): "missing " + names.joined(separator: ", ")
    case .cpuLevel(let level): level
    case .thermalState(let state, let reason): state + (reason.map { " (\($0))" } ?? "")
    case .noBattery: "no battery"
    case .unknown(let reason): "unknown: " + reason
    }
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
          JSONMember(
            "results",
            .array(
              results.map { result in
                .object([
                  JSONMember("key", .string(result.key)),
                  JSONMember("expected", .string(result.expected)),
                  JSONMember("actual", result.actual),
                  JSONMember("satisfied", .bool(result.satisfied)),
                  JSONMember("detail", .string(RequireOutcome.detail(result.finding))),
                ])
              })),
        ])
  }
}
