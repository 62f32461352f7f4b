import Foundation
import TestProcesses

/// Runs the built `devcaps` binary and captures what it printed.
struct DevCapsResult {
  var status: Int32
  var stdout: String
  var stderr: String

  /// The JSON it printed, parsed with Foundation (an implementation independent of devcaps').
  func json() throws -> Any {
    try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
  }
}

enum DevCapsProcess {
  /// `.build/<config>/devcaps`, beside the test bundle.
  static var executable: URL {
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    return bundle.appendingPathComponent("devcaps")
  }

  /// The binary another user can run: a checkout may sit below a directory only its owner can
  /// enter (`mktemp -d` makes them 0700), so for another user it is copied, once, to a directory
  /// anyone may enter.
  static func executable(runBy user: String?) throws -> URL {
    guard user != nil else { return executable }
    return try sharedCopy.get()
  }

  /// One copy per checkout, replaced by rename (a run still using the old one keeps it).
  private static let sharedCopy = Result<URL, any Error> {
    let directory = URL(fileURLWithPath: "/tmp/devcaps-tests-as-another-user")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    chmod(directory.path, 0o755)
    let checkout = executable.path.utf8.reduce(UInt64(14_695_981_039_346_656_037)) {
      ($0 ^ UInt64($1)) &* 1_099_511_628_211
    }
    let copy = directory.appendingPathComponent("devcaps-\(String(checkout, radix: 16))")
    let partial = directory.appendingPathComponent("devcaps.\(getpid()).partial")
    try? FileManager.default.removeItem(at: partial)
    try FileManager.default.copyItem(at: executable, to: partial)
    chmod(partial.path, 0o755)
    guard rename(partial.path, copy.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    return copy
  }

  /// The tests' environment without umockdev's preload or a root, colour off, and `extra`.
  static func environment(_ extra: [String: String]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "LD_PRELOAD")
    environment.removeValue(forKey: "DEVCAPS_ROOT")
    environment["NO_COLOR"] = "1"
    for (key, value) in extra { environment[key] = value }
    return environment
  }

  static func run(
    _ arguments: [String], environment extra: [String: String] = [:], user: String? = nil, stdin: Data? = nil
  ) throws -> DevCapsResult {
    let environment = environment(extra)
    if let user {
      // Root reads any file; to see "permission denied" the binary runs as another user.
      let command =
        ["--reuid=\(user)", "--regid=65534", "--clear-groups", try executable(runBy: user).path] + arguments
      return try ChildProcess.run("/usr/bin/setpriv", command, environment: environment, input: stdin ?? Data()).result
    }
    return try ChildProcess.run(executable.path, arguments, environment: environment, input: stdin ?? Data()).result
  }

  /// Runs a shell command line under a pseudo-terminal (`script`), so that isatty(1) is true.
  /// Standard input stays open (and silent) until the command ends, as a terminal's would.
  static func runInTerminal(_ commandLine: String) throws -> String {
    let script = try ChildProcess("/usr/bin/script", ["-qec", commandLine, "/dev/null"], input: .pipe, errors: .null)
    return try script.collect(keepingInputOpen: true).outputText
  }
}

extension CollectedOutput {
  /// The status and the outputs as text.
  var result: DevCapsResult { DevCapsResult(status: status, stdout: outputText, stderr: errorText) }
}
