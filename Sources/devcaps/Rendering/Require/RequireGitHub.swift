import ArgumentParser
import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// GitHub Actions workflow commands: an `::error` annotation per unmet requirement, a `::notice`
/// with the summary, and a Markdown table appended to `$GITHUB_STEP_SUMMARY` when it is set.
/// With `--against`, annotations per requirement (how many machines fall short of it), never per
/// machine: at most `maximumAnnotations` lines however large the fleet, and a step summary under
/// `maximumSummaryBytes`.
enum RequireGitHub {
  /// GitHub shows 10 error annotations a step and keeps 50; more are noise in the log.
  static let maximumAnnotations = 50
  /// GitHub refuses a step summary over 1 MiB; this leaves room for other steps'.
  static let maximumSummaryBytes = 512 * 1024

  static func emit(_ outcome: RequireOutcome) throws(ExitCode) {
    var lines = ""
    let on = outcome.machine.map { " on \($0)" } ?? ""
    for result in outcome.unmet {
      let title = "devcaps require: \(result.key)\(on)"
      // The manifests of any-of and none-of, indented under the requirement.
      let nested = RequireOutcome.rows(result.children).map { depth, child in
        "\n" + String(repeating: "  ", count: depth + 1) + "\(child.satisfied ? "✓" : "✗") \(child)"
      }.joined()
      let message = "\(result.key): expected \(result.expected), \(result.findingText)" + nested
      lines += "::error file=\(property(outcome.manifest)),title=\(property(title))::\(data(message))\n"
    }
    let level = outcome.satisfied ? "notice" : "error"
    lines += "::\(level) title=devcaps require\(property(on))::\(data("\(outcome.manifest): \(outcome.summary)"))\n"
    Output.write(lines)
    var text = "### devcaps require \(cell(outcome.manifest))\(outcome.machine.map { " on " + cell($0) } ?? "")\n\n"
    text += "| | requirement | expected | found |\n|---|---|---|---|\n"
    for (depth, result) in RequireOutcome.rows(outcome.results) {
      let indent = String(repeating: "\u{A0}\u{A0}", count: depth)
      text +=
        "| \(result.satisfied ? "✅" : "❌") | \(indent)\(code(result.key)) | \(cell(result.expected)) | \(cell(result.findingText)) |\n"
    }
    try appendSummary(text + "\n**\(cell(outcome.summary))**\n\n")
  }

  /// `--against`: one `::error` per requirement some machine falls short of, with the count and
  /// the first such machine; one for the reports that could not be judged; then the summary.
  static func emitFleet(_ fleet: RequireFleet) throws(ExitCode) {
    let shortfalls = fleet.shortfalls()
    let short = shortfalls.indices.filter { shortfalls[$0].failing > 0 }
    let unusable = fleet.unusable
    // Room for the summary, and the unjudged reports' line and the "more" line when there are.
    let room = maximumAnnotations - 1 - (unusable.isEmpty ? 0 : 1) - (short.count > maximumAnnotations - 2 ? 1 : 0)
    var lines = ""
    for requirement in short.prefix(room) {
      guard let example = shortfalls[requirement].example else { continue }
      let result = example.result
      let message =
        "\(result.key): expected \(result.expected); \(shortfalls[requirement].failing) of \(fleet.count) machines fall short, e.g. \(OutsideText.terminal(fleet.machine(example.machine), width: OutsideText.machineColumn)): \(result.findingText)"
      lines +=
        "::error file=\(property(fleet.manifest)),title=\(property("devcaps require: \(result.key)"))::\(data(message))\n"
    }
    if short.count > room {
      lines +=
        "::error title=devcaps require::\(short.count - room) more requirements fall short: see the step summary or --format text\n"
    }
    if let first = unusable.first, let error = fleet.fleet.failure(first) {
      let count = unusable.count == 1 ? "1 report" : "\(unusable.count) reports"
      lines += RequireError(error).githubLine(title: "devcaps require: \(count) not judged")
    }
    let summary = fleetSummary(fleet, failing: fleet.failing)
    lines +=
      "::\(fleet.exitCode == nil ? "notice" : "error") title=devcaps require::\(data("\(fleet.manifest): \(summary)"))\n"
    Output.write(lines)
    try appendSummary(fleetMarkdown(fleet, shortfalls: shortfalls, summary: summary))
  }

  static func fleetSummary(_ fleet: RequireFleet, failing: Int) -> String {
    let unjudged = fleet.unusable.isEmpty ? "" : ", \(fleet.unusable.count) not judged"
    return failing == 0 && fleet.unusable.isEmpty
      ? "all \(fleet.count) machines meet the manifest"
      : "\(failing) of \(fleet.count) machines fall short\(unjudged)"
  }

  /// The step summary of a fleet: a table of the requirements, then a row per machine that falls
  /// short or was not judged, until `maximumSummaryBytes` is near.
  static func fleetMarkdown(
    _ fleet: RequireFleet, shortfalls: [(failing: Int, example: (machine: Int, result: RequirementResult)?)],
    summary: String
  ) -> String {
    var text = "### devcaps require \(cell(fleet.manifest)) on \(fleet.count) machines\n\n**\(cell(summary))**\n\n"
    text += "| requirement | expected | machines short | e.g. |\n|---|---|---|---|\n"
    let budget = maximumSummaryBytes - 4096
    for (failing, example) in shortfalls where failing > 0 {
      guard let example, text.utf8.count < budget / 2 else { continue }
      text +=
        "| \(code(example.result.key)) | \(cell(example.result.expected)) | \(failing) | \(cell(fleet.machine(example.machine))): \(cell(example.result.findingText)) |\n"
    }
    text += "\n| | machine | report | what |\n|---|---|---|---|\n"
    var left = 0
    for index in 0..<fleet.count where !fleet.fleet.isSatisfied(index) {
      guard text.utf8.count < budget else {
        left += 1
        continue
      }
      let outcome = fleet.outcome(index)
      let what =
        outcome.error.map { "\($0.kind.title): \($0.message)" }
        ?? outcome.unmet.map { "\($0.key) (\($0.findingText))" }.joined(separator: ", ")
      text += "| ❌ | \(cell(fleet.machine(index))) | \(cell(fleet.fleet.path(index))) | \(cell(what)) |\n"
    }
    if left > 0 { text += "\n… and \(left) more machines: see --format json or text.\n" }
    return text + "\n"
  }

  /// Workflow-command escaping of a message and of a property.
  static func data(_ text: String) -> String { OutsideText.escape(text, for: .githubMessage, width: 1000) }
  static func property(_ text: String) -> String { OutsideText.escape(text, for: .githubProperty, width: 200) }
  /// A Markdown table cell of the step summary.
  static func cell(_ text: String) -> String {
    OutsideText.escape(text, for: .markdown, width: RequireFleet.longestShownName)
  }
  /// A key in monospace: a code span when its cell needs no escape (inside a code span an escape
  /// would show as written), else the escaped cell.
  static func code(_ text: String) -> String {
    let escaped = cell(text)
    return escaped == text ? "`" + text + "`" : escaped
  }

  /// The step summary appended to `$GITHUB_STEP_SUMMARY` (nothing when it is unset or empty),
  /// with `FileOutput`'s rules: a regular file or none, never a device, FIFO or directory. An
  /// output that was asked for and not written fails the step: exit 74, whatever the verdict,
  /// with the path and the reason on stderr and as an annotation.
  static func appendSummary(_ text: String) throws(ExitCode) {
    guard let path = getenv("GITHUB_STEP_SUMMARY").map({ String(cString: $0) }), !path.isEmpty else { return }
    do throws(OutputFileError) {
      try FileOutput.append(path, text)
    } catch {
      let message = "GITHUB_STEP_SUMMARY: \(error)"
      Output.error(message)
      Output.write("::error title=devcaps require::\(data(message))\n")
      throw ExitCode.ioError
    }
  }
}
