import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// GitHub Actions workflow commands: an `::error` annotation per unmet requirement, a `::notice`
/// with the summary, and a Markdown table appended to `$GITHUB_STEP_SUMMARY` when it is set.
struct RequireGitHub {
  let outcome: RequireOutcome

  func emit() {
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
    if let path = getenv("GITHUB_STEP_SUMMARY").map({ String(cString: $0) }), !path.isEmpty {
      appendSummary(to: path)
    }
  }

  /// Workflow-command escaping: `%`, CR and LF in messages; also `:` and `,` in properties.
  func data(_ text: String) -> String {
    text.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
  }

  func property(_ text: String) -> String {
    data(text).replacingAll(":", "%3A").replacingAll(",", "%2C")
  }

  func markdown(_ text: String) -> String {
    text.replacingAll("\\", "\\\\").replacingAll("|", "\\|").replacingAll("\n", " ")
  }

  func appendSummary(to path: String) {
    var text =
      "### devcaps require \(markdown(outcome.manifest))\(outcome.machine.map { " on " + markdown($0) } ?? "")\n\n"
    text += "| | requirement | expected | found |\n|---|---|---|---|\n"
    for (depth, result) in RequireOutcome.rows(outcome.results) {
      let indent = String(repeating: "\u{A0}\u{A0}", count: depth)
      text +=
        "| \(result.satisfied ? "✅" : "❌") | \(indent)`\(markdown(result.key))` | \(markdown(result.expected)) | \(markdown(result.findingText)) |\n"
    }
    text += "\n**\(markdown(outcome.summary))**\n\n"
    do throws(Errno) {
      let file = try FileDescriptor.open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK, mode: 0o644)
      try file.closeAfter { (file) throws(Errno) in try file.writeAll(text) }
    } catch {
      Output.error("warning: cannot append to GITHUB_STEP_SUMMARY (\(path)): \(error)")
    }
  }
}

extension String {
  func replacingAll(_ target: String, _ replacement: String) -> String {
    guard contains(target) else { return self }
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
