import ArgumentParser
import DevCapsKit

struct GetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "get",
    abstract: "Print one value of the report by its dotted path.",
    discussion: """
      KEY is a path into 'devcaps list --json': section, then field names, with numbers for list \
      elements, or the type or id of one (sensors.light is the first light sensor). Only the \
      section named is probed.

      Strings print as they are but for control characters, written escaped as in 'list' \
      (\\x1B, \\n, \\u{202E}; --json keeps the exact value, in JSON's escapes), numbers in full, a \
      known key whose value is unknown as 'null', and objects or lists as JSON. An unknown key or an index past the end is a usage error \
      (exit 64) that names the nearest valid key.

      Examples:
        devcaps get memory.installedBytes
        devcaps get disks.0.availableBytes
        devcaps get sensors.pressure.reading.value
        devcaps get device --json
      """)

  @Argument(help: ArgumentHelp("A dotted path such as memory.totalBytes or disks.0.path.", valueName: "key"))
  var key: String

  @Flag(name: .long, help: "Print the value as JSON (strings quoted).")
  var json = false

  func run() throws {
    try Self.run(key: key, json: json)
  }

  /// The command itself, also called by `FastPath` without ArgumentParser.
  static func run(key: String, json: Bool) throws -> Never {
    let sectionName = String(key.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    let builder = ReportBuilder()
    let report: Report
    if let section = ReportSection(rawValue: sectionName) {
      report = builder.build(sections: [section])
    } else {
      report = builder.build()
    }
    Output.warn(report.warnings)
    let value: JSONValue
    do {
      value = try report.json.value(atPath: key)
    } catch {
      Output.error(error.description)
      throw ExitCode.usage
    }
    if json {
      Output.write(value.prettyPrinted + "\n")
    } else {
      switch value {
      case .string(let text): Output.write(OutsideText.terminal(text) + "\n")
      case .array, .object: Output.write(OutsideText.terminalLines(value.prettyPrinted) + "\n")
      default: Output.write(value.serialized() + "\n")
      }
    }
    Output.finish(keeping: (builder, report, value))
  }
}
