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
      process.arguments = ["--reuid=\(user)", "--regid=65534", "--clear-groups", executable.path] + arguments
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
