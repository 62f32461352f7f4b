import DevCapsKit

/// The readable table: a ✓ or ✗, the key, what was expected, what was found; then a summary.
struct RequireText {
  let outcome: RequireOutcome
  let style: TextStyle

  func render() -> String {
    let keyWidth = max(18, (outcome.results.map(\.key.count).max() ?? 0) + 2)
    let expectedWidth = max(14, (outcome.results.map(\.expected.count).max() ?? 0) + 2)
    var text = ""
    for result in outcome.results {
      let mark = result.satisfied ? style.good("✓") : style.bad("✗")
      let key = HumanReport.printable(result.key)
      text += "  \(mark) " + key + String(repeating: " ", count: max(1, keyWidth - key.count))
      text += result.expected + String(repeating: " ", count: max(1, expectedWidth - result.expected.count))
      text += HumanReport.printable(result.findingText) + "\n"
    }
    let summary = outcome.summary
    return text + (outcome.satisfied ? style.good(summary) : style.bad(summary)) + "\n"
  }
}
