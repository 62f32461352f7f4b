import DevCapsKit

/// `require --against`: one row per machine, what fell short named, then a summary.
struct RequireFleetText {
  let outcomes: [RequireOutcome]
  let style: TextStyle

  func render() -> String {
    let width = max(12, (outcomes.map { HumanReport.printable($0.machine ?? "").count }.max() ?? 0) + 2)
    var text = ""
    for outcome in outcomes {
      let mark = outcome.satisfied ? style.good("✓") : style.bad("✗")
      let machine = HumanReport.printable(outcome.machine ?? "")
      text += "  \(mark) " + machine + String(repeating: " ", count: max(1, width - machine.count)) + outcome.summary
      let unmet = outcome.unmet.map { "\($0.key) (\($0.findingText))" }
      text += unmet.isEmpty ? "\n" : ": " + HumanReport.printable(unmet.joined(separator: ", ")) + "\n"
      if !outcome.missingSections.isEmpty {
        let names = outcome.missingSections.map(\.rawValue).joined(separator: ", ")
        text += "      " + style.dim("the report lacks \(names): save it with devcaps list --json and no --only") + "\n"
      }
    }
    let failing = outcomes.filter { !$0.satisfied }.count
    let summary =
      failing == 0
      ? (outcomes.count == 1 ? "the machine meets the manifest" : "all \(outcomes.count) machines meet the manifest")
      : "\(failing) of \(outcomes.count) machine\(outcomes.count == 1 ? "" : "s") fall short"
    return text + (failing == 0 ? style.good(summary) : style.bad(summary)) + "\n"
  }
}
