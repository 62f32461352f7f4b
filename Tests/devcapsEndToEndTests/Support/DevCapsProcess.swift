import Foundation

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
    let checkout = executable.path.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    let copy = directory.appendingPathComponent("devcaps-\(String(checkout, radix: 16))")
    let partial = directory.appendingPathComponent("devcaps.\(getpid()).partial")
    try? FileManager.default.removeItem(at: partial)
    try FileManager.default.copyItem(at: executable, to: partial)
    chmod(partial.path, 0o755)
    guard rename(partial.path, copy.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    return copy
  }

  static func run(
    _ arguments: [String], environment extra: [String: String] = [:], user: String? = nil, stdin: Data? = nil
  ) throws -> DevCapsResult {
    let process = Process()
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "LD_PRELOAD")
    environment.removeValue(forKey: "DEVCAPS_ROOT")
    environment["NO_COLOR"] = "1"
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    if let user {
      // Root reads any file; to see "permission denied" the binary runs as another user.
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments = ["--reuid=\(user)", "--regid=65534", "--clear-groups", try executable(runBy: user).path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    return try process.runCollecting(stdin: stdin)
  }
}

extension Process {
  /// Runs the process with `stdin` (nothing when nil) and collects what it prints. Both pipes are
  /// read before waiting, so a large output cannot fill a pipe and stall the child.
  func runCollecting(stdin: Data? = nil) throws -> DevCapsResult {
    let output = Pipe()
    let errors = Pipe()
    standardOutput = output
    standardError = errors
    let input = Pipe()
    standardInput = input
    try run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    let group = DispatchGroup()
    nonisolated(unsafe) var errorData = Data()
    group.enter()
    DispatchQueue.global().async {
      errorData = errors.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    waitUntilExit()
    return DevCapsResult(
      status: terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData, as: UTF8.self))
  }
}

extension DevCapsProcess {
  /// Runs a shell command line under a pseudo-terminal (`script`), so that isatty(1) is true.
  static func runInTerminal(_ commandLine: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", commandLine, "/dev/null"]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
