import ArgumentParser
import DevCapsKit

/// Recognises the hottest command lines exactly as ArgumentParser would parse them, and declines
/// (nil) everything else: help, errors, completions, repeated or unknown options, `--`, values
/// that look like options, invalid section lists. A declined line goes to ArgumentParser, so its
/// output, errors and exit status stay ArgumentParser's own. The tests compare both parses.
enum FastPath {
  enum Invocation: Equatable {
    case version
    case list(json: Bool, only: [ReportSection]?)
    case get(key: String, json: Bool)

    func run() throws {
      switch self {
      case .version: Output.write(DevCaps.version + "\n")
      case .list(let json, let only): ListCommand.run(json: json, only: only)
      case .get(let key, let json): try GetCommand.run(key: key, json: json)
      }
    }
  }

  static func parse(_ arguments: [String]) -> Invocation? {
    guard let first = arguments.first else { return nil }
    let rest = arguments.dropFirst()
    switch first {
    case "--version" where rest.isEmpty:
      return .version
    case "list":
      var json = false
      var only: [ReportSection]?
      var index = rest.startIndex
      while index < rest.endIndex {
        let argument = rest[index]
        if argument == "--json", !json {
          json = true
        } else if let value = optionValue("--only", argument, rest, &index) {
          guard let sections = try? SectionList.parse(value) else { return nil }
          only = SectionList.union([only ?? [], sections])
        } else {
          return nil
        }
        index += 1
      }
      return .list(json: json, only: only)
    case "get":
      var json = false
      var key: String?
      for argument in rest {
        if argument == "--json", !json {
          json = true
        } else if key == nil, isPlainValue(argument), argument != "help" {
          key = argument
        } else {
          return nil
        }
      }
      return key.map { .get(key: $0, json: json) }
    default:
      return nil
    }
  }

  /// `--name value` (advancing `index`) or `--name=value`, with a value ArgumentParser takes as
  /// a value, not as an option.
  private static func optionValue(
    _ name: String, _ argument: String, _ arguments: ArraySlice<String>, _ index: inout Int
  ) -> String? {
    if argument == name {
      let next = index + 1
      guard next < arguments.endIndex, isPlainValue(arguments[next]) else { return nil }
      index = next
      return arguments[next]
    }
    if argument.hasPrefix(name + "=") {
      let value = String(argument.dropFirst(name.count + 1))
      return value.isEmpty || value.hasPrefix("-") ? nil : value
    }
    return nil
  }

  private static func isPlainValue(_ argument: String) -> Bool {
    !argument.isEmpty && !argument.hasPrefix("-")
  }
}
