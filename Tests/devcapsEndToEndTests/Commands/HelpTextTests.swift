import Foundation
import Testing

/// The help texts, as ArgumentParser's own dump (`--experimental-dump-help`, what the man page
/// generator reads) and as `--help` prints them for every command.
///
/// A discussion has two kinds of lines: prose (no leading blank), which ArgumentParser and the man
/// page re-wrap, and preformatted lines (examples, tables; indented), whose columns are kept. Runs
/// of blanks belong only to the second kind.
@Suite("devcaps --help texts")
struct HelpTextTests {
  struct Command {
    var path: [String]
    var info: [String: Any]
    var abstract: String { info["abstract"] as? String ?? "" }
    var discussion: String { info["discussion"] as? String ?? "" }
    var arguments: [[String: Any]] { info["arguments"] as? [[String: Any]] ?? [] }
  }

  /// devcaps and every subcommand, from the dump.
  static func commands() throws -> [Command] {
    let result = try DevCapsProcess.run(["--experimental-dump-help"])
    #expect(result.status == 0, "\(result.stderr)")
    let dump = try #require(try result.json() as? [String: Any])
    var found: [Command] = []
    func walk(_ info: [String: Any], _ path: [String]) {
      found.append(Command(path: path, info: info))
      for child in info["subcommands"] as? [[String: Any]] ?? [] {
        walk(child, path + [child["commandName"] as? String ?? "?"])
      }
    }
    walk(try #require(dump["command"] as? [String: Any]), [])
    return found
  }

  static func isPreformatted(_ line: Substring) -> Bool { line.first == " " }

  @Test("no run of blanks inside a sentence, and only ASCII (generate-manual drops the rest)")
  func sentences() throws {
    let commands = try Self.commands()
    #expect(
      commands.map { $0.path.joined(separator: " ") } == [
        "", "list", "get", "require", "export", "snapshot", "watch", "up-angle", "motion", "calibrate",
        "calibrate magnetometer", "tilt", "help",
      ])
    for command in commands {
      let name = (["devcaps"] + command.path).joined(separator: " ")
      var prose = [command.abstract]
      for argument in command.arguments {
        prose.append(argument["abstract"] as? String ?? "")
        prose.append(argument["discussion"] as? String ?? "")
      }
      prose += command.discussion.split(separator: "\n").filter { !Self.isPreformatted($0) }.map(String.init)
      for text in prose {
        #expect(!text.contains("  "), "\(name): a run of blanks in '\(text)'")
        #expect(text == text.trimmingCharacters(in: .whitespaces), "\(name): blanks around '\(text)'")
      }
      for text in prose + [command.discussion] {
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(name): not ASCII: '\(text)'")
      }
    }
  }

  @Test("--help of every command fits 80 columns: prose wrapped, tables and examples never")
  func eightyColumns() throws {
    for command in try Self.commands() {
      let name = (["devcaps"] + command.path).joined(separator: " ")
      let result = try DevCapsProcess.run(command.path + ["--help"], environment: ["COLUMNS": "80"])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      for line in lines {
        #expect(line.count <= 80, "\(name) --help: \(line.count) columns: '\(line)'")
        // Unindented lines are sentences (wrapped by ArgumentParser): one blank between words.
        if !Self.isPreformatted(line) {
          #expect(!line.contains("  "), "\(name) --help: a run of blanks in '\(line)'")
        }
      }
      // A preformatted line wider than the screen would be wrapped into a broken table row.
      for line in command.discussion.split(separator: "\n") where Self.isPreformatted(line) {
        #expect(lines.contains(line), "\(name) --help: '\(line)' was wrapped")
      }
    }
  }

  @Test("watch --help lists every stream `watch` takes, once, in its Streams table")
  func everyStream() throws {
    let watch = try #require(try Self.commands().first { $0.path == ["watch"] })
    let argument = try #require(watch.arguments.first { ($0["valueName"] as? String) == "stream" })
    let abstract = try #require(argument["abstract"] as? String)
    let kinds = abstract.replacingOccurrences(of: "What to watch: ", with: "").dropLast()
      .components(separatedBy: ", ")
    let lines = watch.discussion.components(separatedBy: "\n")
    let table = try #require(lines.firstIndex(of: "Streams:"))
    // A row's name is in the first column; a continuation starts further in.
    let listed = lines[(table + 1)...].prefix { $0.hasPrefix("  ") }.filter { $0.dropFirst(2).first != " " }
      .compactMap { $0.dropFirst(2).split(separator: " ").first.map(String.init) }
    #expect(kinds.count >= 16)
    #expect(listed.sorted() == kinds.sorted(), "listed \(listed), taken \(kinds)")
  }

  @Test(
    "help of a command that does not exist is a usage error (64) naming it and the real commands, not the main help",
    arguments: [
      (
        ["help", "nonexistent"],
        "unknown command 'nonexistent'; the commands of devcaps are list, get, require, export, snapshot, watch, up-angle, motion, calibrate, tilt"
      ),
      (["help", "calibrate", "gyro"], "unknown command 'gyro'; the commands of devcaps calibrate are magnetometer"),
      (["help", "list", "extra"], "unknown command 'extra': devcaps list has no subcommands"),
    ])
  func helpOfUnknownCommand(arguments: [String], message: String) throws {
    let result = try DevCapsProcess.run(arguments)
    #expect(result.status == 64, "\(result.stdout)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty, "no help printed: \(result.stdout.prefix(200))")
  }

  @Test(
    "help of real commands still prints their help and exits 0",
    arguments: [["help"], ["help", "require"], ["help", "calibrate", "magnetometer"]])
  func helpOfKnownCommand(arguments: [String]) throws {
    let result = try DevCapsProcess.run(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("USAGE: devcaps"), "\(result.stdout.prefix(200))")
  }
}
