import DevCapsKit

/// The readable table: a ✓ or ✗, the key, what was expected, what was found; then a summary.
/// Each column is as wide as its widest cell, up to its cap (a wider cell is cut with "…").
struct RequireText {
  let outcome: RequireOutcome
  let style: TextStyle

  /// The caps of the key and expected columns.
  static let keyColumn = 40
  static let expectedColumn = 24

  func render() -> String {
    let keys = outcome.results.map { OutsideText.terminal($0.key, width: Self.keyColumn) }
    let expected = outcome.results.map { OutsideText.terminal($0.expected, width: Self.expectedColumn) }
    let keyWidth = max(18, (keys.map(\.count).max() ?? 0) + 2)
    let expectedWidth = max(14, (expected.map(\.count).max() ?? 0) + 2)
    var text = ""
    for (index, result) in outcome.results.enumerated() {
      let mark = result.satisfied ? style.good("✓") : style.bad("✗")
      text += "  \(mark) " + keys[index] + String(repeating: " ", count: max(1, keyWidth - keys[index].count))
      text += expected[index] + String(repeating: " ", count: max(1, expectedWidth - expected[index].count))
      text += OutsideText.value(result.findingText) + "\n"
    }
    let summary = outcome.summary
    return text + (outcome.satisfied ? style.good(summary) : style.bad(summary)) + "\n"
  }
}
