import ArgumentParser
import DevCapsKit

struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Report what this machine is and has.",
    usage: "devcaps list [--json] [--only <sections>] [<options>]",
    discussion: """
      Sections: \(ReportSection.allCases.map(\.rawValue).joined(separator: ", ")).
      Unknown values are shown as 'unknown' (null in JSON), never guessed. Problems reading a \
      source (permission denied, unparsable contents) are printed on stderr as warnings and \
      listed under "warnings" in JSON; the report is still produced and the exit status is 0.

      Examples:
        devcaps list
        devcaps list --only memory,disks
        devcaps list --json | jq .cpu.logicalCores
      """)

  @Flag(name: .long, help: "Print one JSON document (Schemas/report.schema.json) instead of the readable report.")
  var json = false

  @Option(
    name: .long,
    help: ArgumentHelp("Report only these sections, comma-separated; given again, those too.", valueName: "sections"),
    transform: SectionList.parse)
  var only: [[ReportSection]] = []

  @Flag(name: .long, help: "List network interfaces' MAC addresses (left out by default: identifiers in a CI log).")
  var macAddresses = false

  @Flag(name: .long, help: "List loop, ram and zram devices in storage too (left out by default: not disks).")
  var allBlockDevices = false

  func run() throws {
    Self.run(
      json: json, only: only.isEmpty ? nil : SectionList.union(only), macAddresses: macAddresses,
      allBlockDevices: allBlockDevices)
  }

  /// The command itself, also called by `FastPath` without ArgumentParser.
  static func run(json: Bool, only: [ReportSection]?, macAddresses: Bool = false, allBlockDevices: Bool = false)
    -> Never
  {
    var builder = ReportBuilder()
    builder.includeMACAddresses = macAddresses
    builder.includeVirtualBlockDevices = allBlockDevices
    let report = builder.build(sections: only ?? ReportSection.allCases)
    Output.warn(report.warnings)
    if json {
      let document = report.json
      Output.write(document.prettyPrinted + "\n")
      Output.finish(keeping: (builder, report, document))
    } else {
      Output.write(HumanReport(report: report, style: TextStyle.forStandardOutput()).render())
      Output.finish(keeping: (builder, report))
    }
  }
}

enum SectionList {
  /// The sections of every `--only`, each once, in the order first named.
  static func union(_ lists: [[ReportSection]]) -> [ReportSection] {
    var sections: [ReportSection] = []
    for section in lists.joined() where !sections.contains(section) { sections.append(section) }
    return sections
  }

  static func parse(_ text: String) throws -> [ReportSection] {
    var sections: [ReportSection] = []
    sections.reserveCapacity(ReportSection.allCases.count)
    for name in names(text) {
      guard let section = ReportSection(rawValue: name) else {
        let valid = ReportSection.allCases.map(\.rawValue)
        let hint = nearestCandidate(to: name, among: valid).map { "did you mean '\($0)'? " } ?? ""
        throw ValidationError(
          "unknown section '\(name)'; \(hint)sections are: \(valid.joined(separator: ", "))")
      }
      if !sections.contains(section) { sections.append(section) }
    }
    return sections
  }

  /// The comma-separated names, spaces around each trimmed. ASCII text is split at its comma
  /// bytes (there each byte is a Character: by Character, the split of fastfetch's seven
  /// sections cost 31,000 instructions); any other text by Character, where a combining mark
  /// after a comma joins it.
  static func names(_ text: String) -> [String] {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
      return text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters() }
    }
    return text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
      Substring($0).trimmingCharacters()
    }
  }
}

extension Substring {
  /// Without the spaces around. By index, not with `reversed()`: instantiating the reversed
  /// collections' generic types cost a sixth of `list --json --only …`.
  func trimmingCharacters() -> String {
    var start = startIndex
    var end = endIndex
    while start < end && self[start] == " " { start = index(after: start) }
    while end > start && self[index(before: end)] == " " { end = index(before: end) }
    return String(self[start..<end])
  }
}
