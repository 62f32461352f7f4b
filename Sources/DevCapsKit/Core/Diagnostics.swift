/// Problems met while probing: a file that could not be read for a reason other than absence, or
/// that held something unparsable. The report carries them, and the CLI prints them on stderr,
/// so that nothing is silently ignored while the value itself stays `null`.
public struct Diagnostic: Sendable, Equatable, Codable, CustomStringConvertible {
  public var path: String
  public var problem: String

  public init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

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
