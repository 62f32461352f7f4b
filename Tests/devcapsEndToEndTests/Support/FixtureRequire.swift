import Foundation
import TestProcesses
import Testing

/// `devcaps require -` on a fixture machine, live or against the report the machine saves of
/// itself (all of it, or `--only` some sections), with the JSON format; and the one
/// requirement's verdict read back. The tests of keys judged by one section use it.
enum FixtureRequire {
  static func run(_ manifest: String, machine: String, against: Bool = false, only: String? = nil) throws
    -> DevCapsResult
  {
    let testbed = try FixtureMachine(name: machine).load()
    var arguments = ["require", "-"]
    if against {
      var list = ["list", "--json"]
      if let only { list += ["--only", only] }
      let report = try DevCapsProcess.run(list, environment: testbed.environment)
      #expect(report.status == 0, "\(report.stderr)")
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-require-\(UUID()).json")
      try report.stdout.write(to: file, atomically: true, encoding: .utf8)
      arguments += ["--against", file.path]
    }
    return try DevCapsProcess.run(
      arguments + ["--format", "json"], environment: testbed.environment, stdin: Data(manifest.utf8))
  }

  /// The one requirement's `satisfied`, `actual` and detail of a JSON result (an array of one
  /// machine with --against).
  static func verdict(_ result: DevCapsResult) throws -> (Bool, String, String) {
    let json = try result.json()
    let document = try #require(
      json as? [String: Any] ?? (json as? [[String: Any]])?.first, "\(result.stdout)\(result.stderr)")
    let requirement = try #require((document["results"] as? [[String: Any]])?.first)
    return (
      requirement["satisfied"] as? Bool ?? false, requirement["actual"].map { "\($0)" } ?? "",
      requirement["detail"] as? String ?? ""
    )
  }
}
