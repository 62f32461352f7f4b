import DevCapsKit

/// `require --against`: one row per machine, what fell short named, how many machines fall short
/// of each requirement, then a summary. Made a row at a time, so that 100,000 machines are never
/// one String; every field is cut to its column, so a row's length does not grow with a report.
struct RequireFleetText {
  let fleet: RequireFleet
  let style: TextStyle
  /// The machine column: the longest machine label of all rows (each at most
  /// `OutsideText.machineColumn`, and its file as long when two share a name), and two spaces.
  let width: Int

  init(_ fleet: RequireFleet, style: TextStyle) {
    self.fleet = fleet
    self.style = style
    width = max(12, ((0..<fleet.count).lazy.map { fleet.machineLabel($0).count }.max() ?? 0) + 2)
  }

  func row(_ index: Int) -> String {
    // The machine as a label below: the outcome's own name is not needed.
    let outcome = fleet.outcome(index, tellApart: false)
    let mark = outcome.satisfied ? style.good("✓") : style.bad("✗")
    let machine = fleet.machineLabel(index)
    var text = "  \(mark) " + machine + String(repeating: " ", count: max(1, width - machine.count))
    if let error = outcome.error {
      return text + style.bad("not judged, \(error.kind.title): ") + OutsideText.value(error.message) + "\n"
    }
    text += outcome.summary
    let unmet = outcome.unmet.map { "\($0.key) (\($0.findingText))" }
    text += unmet.isEmpty ? "\n" : ": " + OutsideText.value(unmet.joined(separator: ", ")) + "\n"
    if !outcome.missingSections.isEmpty {
      let names = outcome.missingSections.map(\.rawValue).joined(separator: ", ")
      text += "      " + style.dim("the report lacks \(names): save it with devcaps list --json and no --only") + "\n"
    }
    return text
  }

  /// Per requirement some machine falls short of: how many, and the first of them; when more
  /// than one machine falls short (for one, its row says it all).
  func shortfalls() -> String {
    guard fleet.failing > 1 else { return "" }
    var text = "  " + style.dim("by requirement:") + "\n"
    for (failing, example) in fleet.shortfalls() {
      guard let example else { continue }
      let key = OutsideText.terminal(example.result.key, width: RequireText.keyColumn)
      let expected = OutsideText.terminal(example.result.expected, width: RequireText.expectedColumn)
      text +=
        "  \(key) \(expected): " + style.bad("\(failing) of \(fleet.count) fall short")
        + ", e.g. \(fleet.machineLabel(example.machine)) (\(OutsideText.value(example.result.findingText)))\n"
    }
    return text
  }

  /// The last line.
  func summary() -> String {
    let machines = fleet.count
    let failing = fleet.failing
    let unusable = fleet.unusable.count
    let judged =
      failing == 0
      ? (machines == 1 ? "the machine meets the manifest" : "all \(machines) machines meet the manifest")
      : (machines == 1 ? "the machine falls short" : "\(failing) of \(machines) machines fall short")
    if unusable > 0 {
      let reports = unusable == 1 ? "1 report" : "\(unusable) reports"
      let met = machines - failing - unusable
      return style.bad("\(reports) of \(machines) not judged; \(failing) fall short, \(met) meet the manifest") + "\n"
    }
    return (failing == 0 ? style.good(judged) : style.bad(judged)) + "\n"
  }
}
