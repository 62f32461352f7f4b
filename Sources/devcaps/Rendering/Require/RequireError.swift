import ArgumentParser
import DevCapsKit

/// Why `require` judged nothing, or why one report of `--against` could not be judged: an
/// invalid manifest or report (exit 65) or one that cannot be read (exit 66). CI formats still
/// report it on stdout, in their own form, so a CI job shows the reason where it shows verdicts.
struct RequireError {
  enum Kind: String {
    /// Exit 65.
    case invalidManifest = "invalid-manifest"
    case invalidReport = "invalid-report"
    /// Exit 66.
    case unreadableManifest = "unreadable-manifest"
    case unreadableReport = "unreadable-report"

    var isUnreadable: Bool { self == .unreadableManifest || self == .unreadableReport }
    /// What a CI log calls it: `invalid manifest`.
    var title: String {
      switch self {
      case .invalidManifest: "invalid manifest"
      case .invalidReport: "invalid report"
      case .unreadableManifest: "unreadable manifest"
      case .unreadableReport: "unreadable report"
      }
    }
  }

  var kind: Kind
  /// For a person, naming the file.
  var message: String
  /// The file it is about (the manifest, a report, a directory), as named; `<stdin>` for standard input.
  var file: String
  var line: Int? = nil
  var column: Int? = nil

  init(_ kind: Kind, _ message: String, file: String, line: Int? = nil, column: Int? = nil) {
    self.kind = kind
    self.message = message
    self.file = file
    self.line = line
    self.column = column
  }

  init(_ error: SavedReport.LoadError) {
    switch error {
    case .unreadable(let path, _): self.init(.unreadableReport, error.description, file: path)
    case .invalid(let path, _): self.init(.invalidReport, error.description, file: path)
    }
  }

  var exitCode: ExitCode { kind.isUnreadable ? .noInput : .dataError }

  /// The `error` member of a JSON outcome.
  var json: JSONValue {
    .object(
      [
        JSONMember("kind", .string(kind.rawValue)), JSONMember("message", .string(message)),
        JSONMember("file", .string(file)),
      ] + (line.map { [JSONMember("line", .integer(Int64($0)))] } ?? [])
        + (column.map { [JSONMember("column", .integer(Int64($0)))] } ?? []))
  }

  /// What a run that judged nothing writes on stdout in `format` (nothing for text: the message
  /// is on stderr), the manifest named `manifest`.
  func document(format: RequireFormat, manifest: String) -> String {
    switch format {
    case .text: return ""
    case .json: return RequireOutcome(manifest: manifest, results: [], error: self).json.prettyPrinted + "\n"
    case .junit:
      return RequireJUnit.header(tests: 1, failures: 0, errors: 1) + RequireJUnit.errorSuite(manifest: manifest, self)
        + RequireJUnit.footer
    case .github: return githubLine(title: "devcaps require: \(kind.title)")
    }
  }

  /// One `::error` workflow command, at the file, line and column when known.
  func githubLine(title: String) -> String {
    var properties = "file=" + OutsideText.escape(file, for: .githubProperty)
    if let line { properties += ",line=\(line)" }
    if let column { properties += ",col=\(column)" }
    properties += ",title=" + OutsideText.escape(title, for: .githubProperty)
    return "::error \(properties)::\(OutsideText.escape(message, for: .githubMessage, width: 1000))\n"
  }
}
