import Foundation

/// A program the tests start: posix_spawn with close-on-exec pipes, every other descriptor closed
/// in the child, a process group of its own, and a clean signal state; waited for with
/// waitpid, always with a time limit.
///
/// Why not Foundation's `Process`: on Linux it learns that a child ended when a socket the child
/// inherits closes, and creates that socket (and `Pipe`s) without close-on-exec. Tests run in
/// parallel, so a child started on one thread at the wrong moment inherits another test's socket
/// or pipe and holds it open as long as it lives: the other test's `waitUntilExit()` or
/// `readDataToEndOfFile()` then waits for an unrelated daemon, and two such tests wait for each
/// other for ever. CI hung for 90 minutes on that.
public final class ChildProcess: @unchecked Sendable {
  /// What one of the child's standard descriptors is connected to.
  public enum Stream: Sendable {
    /// /dev/null.
    case null
    /// A pipe whose other end the test holds.
    case pipe
    /// The same pipe as standard output (for standard error only).
    case output
  }

  /// How the child ended.
  public enum Termination: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    /// The exit status, or the signal's number (Foundation's `terminationStatus`).
    public var status: Int32 {
      switch self {
      case .exited(let status), .signaled(let status): status
      }
    }

    public var description: String {
      switch self {
      case .exited(let status): "exit status \(status)"
      case .signaled(let signal): "signal \(signal)"
      }
    }
  }

  public let pid: pid_t
  public let commandLine: String
  /// The write end of the child's standard input (`.pipe`), until `closeInput()`.
  public private(set) var input: Int32?
  /// The read ends of standard output and standard error (`.pipe`).
  public private(set) var output: Int32?
  public private(set) var errors: Int32?
  private let lock = NSLock()
  private var ended: Termination?

  /// Starts `executable` with `arguments`. `environment` nil inherits this process's.
  public init(
    _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
    input inputStream: Stream = .null, output outputStream: Stream = .pipe, errors errorStream: Stream = .pipe,
    directory: String? = nil
  ) throws {
    Self.ignoreBrokenPipes
    commandLine = ([executable] + arguments).joined(separator: " ")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var toClose: [Int32] = []
    defer { for descriptor in toClose { close(descriptor) } }

    func connect(_ stream: Stream, to target: Int32, childReads: Bool) throws -> Int32? {
      switch stream {
      case .null:
        posix_spawn_file_actions_addopen(&actions, target, "/dev/null", childReads ? O_RDONLY : O_WRONLY, 0)
        return nil
      case .output:
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, target)
        return nil
      case .pipe:
        var ends: [Int32] = [-1, -1]
        guard GNU.pipe2(&ends, O_CLOEXEC) == 0 else { throw ChildProcessError("pipe2: errno \(errno)") }
        let (childEnd, ourEnd) = childReads ? (ends[0], ends[1]) : (ends[1], ends[0])
        posix_spawn_file_actions_adddup2(&actions, childEnd, target)
        toClose.append(childEnd)
        return ourEnd
      }
    }
    var ours: [Int32] = []
    do {
      input = try connect(inputStream, to: STDIN_FILENO, childReads: true)
      ours += [input].compactMap { $0 }
      output = try connect(outputStream, to: STDOUT_FILENO, childReads: false)
      ours += [output].compactMap { $0 }
      errors = try connect(errorStream, to: STDERR_FILENO, childReads: false)
    } catch {
      for descriptor in ours { close(descriptor) }
      throw error
    }
    // Descriptors this process opened without close-on-exec (Foundation's, GLib's, another
    // test's) stay here.
    _ = GNU.addCloseFrom(&actions, 3)
    if let directory { _ = GNU.addChdir(&actions, directory) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The thread that spawns may block signals (libdispatch's block SIGTERM, among others), and
    // the test runner may ignore SIGPIPE: the child starts as it would from a shell.
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let environmentLines = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
    let envp = environmentLines.map { strdup($0) } + [nil]
    defer { for line in envp { free(line) } }
    var child: pid_t = 0
    let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
    guard result == 0 else {
      for descriptor in [input, output, errors].compactMap({ $0 }) { close(descriptor) }
      throw ChildProcessError("cannot start \(executable): \(String(cString: strerror(result)))")
    }
    pid = child
  }

  /// A child that leaves before reading all of its input must not kill the test runner with
  /// SIGPIPE: the write fails with EPIPE instead. (Children start with the default again.)
  private static let ignoreBrokenPipes: Void = { _ = Glibc.signal(SIGPIPE, SIG_IGN) }()

  deinit {
    for descriptor in [input, output, errors].compactMap({ $0 }) { close(descriptor) }
    if termination == nil {
      kill(-pid, SIGKILL)
      _ = wait(seconds: 5)
    }
  }

  /// Writes all of `data` to standard input.
  public func write(_ data: Data) {
    guard let input else { return }
    data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(input, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  /// Closes standard input: the child reads end of file.
  public func closeInput() {
    if let input { close(input) }
    input = nil
  }

  /// Closes this end of standard output: the child's next write finds no reader (EPIPE).
  public func closeOutput() {
    if let output { close(output) }
    output = nil
  }

  /// How it ended, or nil while it runs (reaped on the first look after the end).
  public var termination: Termination? {
    lock.withLock {
      if ended == nil { ended = Self.reap(pid, blocking: false) }
      return ended
    }
  }

  public var isRunning: Bool { termination == nil }

  /// Sends `signal` to the child (not its group).
  public func signal(_ signal: Int32) { kill(pid, signal) }

  /// Waits up to `seconds` for the end; nil if it still runs.
  public func wait(seconds: Double) -> Termination? {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      if let termination { return termination }
      if Date() >= deadline { return nil }
      usleep(2_000)
    }
  }

  /// Waits up to `seconds`, then kills the child's whole process group; how it ended.
  @discardableResult
  public func waitOrKill(seconds: Double) -> Termination {
    if let termination = wait(seconds: seconds) { return termination }
    kill(-pid, SIGKILL)
    kill(pid, SIGKILL)
    return wait(seconds: 30) ?? .signaled(SIGKILL)
  }

  private static func reap(_ pid: pid_t, blocking: Bool) -> Termination? {
    var status: Int32 = 0
    var result: pid_t
    repeat { result = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while result < 0 && errno == EINTR
    guard result == pid else { return result < 0 ? .exited(-1) : nil }
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
  }
}

/// glibc functions the Glibc module does not declare (they need _GNU_SOURCE), found at run time.
private enum GNU {
  typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t>

  static func function<T>(_ name: String, as type: T.Type) -> T {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
      fatalError("glibc has no \(name) (2.34 or later is needed)")
    }
    return unsafeBitCast(symbol, to: type)
  }

  static let pipe2 = function("pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
  /// Closes every descriptor from the one given up, in the child (glibc 2.34).
  static let addCloseFrom = function(
    "posix_spawn_file_actions_addclosefrom_np", as: (@convention(c) (Actions, Int32) -> Int32).self)
  static let addChdir = function(
    "posix_spawn_file_actions_addchdir_np", as: (@convention(c) (Actions, UnsafePointer<CChar>) -> Int32).self)
}

public struct ChildProcessError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
