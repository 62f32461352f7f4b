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
    let rows = RequireOutcome.rows(outcome.results)
    let keys = rows.map { OutsideText.terminal($0.result.key, width: Self.keyColumn) }
    let expected = rows.map { OutsideText.terminal($0.result.expected, width: Self.expectedColumn) }
    let keyWidth = max(18, (zip(keys, rows).map { $0.count + 2 * $1.depth }.max() ?? 0) + 2)
    let expectedWidth = max(14, (expected.map(\.count).max() ?? 0) + 2)
    var text = ""
    for (index, (depth, result)) in rows.enumerated() {
      let mark = result.satisfied ? style.good("✓") : style.bad("✗")
      // A manifest of any-of or none-of, and its requirements, indented under it.
      let indent = String(repeating: "  ", count: depth)
      let key = keys[index]
      text += indent + "  \(mark) " + key + String(repeating: " ", count: max(1, keyWidth - key.count - indent.count))
      text += expected[index] + String(repeating: " ", count: max(1, expectedWidth - expected[index].count))
      text += OutsideText.value(result.findingText) + "\n"
    }
    let summary = outcome.summary
    return text + (outcome.satisfied ? style.good(summary) : style.bad(summary)) + "\n"
  }
}
