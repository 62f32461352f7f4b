import Foundation
import TestProcesses

/// A terminal a person sits at: a tmux server of its own running an interactive /bin/sh (job
/// control on, so Ctrl-Z and `fg` work as at a prompt) in a window of a set size. The test types
/// keys, resizes the window, and reads what the window shows and its modes (alternate screen,
/// cursor). `$DC` in the shell runs devcaps with `environment` (a testbed's), which the shell
/// itself does not get.
final class TmuxSession {
  private let directory: URL
  private var socket: String { directory.appendingPathComponent("socket").path }

  init(columns: Int, rows: Int, environment: [String: String]) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-tmux-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let wrapper = directory.appendingPathComponent("devcaps")
    let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
    try "#!/bin/sh\nexec env \(assignments) '\(DevCapsProcess.executable.path)' \"$@\"\n".write(
      to: wrapper, atomically: true, encoding: .utf8)
    chmod(wrapper.path, 0o755)
    try tmux([
      "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
      "env -i PATH=/usr/bin:/bin HOME=/tmp TERM=screen DC='\(wrapper.path)' PS1='$ ' /bin/sh -i",
    ])
    wait { $0.contains { $0.hasPrefix("$") } }
  }

  deinit {
    _ = try? tmux(["kill-server"])
    try? FileManager.default.removeItem(at: directory)
  }

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    let result = try ChildProcess.run(
      "/usr/bin/tmux", ["-S", socket, "-f", "/dev/null"] + arguments,
      environment: ["SHELL": "/bin/sh", "PATH": "/usr/bin:/bin"])
    guard result.status == 0 else { throw ChildProcessError("tmux \(arguments): \(result.errorText)") }
    return result.outputText
  }

  /// Types `text` as it is.
  func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }

  /// Presses keys by tmux's names: `Enter`, `C-z`, `C-c`.
  func press(_ keys: String...) throws { try tmux(["send-keys"] + keys) }

  /// Types a command line and Enter.
  func run(_ line: String) throws {
    try type(line)
    try press("Enter")
  }

  func resize(columns: Int, rows: Int) throws {
    try tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// The window's rows as shown (one per row), without trailing blanks.
  var screen: [String] {
    ((try? tmux(["capture-pane", "-p"])) ?? "").split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
  }

  /// Whether the program is on the alternate screen, and whether the cursor is shown.
  var modes: (alternate: Bool, cursor: Bool) {
    let flags = ((try? tmux(["display-message", "-p", "#{alternate_on} #{cursor_flag}"])) ?? "").split(separator: " ")
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    return (flags.first == "1", flags.last == "1")
  }

  /// Waits until the screen satisfies `condition`; false after `seconds`.
  @discardableResult
  func wait(seconds: Double = 10, until condition: ([String]) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition(screen) { return true }
      usleep(50_000)
    }
    return condition(screen)
  }

  /// The screen as one text, for messages.
  var shown: String { screen.joined(separator: "\n") }
}
