import DevCapsKit

/// JUnit XML as GitLab, Jenkins and the common GitHub test reporters read it: one testsuite,
/// one testcase per requirement, a failure element for each unmet one.
struct RequireJUnit {
  /// One per machine with `--against`.
  let outcomes: [RequireOutcome]

  init(outcome: RequireOutcome) { outcomes = [outcome] }
  init(outcomes: [RequireOutcome]) { self.outcomes = outcomes }

  func render() -> String {
    var xml = Self.header(
      tests: outcomes.map(\.results.count).reduce(0, +), failures: outcomes.map(\.unmet.count).reduce(0, +))
    for outcome in outcomes { xml += suite(outcome) }
    return xml + Self.footer
  }

  /// What comes before the first testsuite: the totals of them all.
  static func header(tests: Int, failures: Int) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      + "<testsuites name=\"devcaps\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
  }

  static let footer = "</testsuites>\n"

  /// One machine's testsuite.
  func suite(_ outcome: RequireOutcome) -> String {
    var xml = ""
    let failures = outcome.unmet.count
    let suite = escape("devcaps require \(outcome.manifest)" + (outcome.machine.map { " on \($0)" } ?? ""))
    xml +=
      "  <testsuite name=\"\(suite)\" tests=\"\(outcome.results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
    for result in outcome.results {
      let name = escape("\(result.key) \(result.expected)")
      xml += "    <testcase classname=\"devcaps.require\" name=\"\(name)\">\n"
      // The manifests of any-of and none-of, indented under the requirement.
      let nested = RequireOutcome.rows(result.children).map { depth, child in
        "\n" + String(repeating: "  ", count: depth + 1) + "\(child.satisfied ? "✓" : "✗") \(child)"
      }.joined()
      if result.satisfied {
        xml += "      <system-out>\(escape(result.findingText + nested))</system-out>\n"
      } else {
        let message = escape(result.findingText)
        xml +=
          "      <failure message=\"\(message)\" type=\"unmet\">\(escape("\(result.key): expected \(result.expected), \(result.findingText)" + nested))</failure>\n"
      }
      xml += "    </testcase>\n"
    }
    xml += "  </testsuite>\n"
    return xml
  }

  /// XML text and attribute escaping; characters XML 1.0 cannot hold become U+FFFD.
  func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
      default:
        let allowed = scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF
        escaped.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
      }
    }
    return escaped
  }
}
