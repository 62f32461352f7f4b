import Foundation
import TestProcesses

/// A command line run under a pseudo-terminal (`script`) whose output arrives while it runs, so a
/// test can change the testbed between frames. The line is run by `/bin/sh -c` after `echo PID $$`,
/// so a command started with `exec` has that process id.
///
/// Ctrl-C on the pty signals the whole foreground process group, the shell included. A
/// non-interactive dash dies of it (bash waits for its child first), which lost whatever the line
/// runs after devcaps; so the shell is always /bin/sh and traps SIGINT with a command: it lives on,
/// and the command's children still start with SIGINT's default action.
final class TerminalSession: @unchecked Sendable {
  private let script: ChildProcess
  private let screen: OutputRecorder

  init(_ commandLine: String) throws {
    var environment = ProcessInfo.processInfo.environment
    environment["SHELL"] = "/bin/sh"
    script = try ChildProcess(
      "/usr/bin/script", ["-qec", "echo PID $$; trap : INT; " + commandLine, "/dev/null"], environment: environment,
      input: .pipe, errors: .null)
    screen = OutputRecorder(script.output!)
  }

  /// Types `keys` on the terminal: `script` passes them to the pty, whose line discipline turns
  /// Ctrl-C ("\u{03}") into SIGINT.
  func type(_ keys: String) {
    script.write(Data(keys.utf8))
  }

  var output: String { screen.text }

  /// The process id the command line printed first.
  var pid: pid_t? {
    guard let line = output.split(whereSeparator: \.isNewline).first, line.hasPrefix("PID ") else { return nil }
    return pid_t(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
  }

  /// The process id of the job the line started in the background and printed as `JOB $!`: a
  /// test signals it once the view is up, where a fixed sleep before the signal raced a slow start.
  var job: pid_t? {
    output.split(whereSeparator: \.isNewline).lazy.compactMap { line in
      line.hasPrefix("JOB ") ? pid_t(line.dropFirst(4).trimmingCharacters(in: .whitespaces)) : nil
    }.first
  }

  /// Waits until the output satisfies `condition`; false after `seconds`.
  @discardableResult
  func wait(seconds: Double = 10, until condition: (String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition(output) { return true }
      usleep(20_000)
    }
    return condition(output)
  }

  /// Waits for the end of the output and of `script`; the whole output.
  func finish(seconds: Double = 20) -> String {
    if !screen.waitForEnd(seconds: seconds) { script.waitOrKill(seconds: 0) }
    script.waitOrKill(seconds: 10)
    return output
  }
}

/// The minimum of a terminal needed to see what a full-screen program leaves on the screen:
/// printable characters overwrite cells, CR, LF (as CR LF), and the CSI sequences H (cursor position),
/// J and K (erase below, erase to the end of the line; parameter 0 only), ?1049h/l (the
/// alternate screen, cleared on entry); m and the other modes are ignored. One cell per
/// character (the up-angle view's · ↑ ° are single-width).
struct TerminalScreen {
  private(set) var lines: [[Character]] = []
  private(set) var row = 0
  private(set) var column = 0
  /// The alternate screen as it was when the program left it; nil while still on it or never.
  private(set) var alternateScreenAtExit: [String]?
  private var main: ([[Character]], Int, Int)?

  init() {}

  init(interpreting text: String) {
    feed(text)
  }

  /// The screen, each line without trailing blanks, without trailing empty lines.
  var text: [String] {
    var result = lines.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    while result.last == "" { result.removeLast() }
    return result
  }

  mutating func feed(_ text: String) {
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\u{1B}":
        guard scalars.first == "[" else {
          _ = scalars.popFirst()
          continue
        }
        scalars.removeFirst()
        var parameters = ""
        while let next = scalars.first, !(0x40...0x7E).contains(next.value) {
          parameters.unicodeScalars.append(next)
          scalars.removeFirst()
        }
        guard let final = scalars.popFirst() else { return }
        control(final, parameters)
      case "\r":
        column = 0
      case "\n":
        // As a pty delivers it (onlcr): a new line at its start.
        row += 1
        column = 0
      case "\u{07}", "\u{08}", "\t":
        break
      default:
        put(Character(scalar))
      }
    }
  }

  private mutating func put(_ character: Character) {
    while lines.count <= row { lines.append([]) }
    while lines[row].count <= column { lines[row].append(" ") }
    lines[row][column] = character
    column += 1
  }

  private mutating func control(_ final: Unicode.Scalar, _ parameters: String) {
    switch (final, parameters) {
    case ("H", _):
      let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
      row = max((numbers.first ?? 1) - 1, 0)
      column = max((numbers.count > 1 ? numbers[1] : 1) - 1, 0)
    case ("J", ""), ("J", "0"):
      if row < lines.count {
        lines[row].removeSubrange(min(column, lines[row].count)...)
        lines.removeSubrange((row + 1)...)
      }
    case ("K", ""), ("K", "0"):
      if row < lines.count { lines[row].removeSubrange(min(column, lines[row].count)...) }
    case ("h", "?1049"):
      main = (lines, row, column)
      alternateScreenAtExit = nil
      (lines, row, column) = ([], 0, 0)
    case ("l", "?1049"):
      alternateScreenAtExit = text
      if let main { (lines, row, column) = main }
      main = nil
    default:
      break
    }
  }
}
