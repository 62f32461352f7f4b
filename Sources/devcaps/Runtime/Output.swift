import ArgumentParser
import DevCapsKit
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes to stdout and stderr, and decides what a failed write means:
///
/// * The reader went away (EPIPE: `devcaps list | head -1`): the rest of the output is dropped
///   quietly and the command's own verdict stands, so `require` that fails still exits 1.
/// * Anything else (a full disk, an I/O error): the output is incomplete, so the program says so
///   on stderr and exits 74 (EX_IOERR), never 0.
enum Output {
  private static let state = Mutex<(readerGone: Bool, failure: Errno?)>((false, nil))

  /// Writes all of `text` to stdout; exits 74 when it cannot (see above).
  static func write(_ text: String) {
    if !tryWrite(text), let failure = writeFailure { failAndExit(failure) }
  }

  /// `write` for bytes.
  static func write(_ bytes: [UInt8]) {
    if !bytes.withUnsafeBytes({ tryWrite($0) }), let failure = writeFailure { failAndExit(failure) }
  }

  /// For streams, which must stop their sources before the program ends: false when stdout
  /// failed (the failure, if it was not EPIPE, is kept for ``exitStatusAfterStreaming()``).
  static func tryWrite(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { tryWrite(UnsafeRawBufferPointer($0)) }
  }

  /// `tryWrite` for bytes.
  static func tryWrite(_ bytes: UnsafeRawBufferPointer) -> Bool {
    signal(SIGPIPE, SIG_IGN)
    if state.withLock({ $0.readerGone || $0.failure != nil }) { return false }
    do {
      try FileDescriptor.standardOutput.writeAll(bytes)
      return true
    } catch {
      state.withLock { state in
        if error == .brokenPipe { state.readerGone = true } else { state.failure = error }
      }
      return false
    }
  }

  /// The write error that was not EPIPE, if any.
  static var writeFailure: Errno? { state.withLock { $0.failure } }

  /// The message and exit 74 for a failed write to stdout.
  /// Ends a command whose output is written, exit status 0, with `value` (what it built) still
  /// alive: its memory goes with the process instead of being freed object by object. For `list`,
  /// the report, its JSON and the probe context's tables took 86,000 instructions to free, 4 % of
  /// `list --json --only …`.
  static func finish<Built>(keeping value: Built) -> Never {
    withExtendedLifetime(value) { exit(0) }
  }

  static func failAndExit(_ failure: Errno) -> Never {
    releaseMessages()
    error("cannot write to standard output: \(failure)")
    exit(ExitCode.ioError.rawValue)
  }

  /// Ends the program as ArgumentParser's `exit(withError:)` would, with its message written
  /// here: help, `--version` and completion scripts to stdout (a failed write is 74, as for every
  /// other output; ArgumentParser's own print ignores it), a usage error to stderr with the
  /// arguments it quotes escaped and cut (`OutsideText.message`).
  static func endReporting(_ error: any Error, of command: any ParsableCommand.Type) -> Never {
    let code = command.exitCode(for: error)
    let message = command.fullMessage(for: error)
    if !message.isEmpty {
      if code == .success {
        Output.write(message + "\n")
      } else {
        try? FileDescriptor.standardError.writeAll(OutsideText.message(message) + "\n")
      }
    }
    exit(code.rawValue)
  }

  static func error(_ text: String) { try? tell(text) }

  /// `error` for a line the command's outcome depends on (`snapshot --keep-identifiers`' note
  /// that the bundle holds identifiers): its failure is the caller's to report, exit 74. One
  /// line, escaped, and cut to `OutsideText.messageLineWidth` whatever it quotes.
  static func tell(_ text: String) throws(Errno) {
    let line = "devcaps: " + OutsideText.escape(text, for: .terminal, width: OutsideText.messageLineWidth) + "\n"
    let kept = held.withLock { messages in
      guard messages != nil else { return false }
      messages!.keep(line)
      return true
    }
    if kept { return }
    try FileDescriptor.standardError.writeAll(line)
  }

  /// Messages kept while a live view holds the screen that stderr shows: written there, they
  /// would land in the middle of the view and be erased by its next frame.
  private static let held = Mutex<HeldMessages?>(nil)

  /// From now on messages are kept, when stderr is a terminal (a log file takes them at once).
  static func holdMessages() {
    guard isatty(2) == 1 else { return }
    held.withLock { if $0 == nil { $0 = HeldMessages() } }
  }

  /// Writes the messages kept, once each with how often it came, and writes later ones at once.
  static func releaseMessages() {
    guard
      let kept = held.withLock({ current -> HeldMessages? in
        defer { current = nil }
        return current
      })
    else { return }
    for line in kept.lines { try? FileDescriptor.standardError.writeAll(line) }
  }

  /// Each problem met while probing, its path cut to `OutsideText.valueColumn` (JSON keeps it whole).
  static func warn(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics { error("warning: \(OutsideText.value(diagnostic.path)): \(diagnostic.problem)") }
  }
}

/// Messages kept while a live view is on the screen: each once, in order, with how many times it
/// came; at most `capacity` different ones (a sensor that fails each sample a different way
/// would otherwise grow them without end), the rest counted.
struct HeldMessages {
  static let capacity = 50
  private var messages: [(line: String, count: Int)] = []
  private var dropped = 0

  /// Keeps `line` (ending in a newline), or counts it.
  mutating func keep(_ line: String) {
    if let index = messages.firstIndex(where: { $0.line == line }) {
      messages[index].count += 1
    } else if messages.count < HeldMessages.capacity {
      messages.append((line, 1))
    } else {
      dropped += 1
    }
  }

  /// The lines to write: a repeated one says how often it came.
  var lines: [String] {
    messages.map { message in
      message.count == 1 ? message.line : String(message.line.dropLast()) + " (\(message.count) times)\n"
    } + (dropped > 0 ? ["devcaps: … and \(dropped) more messages\n"] : [])
  }
}
