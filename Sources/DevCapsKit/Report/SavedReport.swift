#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `list --json` output saved from a machine, read back: a snapshot to judge a manifest on
/// without probing (`require MANIFEST --against REPORT.json…`).
public enum SavedReport {
  /// Reports are tens of kilobytes; this bounds a mistaken path to a huge file.
  public static let maximumFileSize = 16 << 20

  /// Why a saved report cannot be used: the CLI's exit 66 or 65.
  public enum LoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be read (exit 66).
    case unreadable(path: String, ReadError)
    /// It is not a devcaps report this version reads (exit 65).
    case invalid(path: String, reason: String)

    /// The reason, for a person, naming the file.
    public var description: String {
      switch self {
      case .unreadable(let path, let failure): "cannot read \(path): \(failure)"
      case .invalid(let path, let reason): "\(path): \(reason)"
      }
    }
  }

  /// Reads one saved `devcaps list --json` report, from a regular file or a pipe (a shell's
  /// `<(…)`); with `sections`, only those are decoded (the others are left out as if it had been
  /// saved with `--only`).
  public static func load(_ path: String, sections: [ReportSection]? = nil) -> Result<Report, LoadError> {
    load(path, wanted: sections.map(wantedMembers), named: true)
  }

  /// `load`, with the top-level members to build made once for many reports (making the set
  /// for each cost 4 % of judging one). `named`: the path was named as it is, not found in a
  /// directory, where only a regular file is read (a FIFO there would wait for a writer).
  static func load(_ path: String, wanted: Set<String>?, named: Bool) -> Result<Report, LoadError> {
    let read =
      named
      ? SystemRoot.readNamedInput(path, limit: maximumFileSize)
      : SystemRoot().readBytes(path.hasPrefix("/") ? path : "./" + path, limit: maximumFileSize)
    switch read {
    case .success(let bytes): return decode(bytes, path: path, wanted: wanted)
    case .failure(let failure): return .failure(.unreadable(path: path, failure))
    }
  }

  /// A report from its bytes (read from standard input, say); `path` names it in messages.
  public static func decode(_ bytes: [UInt8], path: String, sections: [ReportSection]? = nil) -> Result<
    Report, LoadError
  > {
    decode(bytes, path: path, wanted: sections.map(wantedMembers))
  }

  /// The top-level members built for `sections`: each of them, and what reading them needs.
  static func wantedMembers(_ sections: [ReportSection]) -> Set<String> {
    Set(["schemaVersion"] + sections.map(\.rawValue) + (sections.contains(.capabilities) ? ["capabilityEvidence"] : []))
  }

  private static let sectionNames = Set(ReportSection.allCases.map(\.rawValue))

  static func decode(_ bytes: [UInt8], path: String, wanted: Set<String>?) -> Result<Report, LoadError> {
    // Decoding is most of the cost of judging a report: only what is asked for is built, and
    // decoded. The other sections are still checked to be JSON.
    let value: JSONValue
    do {
      var limits = JSONParser.Limits()
      limits.maximumBytes = maximumFileSize
      if let wanted {
        value = try JSONParser.parse(bytes, limits: limits, keepingTopLevel: wanted.contains)
      } else {
        value = try JSONParser.parse(bytes, limits: limits)
      }
    } catch {
      return .failure(.invalid(path: path, reason: "not JSON: \(error)"))
    }
    guard case .object(let members) = value, let version = value["schemaVersion"] else {
      return .failure(
        .invalid(path: path, reason: "not a devcaps report (no schemaVersion): save one with devcaps list --json"))
    }
    guard version == .integer(Int64(Report.schemaVersion)) else {
      return .failure(
        .invalid(
          path: path,
          reason:
            "a report of schema version \(version.serialized()); this devcaps reads version \(Report.schemaVersion) "
            + "(save it again with this devcaps list --json)"))
    }
    guard members.contains(where: { sectionNames.contains($0.key) }) else {
      return .failure(
        .invalid(
          path: path,
          reason: "not a devcaps report: it has none of the report's sections; save one with devcaps list --json"))
    }
    let decoded = wanted.map { wanted in JSONValue.object(members.filter { wanted.contains($0.key) }) } ?? value
    let report: Report
    if let read = Report(savedSections: decoded) {
      report = read
    } else {
      do {
        report = try JSONValueDecoder().decode(Report.self, from: decoded)
      } catch {
        return .failure(.invalid(path: path, reason: SavedReport.describe(error)))
      }
    }
    if let impossibility = report.impossibility { return .failure(.invalid(path: path, reason: impossibility)) }
    return .success(report)
  }

  static func describe(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String { keys.map(\.stringValue).concatenated(separator: ".") }
    switch error {
    case .dataCorrupted(let context):
      var reason = context.debugDescription
      // The standard library's words for a raw value that no case has name a Swift type
      // ("Cannot initialize ThermalState from invalid String value hot"): the value is what helps.
      if reason.hasPrefix("Cannot initialize "), let from = reason.firstRange(of: " from invalid "),
        let value = reason[from.upperBound...].firstRange(of: " value ")
      {
        reason = String(reason[value.upperBound...]).quotedForMessage + " is not one of its values"
      }
      return (context.codingPath.isEmpty ? "" : path(context.codingPath) + ": ") + reason
    case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default: return "\(error)"
    }
  }
}
