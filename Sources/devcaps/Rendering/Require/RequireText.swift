import DevCapsKit

/// The readable table: a ✓ or ✗, the key, what was expected, what was found; then a summary.
struct RequireText {
  let outcome: RequireOutcome
  let style: TextStyle

  func render() -> String {
    let rows = RequireOutcome.rows(outcome.results)
    let keyWidth = max(18, (rows.map { $0.result.key.count + 2 * $0.depth }.max() ?? 0) + 2)
    let expectedWidth = max(14, (rows.map(\.result.expected.count).max() ?? 0) + 2)
    var text = ""
    for (depth, result) in rows {
      let mark = result.satisfied ? style.good("✓") : style.bad("✗")
      // A manifest of any-of or none-of, and its requirements, indented under it.
      let indent = String(repeating: "  ", count: depth)
      let key = HumanReport.printable(result.key)
      text += indent + "  \(mark) " + key + String(repeating: " ", count: max(1, keyWidth - key.count - indent.count))
      text += result.expected + String(repeating: " ", count: max(1, expectedWidth - result.expected.count))
      text += HumanReport.printable(result.findingText) + "\n"
    }
    let summary = outcome.summary
    return text + (outcome.satisfied ? style.good(summary) : style.bad(summary)) + "\n"
  }
}
