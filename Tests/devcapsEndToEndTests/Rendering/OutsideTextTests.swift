import DevCapsKit
import Foundation
import TestProcesses
import Testing

@testable import devcaps

/// Outside text (a report's names, a manifest's keys, a UPower NativePath) never reaches a
/// terminal, a CI log or an exporter's file raw: every control character and escape sequence is
/// escaped, in every sink and every format.
@Suite("Outside text escaped in every sink and format")
struct OutsideTextTests {
  /// Every C0 control, DEL, every C1 control, every bidirectional control, and the escape
  /// sequences a terminal acts on: CSI, OSC ended by BEL and by ST, an 8-bit CSI, a hyperlink.
  static let controls: [String] =
    (0..<0x20).map { String(Unicode.Scalar(UInt8($0))) } + ["\u{7F}"]
    + (0x80...0x9F).map { String(Unicode.Scalar(UInt32($0))!) }
    + Self.bidiControls.map { String(Unicode.Scalar($0)!) }
    + Self.formatMarks.map { String(Unicode.Scalar($0)!) }
    + [
      "\u{1B}[2J", "\u{1B}]0;PWNED\u{07}", "\u{1B}]0;PWNED\u{1B}\\", "\u{9B}31m", "\u{1B}]8;;https://x\u{1B}\\link",
      "\u{1B}]0;PWNED\u{07}\u{1B}[2J", "a\r\n::error::injected", "%0A::warning::x",
    ]

  static let sinks: [OutsideText.Sink] = [
    .terminal, .githubMessage, .githubProperty, .markdown, .prometheusLabel, .xml, .nfdLabel,
  ]

  /// Embeddings and overrides, U+202A–U+202E, and isolates, U+2066–U+2069: they reorder what a
  /// line shows.
  static let bidiControls: [UInt32] = Array(0x202A...0x202E) + Array(0x2066...0x2069)

  /// Format characters (Unicode category Cf) and the line and paragraph separators (Zl, Zp):
  /// invisible, or marks that reorder a line (LRM, RLM, ALM), or a line end to some readers. A
  /// soft hyphen, a zero-width space, a BOM, tag characters (U+E0000–U+E007F, some unassigned).
  static let formatMarks: [UInt32] =
    [0xAD, 0x600, 0x61C, 0x180E, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2028, 0x2029, 0x2060, 0xFEFF, 0x110BD]
    + [0xE0000, 0xE0001, 0xE0002, 0xE0020, 0xE0041, 0xE007F]

  /// Whether `value` is a control, bidirectional control or format mark that no sink but JSON
  /// may write raw.
  static func isHidden(_ value: UInt32) -> Bool {
    if value < 0x20 || (0x7F...0x9F).contains(value) || (0xE0000...0xE007F).contains(value) { return true }
    guard let scalar = Unicode.Scalar(value) else { return false }
    return [.format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
  }

  /// The controls and format marks in `text`, as code points, but those `allowed` (line ends of
  /// a format).
  static func rawControls(_ text: String, allowed: Set<UInt32> = []) -> [UInt32] {
    text.unicodeScalars.map(\.value).filter { (isHidden($0) || bidiControls.contains($0)) && !allowed.contains($0) }
  }

  @Test(
    "every control character, format mark and escape sequence, in every sink: none survives raw, and the sink's syntax holds"
  )
  func everySink() {
    for sink in Self.sinks {
      for control in Self.controls {
        let text = "a" + control + "b"
        let escaped = OutsideText.escape(text, for: sink)
        #expect(Self.rawControls(escaped) == [], "\(sink) \(control.unicodeScalars.map(\.value))")
        switch sink {
        case .githubMessage: #expect(!escaped.contains("\n") && !escaped.contains("\r"))
        case .githubProperty: #expect(!escaped.contains(":") && !escaped.contains(","))
        case .markdown:
          #expect(!escaped.contains("|") || escaped.contains("\\|"))
          #expect(!escaped.contains("\n") || escaped.contains("\\n"))
        case .prometheusLabel:
          // A backslash only as the start of an escape Prometheus knows.
          #expect(
            escaped.replacingOccurrences(of: "\\\\", with: "").replacingOccurrences(of: "\\n", with: "")
              .replacingOccurrences(of: "\\\"", with: "").contains("\\") == false, "\(escaped)")
        case .xml: #expect(!escaped.contains("<") && !escaped.contains("&#"))
        case .nfdLabel: #expect(escaped.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
        case .terminal: break
        }
      }
    }
    #expect(OutsideText.escape("50%\n", for: .githubMessage) == "50%25%0A")
    #expect(OutsideText.escape("a:b,c%\r", for: .githubProperty) == "a%3Ab%2Cc%25%0D")
    #expect(OutsideText.escape("\u{1B}]0;x\u{07}", for: .terminal) == "\\x1B]0;x\\x07")
    #expect(OutsideText.escape("\u{9B}", for: .xml) == "\\u{9B}")
    #expect(OutsideText.escape("a\r\n::warning::x", for: .xml) == "a\\r\\n::warning::x")
    #expect(OutsideText.escape("\u{202E}fdp.exe\u{2066}", for: .terminal) == "\\u{202E}fdp.exe\\u{2066}")
    #expect(OutsideText.escape("a\"\\\n\u{1B}", for: .prometheusLabel) == "a\\\"\\\\\\n\\\\x1B")
    #expect(OutsideText.escape("<&>", for: .xml) == "&lt;&amp;&gt;")
    #expect(OutsideText.escape("a\u{2028}b\u{200F}c\u{FEFF}", for: .terminal) == "a\\u{2028}b\\u{200F}c\\u{FEFF}")
    #expect(OutsideText.escape("\u{AD}\u{E0041}", for: .xml) == "\\u{AD}\\u{E0041}")
    #expect(OutsideText.escape("a\nb", for: .markdown) == "a\\nb")
  }

  @Test("a field wider than its column is cut with …, looking at no more than the column of a huge one")
  func cut() {
    #expect(OutsideText.terminal("abcdef", width: 4) == "abc…")
    #expect(OutsideText.terminal("abcd", width: 4) == "abcd")
    // Escaping widens: the cut is of what is shown, before a whole escape or entity.
    #expect(OutsideText.terminal("\u{1B}\u{1B}", width: 6) == "\\x1B…")
    #expect(OutsideText.escape("&&", for: .xml, width: 9) == "&amp;…")
    #expect(OutsideText.escape("%%%", for: .githubMessage, width: 5) == "%25…")
    #expect(RequireJUnit.escape("<<<<", width: 10) == "&lt;&lt;…")
    #expect(OutsideText.escape("[[[", for: .markdown, width: 5) == "\\[\\[…")
    let huge = String(repeating: "/", count: 20_000_000)
    let start = ContinuousClock.now
    #expect(OutsideText.value(huge).count == OutsideText.valueColumn)
    #expect(OutsideText.escape(huge, for: .nfdLabel) == "")
    #expect(ContinuousClock.now - start < .seconds(1))
  }

  @Test(
    "a cut counts Unicode scalars: a letter with a million combining accents (one Character) is cut to its column in every sink"
  )
  func combiningMarks() {
    let accents = "N" + String(repeating: "\u{301}", count: 1_000_000)
    let start = ContinuousClock.now
    for sink in Self.sinks where sink != .nfdLabel {
      for width in [1, 40, 200, 1000] {
        let cut = OutsideText.escape(accents, for: sink, width: width)
        #expect(cut.unicodeScalars.count == width && cut.hasSuffix("…"), "\(sink) \(width)")
      }
    }
    #expect(OutsideText.value(accents).unicodeScalars.count == OutsideText.valueColumn)
    #expect(RequireJUnit.escape(accents).unicodeScalars.count == 1000)
    #expect(RequireJUnit.name(accents).unicodeScalars.count == 200)
    #expect(RequireGitHub.cell(accents).unicodeScalars.count == 200)
    #expect(RequireGitHub.data(accents).unicodeScalars.count == 1000)
    let message = OutsideText.message("Error: The value '\(accents)' is invalid for '--only <section>'\n\(accents)")
    #expect(
      message.unicodeScalars.count <= OutsideText.quoteWidth + 100 + OutsideText.messageLineWidth,
      "\(message.utf8.count)")
    #expect(ContinuousClock.now - start < .seconds(3))
  }

  /// Names that are Markdown or HTML: a comment that hides what follows, an image that loads
  /// from elsewhere (a tracking pixel), raw HTML, a link whose text hides where it goes.
  static let markdownNames = [
    "<!-- hide rest", "![pixel](https://evil.example/x.png)", "<img src=https://evil.example/y.png>",
    "[click](https://evil.example/phish)",
  ]

  @Test("a Markdown cell renders as the text it holds: no HTML, comment, image, link, emphasis, code or math")
  func markdownInert() {
    for name in Self.markdownNames + ["*a* _b_ `c` ~~d~~ $e$ &amp; \\ |"] {
      let cell = OutsideText.escape(name, for: .markdown)
      #expect(!cell.contains("<") && !cell.contains(">") && !cell.contains("![") && !cell.contains("]("), "\(cell)")
      // Every Markdown-active ASCII character is backslash-escaped or an entity.
      var previous: Character = " "
      for character in cell {
        if "*_`~$[]()!|".contains(character) { #expect(previous == "\\", "\(cell)") }
        previous = previous == "\\" && character == "\\" ? " " : character
      }
    }
    #expect(OutsideText.escape("[click](x)", for: .markdown) == "\\[click\\]\\(x\\)")
    #expect(OutsideText.escape("<!-- a & b -->", for: .markdown) == "&lt;\\!-- a &amp; b --&gt;")
    #expect(OutsideText.escape("disk-free:/d1", for: .markdown) == "disk-free:/d1")
  }

  /// A saved report with every string the decoder accepts as any text made `hostile`.
  static func hostileReport(_ hostile: String, machine: String = "thinkpad-laptop") throws -> Report {
    let text = try String(contentsOf: Golden.directory.appendingPathComponent("list-\(machine).json"), encoding: .utf8)
      .replacingOccurrences(of: "\"<statvfs>\"", with: "1000000000")
    var document = try JSONParser.parse(Array(text.utf8))
    func decodes(_ value: JSONValue) -> Report? {
      try? SavedReport.decode(Array(value.prettyPrinted.utf8), path: "hostile.json").get()
    }
    #expect(decodes(document) != nil)
    /// The paths of every string, as indices into objects' members and arrays' elements, by
    /// the key of the member that holds it.
    var groups: [String: [[Int]]] = [:]
    func collect(_ value: JSONValue, _ path: [Int], key: String) {
      switch value {
      case .object(let members):
        for index in members.indices where members[index].key != "schemaVersion" {
          collect(members[index].value, path + [index], key: members[index].key)
        }
      case .array(let elements): for index in elements.indices { collect(elements[index], path + [index], key: key) }
      case .string: groups[key, default: []].append(path)
      default: break
      }
    }
    collect(document, [], key: "")
    func set(_ value: JSONValue, _ path: ArraySlice<Int>, _ new: String) -> JSONValue {
      guard let first = path.first else { return .string(new) }
      switch value {
      case .object(var members):
        members[first] = JSONMember(members[first].key, set(members[first].value, path.dropFirst(), new))
        return .object(members)
      case .array(var elements):
        elements[first] = set(elements[first], path.dropFirst(), new)
        return .array(elements)
      default: return value
      }
    }
    // The strings of each key in turn: kept hostile where the report still decodes (enums must
    // stay valid).
    var changed = 0
    for key in groups.keys.sorted() {
      let candidate = groups[key]!.reduce(document) { set($0, $1[...], hostile) }
      if decodes(candidate) != nil {
        document = candidate
        changed += 1
      }
    }
    #expect(changed > 20, "\(changed) keys made hostile")
    return try #require(decodes(document))
  }

  static let hostile =
    "x\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}1m\r\n::error::injected\u{1}\u{7F}\u{202E}y\u{2066}\u{2028}\u{FEFF}\u{200F}\u{E0041}z"

  @Test("a report whose every free string holds escape sequences: list, Prometheus and NFD write none raw")
  func reportFormats() throws {
    let report = try Self.hostileReport(Self.hostile)
    #expect(report.power?.batteries.first?.id == Self.hostile, "the battery's NativePath is hostile")
    let human = HumanReport(report: report, style: TextStyle(colour: false)).render()
    #expect(Self.rawControls(human, allowed: [0x0A]) == [], "\(human)")
    #expect(!human.contains("\n::error"))
    let prometheus = PrometheusExport(report: report).render()
    #expect(Self.rawControls(prometheus, allowed: [0x0A]) == [])
    #expect(prometheus.contains("battery=\"x\\\\x1B]0;PWNED\\\\x07"), "\(prometheus)")
    // Every line a comment or a sample: a line feed in a label cannot start a new one.
    #expect(prometheus.split(separator: "\n").allSatisfy { $0.hasPrefix("#") || $0.hasPrefix("devcaps_") })
    let nfd = NFDExport(report: report).render()
    #expect(nfd.allSatisfy { $0 == "\n" || ($0.isASCII && ($0.isLetter || $0.isNumber || "-_.=".contains($0))) })
  }

  @Test("an NFD value with nothing a label may hold (an os-release ID of '!!!') is left out, as an unknown one")
  func nfdEmptyValues() throws {
    let report = try Self.hostileReport("!!!")
    #expect(report.system?.id == "!!!")
    let nfd = NFDExport(report: report).render()
    #expect(!nfd.split(separator: "\n").contains { $0.hasSuffix("=") }, "\(nfd)")
    #expect(!nfd.contains("devcaps-os="), "\(nfd)")
  }

  @Test("require's text and JUnit on that report, with a hostile machine name: nothing raw, JUnit well-formed")
  func requireFormats() throws {
    let report = try Self.hostileReport(Self.hostile)
    let manifest = try Manifest.parse(
      Array(#"{"keyboard": true, "gps": true, "disk-free:/a\u001b]0;x\u0007": ">= 1 B"}"#.utf8))
    let results = RequirementEvaluator(report: report).evaluate(manifest)
    let outcome = RequireOutcome(manifest: Self.hostile, results: results, machine: Self.hostile, report: "r.json")
    let text = RequireText(outcome: outcome, style: TextStyle(colour: false)).render()
    #expect(Self.rawControls(text, allowed: [0x0A]) == [], "\(text)")
    let junit = RequireJUnit.render(outcome)
    #expect(Self.rawControls(junit, allowed: [0x0A]) == [])
    let parsed = try ChildProcess.run(
      "/usr/bin/python3", ["-c", "import sys, xml.etree.ElementTree as ET; ET.fromstring(sys.stdin.buffer.read())"],
      input: Data(junit.utf8))
    #expect(parsed.status == 0, "\(junit)")
  }

  @Test(
    "require --against a report named with escape sequences and a line feed, a manifest key with CR LF: text, github, junit and json write none raw, and no line but github's begins with outside text",
    arguments: ["text", "github", "junit", "json"])
  func requireProcess(format: String) throws {
    let report = try Self.hostileReport(Self.hostile)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("r\u{1B}[2J\n::warning file=x::y.json")
    try Data(report.json.prettyPrinted.utf8).write(to: path)
    let manifest = directory.appendingPathComponent("m.json")
    try Data(#"{"gps": true, "disk-free:/a\u001b]0;PWNED\u0007\u001b[2J\r\n::warning::k": ">= 1 B"}"#.utf8).write(
      to: manifest)
    let summary = directory.appendingPathComponent("summary.md")
    for arguments in [[manifest.path, "--against", path.path], [manifest.path, "--against", path.path, path.path]] {
      let result = try DevCapsProcess.run(
        ["require"] + arguments + ["--format", format], environment: ["GITHUB_STEP_SUMMARY": summary.path])
      #expect(result.status == 1, "\(result.stderr)")
      // JSON keeps the bidirectional controls and format marks, as data.
      let allowed: Set<UInt32> = format == "json" ? Set([0x0A] + Self.bidiControls + Self.formatMarks) : [0x0A]
      #expect(Self.rawControls(result.stdout, allowed: allowed) == [], "\(result.stdout)")
      #expect(Self.rawControls(result.stderr, allowed: [0x0A]) == [], "\(result.stderr)")
      let lines = result.stdout.split(separator: "\n")
      if format == "github" {
        #expect(lines.allSatisfy { $0.hasPrefix("::") }, "\(result.stdout)")
      } else {
        // A GitHub runner acts on a line of a log that begins with `::`, after any indentation.
        #expect(!lines.contains { $0.drop { $0 == " " }.hasPrefix("::") }, "\(result.stdout)")
      }
    }
    if format == "github" {
      #expect(Self.rawControls(try String(contentsOf: summary, encoding: .utf8), allowed: [0x0A]) == [])
    }
    // The one-machine form (no --against) with the hostile key.
    let live = try DevCapsProcess.run(
      ["require", manifest.path, "--format", format], environment: ["GITHUB_STEP_SUMMARY": summary.path])
    #expect(
      Self.rawControls(
        live.stdout, allowed: format == "json" ? Set([0x0A] + Self.bidiControls + Self.formatMarks) : [0x0A]) == [],
      "\(live.stdout)")
  }

  @Test(
    "a battery NativePath of 100,000 slashes pads no line of list: each stays under 1,024 characters (fields cut to their columns)"
  )
  func longLabel() throws {
    let long = String(repeating: "/", count: 100_000)
    let report = try Self.hostileReport(long)
    let human = HumanReport(report: report, style: TextStyle(colour: false)).render()
    let widest = human.split(separator: "\n").map(\.count).max() ?? 0
    #expect(widest < 1024, "\(widest)")
  }

  @Test(
    "a manifest error quotes ESC and the other controls as every other sink writes them (\\x1B), in each format",
    arguments: ["text", "json", "junit", "github"])
  func manifestErrorSpelling(format: String) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let manifest = directory.appendingPathComponent("m.json")
    try Data(#"{"memory": "\u001b[2J\u007f >= 1 GiB"}"#.utf8).write(to: manifest)
    let result = try DevCapsProcess.run(["require", manifest.path, "--format", format])
    #expect(result.status == 65, "\(result.stderr)")
    let written = result.stdout + result.stderr
    #expect(written.contains(#"\x1B[2J\x7F >= 1 GiB"#), "\(written)")
    #expect(!written.contains(#"\u{1b}"#) && !written.contains(#"\u{7f}"#), "\(written)")
  }
}
