import DevCapsKit

/// `require --against`: one row per machine, what fell short named, then a summary. Made a row
/// at a time, so that 100,000 machines are never one String.
struct RequireFleetText {
  let style: TextStyle
  /// The machine column: the longest machine name of all rows, and two spaces.
  let width: Int

  init(machines: some Sequence<String>, style: TextStyle) {
    self.style = style
    width = max(12, (machines.lazy.map { HumanReport.printable($0).count }.max() ?? 0) + 2)
  }

  func row(_ outcome: RequireOutcome) -> String {
    let mark = outcome.satisfied ? style.good("✓") : style.bad("✗")
    let machine = HumanReport.printable(outcome.machine ?? "")
    var text = "  \(mark) " + machine + String(repeating: " ", count: max(1, width - machine.count)) + outcome.summary
    let unmet = outcome.unmet.map { "\($0.key) (\($0.findingText))" }
    text += unmet.isEmpty ? "\n" : ": " + HumanReport.printable(unmet.joined(separator: ", ")) + "\n"
    if !outcome.missingSections.isEmpty {
      let names = outcome.missingSections.map(\.rawValue).joined(separator: ", ")
      text += "      " + style.dim("the report lacks \(names): save it with devcaps list --json and no --only") + "\n"
    }
    return text
  }

  /// The last line, after `machines` rows of which `failing` fell short.
  func summary(machines: Int, failing: Int) -> String {
    let summary =
      failing == 0
      ? (machines == 1 ? "the machine meets the manifest" : "all \(machines) machines meet the manifest")
      : "\(failing) of \(machines) machine\(machines == 1 ? "" : "s") fall short"
    return (failing == 0 ? style.good(summary) : style.bad(summary)) + "\n"
  }
}
