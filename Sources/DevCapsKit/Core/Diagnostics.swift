/// Problems met while probing: a file that could not be read for a reason other than absence, or
/// that held something unparsable. The report carries them, and the CLI prints them on stderr,
/// so that nothing is silently ignored while the value itself stays `null`.
public struct Diagnostic: Sendable, Equatable, Codable, CustomStringConvertible {
  /// The file that could not be used.
  public var path: String
  /// What was wrong with it.
  public var problem: String

  /// A diagnostic as a test or a saved report describes it.
  public init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  /// `PATH: PROBLEM`, as the CLI's warning line shows it.
  public var description: String { "\(path): \(problem)" }
}

/// Collects diagnostics during one probe run. Not shared between threads.
final class DiagnosticLog {
  private(set) var entries: [Diagnostic] = []

  init() {}

  func record(_ path: String, _ problem: String) {
    let diagnostic = Diagnostic(path: path, problem: problem)
    if !entries.contains(diagnostic) { entries.append(diagnostic) }
  }
}
