import ArgumentParser
import DevCapsKit
import Testing

@testable import devcaps

/// The hand-written dispatcher must take a command line exactly as ArgumentParser does, or leave
/// it to ArgumentParser: help, errors, completions and the man page stay ArgumentParser's own.
@Suite("FastPath")
struct FastPathTests {
  static let acceptedLines: [[String]] = [
    ["--version"],
    ["list"], ["list", "--json"], ["list", "--only", "cpu"], ["list", "--only=memory,disks"],
    ["list", "--json", "--only", "cpu,memory"], ["list", "--only", "cpu", "--json"],
    ["list", "--only", "device,system,cpu,memory,disks,power,displays", "--json"],
    ["list", "--only", " cpu , memory,cpu"], ["list", "--only", "cpu", "--only", "memory"],
    ["list", "--only", "cpu", "--json", "--only=memory,cpu"],
    ["get", "memory.totalBytes"], ["get", "device", "--json"], ["get", "--json", "disks.0.path"],
    ["get", "nosuchsection.x"],
  ]

  static let declinedLines: [[String]] = [
    [], ["--help"], ["-h"], ["help"], ["help", "list"], ["--version", "list"], ["list", "--help"],
    ["list", "-h"], ["list", "--json", "--json"], ["list", "--only"], ["list", "--only", "--json"],
    ["list", "--only", "nosuch"], ["list", "--only="], ["list", "--only", "cpu", "--only", "nosuch"],
    ["list", "--only", ""], ["list", "extra"], ["list", "--"], ["list", "--jso"], ["list", "--version"],
    ["get"], ["get", "--json"], ["get", "a", "b"], ["get", "-x"], ["get", "help"], ["get", "--help"],
    ["get", "memory.totalBytes", "--json", "--json"], ["get", "--", "memory"], ["get", ""],
    ["--generate-completion-script", "bash"], ["--experimental-dump-help"], ["require", "x.json"],
    ["watch", "battery"], ["up-angle"], ["LIST"],
  ]

  @Test("each accepted command line parses as ArgumentParser parses it", arguments: acceptedLines)
  func accepted(arguments: [String]) throws {
    let invocation = try #require(FastPath.parse(arguments))
    if arguments == ["--version"] {
      #expect(DevCaps.configuration.version == DevCaps.version)
      #expect(invocation == .version)
      return
    }
    let parsed = try DevCaps.parseAsRoot(arguments)
    switch parsed {
    case let command as ListCommand:
      let only = command.only.isEmpty ? nil : SectionList.union(command.only)
      #expect(invocation == .list(json: command.json, only: only))
    case let command as GetCommand: #expect(invocation == .get(key: command.key, json: command.json))
    default: Issue.record("ArgumentParser parsed \(arguments) as \(type(of: parsed))")
    }
  }

  @Test("everything else is left to ArgumentParser", arguments: declinedLines)
  func declined(arguments: [String]) {
    #expect(FastPath.parse(arguments) == nil)
  }
}
