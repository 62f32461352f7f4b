import DevCapsKit

/// JUnit XML as GitLab, Jenkins and the common GitHub test reporters read it: one testsuite,
/// one testcase per requirement, a failure element for each unmet one; a report or manifest
/// that could not be used is a testsuite with one testcase holding an error element.
enum RequireJUnit {
  static func render(_ outcome: RequireOutcome) -> String {
    header(tests: outcome.results.count, failures: outcome.unmet.count, errors: 0) + suite(outcome) + footer
  }

  /// What comes before the first testsuite: the totals of them all.
  static func header(tests: Int, failures: Int, errors: Int) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      + "<testsuites name=\"devcaps\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
  }

  static let footer = "</testsuites>\n"

  /// One machine's testsuite.
  static func suite(_ outcome: RequireOutcome) -> String {
    let name = "devcaps require \(outcome.manifest)" + (outcome.machine.map { " on \($0)" } ?? "")
    if let error = outcome.error { return errorSuite(name: name, error) }
    var xml =
      "  <testsuite name=\"\(Self.name(name))\" tests=\"\(outcome.results.count)\" failures=\"\(outcome.unmet.count)\" errors=\"0\" skipped=\"0\">\n"
    for result in outcome.results {
      xml += "    <testcase classname=\"devcaps.require\" name=\"\(Self.name("\(result.key) \(result.expected)"))\">\n"
      // The manifests of any-of and none-of, indented under the requirement: each line escaped
      // on its own, so that only these line feeds are raw and each line begins with devcaps' text.
      let nested = RequireOutcome.rows(result.children).map { depth, child in
        "\n" + String(repeating: "  ", count: depth + 1) + escape("\(child.satisfied ? "✓" : "✗") \(child)")
      }.joined()
      if result.satisfied {
        xml += "      <system-out>\(escape(result.findingText) + nested)</system-out>\n"
      } else {
        xml +=
          "      <failure message=\"\(escape(result.findingText))\" type=\"unmet\">\(escape("\(result.key): expected \(result.expected), \(result.findingText)") + nested)</failure>\n"
      }
      xml += "    </testcase>\n"
    }
    return xml + "  </testsuite>\n"
  }

  /// The testsuite of a run or report that judged nothing: one testcase, its error.
  static func errorSuite(manifest: String, _ error: RequireError) -> String {
    errorSuite(name: "devcaps require \(manifest)", error)
  }

  static func errorSuite(name: String, _ error: RequireError) -> String {
    "  <testsuite name=\"\(Self.name(name))\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
      + "    <testcase classname=\"devcaps.require\" name=\"\(Self.name(error.kind.title + " " + error.file))\">\n"
      + "      <error message=\"\(escape(error.message))\" type=\"\(error.kind.rawValue)\">\(escape(error.message))</error>\n"
      + "    </testcase>\n  </testsuite>\n"
  }

  /// `text` for an attribute or element, cut to `width` Unicode scalars with "…" (never inside an
  /// entity), looking at no more than `width` of a huge one.
  static func escape(_ text: String, width: Int = 1000) -> String { OutsideText.escape(text, for: .xml, width: width) }

  /// A testsuite's or testcase's name, as test reporters show it in one line.
  static func name(_ text: String) -> String { escape(text, width: RequireFleet.longestShownName) }
}
