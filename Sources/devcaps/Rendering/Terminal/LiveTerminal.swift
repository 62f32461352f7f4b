import DevCapsKit
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The terminal side of the live views (`tilt`, `motion`, `up-angle`, `calibrate`): keys read
/// from standard input without echo or line buffering, the window size, and the job-control
/// signals. Ctrl-C stays a signal (ISIG is kept), so it ends the program through the stream
/// runner like everywhere else; `q`, Enter and space arrive as keys, and each view takes the
/// requests it has a use for. Ctrl-Z (SIGTSTP) puts the terminal back as it was (main screen,
/// cursor, echo) before the process stops; SIGCONT takes it again and asks for a full redraw.
final class LiveTerminal: Sendable {
  enum Request: Equatable {
    /// `q`.
    case quit
    /// Enter.
    case confirm
    /// Space.
    case recentre
    /// The size may have changed, or the screen was given back and taken again: measure, redraw.
    case resize
  }

  /// What a view put on the screen, to be undone on suspend and redone on continue.
  private struct Screen {
    var enter = ""
    var leave = ""
    var suspended = false
  }

  private let pending = Mutex<[Request]>([])
  /// Readable once `q` (or Enter, when it quits) was pressed: the stream runner ends on it even
  /// when no event comes to be drawn (a sensor whose samples cannot be read). Never closed: the
  /// key thread may write to it until the process ends.
  private let quitPipe = try? FileDescriptor.pipe()
  private let quitSent = Mutex(false)
  /// Whether Enter, too, makes `quitPressed` readable.
  private let enterQuits: Bool
  /// Where a runner learns that `q` was pressed; nil without a pipe (out of descriptors).
  var quitPressed: FileDescriptor? { quitPipe?.read }
  private let saved: Mutex<termios?> = Mutex(nil)
  private let screen = Mutex(Screen())

  /// The terminal the signal thread acts on: the one listening, if any.
  private static let current = Mutex<LiveTerminal?>(nil)

  /// SIGWINCH, SIGTSTP and SIGCONT blocked here and in every thread started later, taken by one
  /// thread with `sigwait`: a resize becomes a request, a suspend restores the terminal before
  /// the process stops. Call after `StreamRunner.takeOverSignals`, before anything else starts a
  /// thread.
  static func takeOverSignals() {
    var set = jobControlSignals
    pthread_sigmask(SIG_BLOCK, &set, nil)
    detach(named: "devcaps-signals") {
      // In this thread alone SIGTTOU is blocked: when the shell took the terminal back before the
      // suspend's restore (a parent in the job, `sh -c` or sudo, stopped first), the restore
      // from the background would otherwise stop this thread half-way, and `fg` would find the
      // view stopped again. The other threads keep it: a view sent to the background (`bg`, `&`)
      // stops at its first frame, as any program does, rather than draw over the shell.
      var tty = sigset_t()
      sigemptyset(&tty)
      sigaddset(&tty, SIGTTOU)
      pthread_sigmask(SIG_BLOCK, &tty, nil)
      waitForSignals()
    }
  }

  private static var jobControlSignals: sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&set, signal) }
    return set
  }

  /// Whether standard output is a terminal that can redraw in place: not TERM=dumb, which
  /// cannot move the cursor or switch screens.
  static var canRedraw: Bool {
    guard isatty(1) == 1 else { return false }
    if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
    return true
  }

  /// Whether a live view of `columns` × `rows` can be drawn on standard output: one that can
  /// redraw, at least that large (or of unknown size).
  static func canDraw(columns: Int, rows: Int) -> Bool {
    guard canRedraw else { return false }
    guard let size = size(), size.columns > 0, size.rows > 0 else { return true }
    return size.columns >= columns && size.rows >= rows
  }

  /// Columns and rows of the terminal on standard output; nil when it is not one.
  static func size() -> (columns: Int, rows: Int)? {
    var window = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0 else { return nil }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// The requests that arrived since the last call, oldest first.
  func takeRequests() -> [Request] {
    pending.withLock { requests in
      defer { requests.removeAll() }
      return requests
    }
  }

  private init(enterQuits: Bool) {
    self.enterQuits = enterQuits
  }

  /// Keys without echo, listened to from now on; resizes and suspends act on this terminal.
  /// `enterQuits`: Enter ends the runner as `q` does (calibrate, where both save).
  static func listening(enterQuits: Bool = false) -> LiveTerminal {
    let terminal = LiveTerminal(enterQuits: enterQuits)
    terminal.enterKeyMode()
    terminal.startListening()
    return terminal
  }

  /// Keys without echo: standard input in non-canonical mode, when it is a terminal.
  func enterKeyMode() {
    guard isatty(0) == 1 else { return }
    var settings = termios()
    guard tcgetattr(0, &settings) == 0 else { return }
    saved.withLock { $0 = settings }
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &settings.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    tcsetattr(0, TCSANOW, &settings)
  }

  /// Puts back the settings `enterKeyMode` changed.
  func leaveKeyMode() {
    guard var settings = saved.withLock({ $0 }) else { return }
    tcsetattr(0, TCSANOW, &settings)
  }

  /// Writes `enter` (an alternate screen, a hidden cursor) and keeps `leave` to undo it at the
  /// end or on a suspend.
  func enterScreen(_ enter: String, leaving leave: String) {
    screen.withLock { screen in
      screen = Screen(enter: enter, leave: leave)
      Output.write(enter)
    }
    Output.holdMessages()
  }

  /// Undoes `enterScreen` and the key mode: the terminal as it was, and left alone from now on
  /// (a later Ctrl-Z just stops the process).
  func restore() {
    LiveTerminal.current.withLock { current in
      if current === self { current = nil }
    }
    screen.withLock { screen in
      if !screen.suspended { _ = Output.tryWrite(screen.leave) }
      screen = Screen()
    }
    leaveKeyMode()
    Output.releaseMessages()
  }

  /// Writes a frame; while suspended nothing is written (the redraw after SIGCONT shows the
  /// state then). False when stdout failed.
  func write(_ text: String) -> Bool {
    screen.withLock { screen in screen.suspended || Output.tryWrite(text) }
  }

  /// From the signal thread: the screen given back before the process stops.
  private func suspend() {
    screen.withLock { screen in
      guard !screen.suspended else { return }
      _ = Output.tryWrite(screen.leave)
      screen.suspended = true
    }
    leaveKeyMode()
    Output.releaseMessages()
  }

  /// From the signal thread, after SIGCONT: keys without echo again, the screen taken again, and
  /// a full redraw asked for. Only in the foreground: continued in the background (`bg`), the
  /// view stays suspended until `fg` continues it again; and not once the view has ended.
  private func resume() {
    guard LiveTerminal.isForeground else { return }
    LiveTerminal.current.withLock { current in
      guard current === self else { return }
      enterKeyMode()
      screen.withLock { screen in
        if screen.suspended && !screen.enter.isEmpty {
          _ = Output.tryWrite(screen.enter)
          Output.holdMessages()
        }
        screen.suspended = false
      }
      pending.withLock { $0.append(.resize) }
    }
  }

  /// Whether this process's group owns the terminal on standard output (true when it is no
  /// terminal, or cannot say).
  private static var isForeground: Bool {
    let owner = tcgetpgrp(1)
    return owner == -1 || owner == getpgrp()
  }

  /// The thread that turns keys into requests, living until the process ends, blocked in read;
  /// and this terminal made the one the signals act on.
  private func startListening() {
    LiveTerminal.current.withLock { $0 = self }
    if isatty(0) == 1 {
      let box = Unmanaged.passRetained(self)
      LiveTerminal.detach(named: "devcaps-keys") { box.takeRetainedValue().readKeys() }
    }
  }

  /// Makes `quitPressed` readable, once: nothing reads it after the runner ends, and a second
  /// byte would only sit in the pipe.
  private func sendQuit() {
    let first = quitSent.withLock { sent in
      defer { sent = true }
      return !sent
    }
    if first { _ = try? quitPipe?.write.write(value: UInt8(1)) }
  }

  private func readKeys() {
    var byte: UInt8 = 0
    while (try? FileDescriptor.standardInput.read(into: &byte)) == 1 {
      switch byte {
      case UInt8(ascii: "q"), UInt8(ascii: "Q"):
        pending.withLock { $0.append(.quit) }
        sendQuit()
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        pending.withLock { $0.append(.confirm) }
        if enterQuits { sendQuit() }
      case UInt8(ascii: " "): pending.withLock { $0.append(.recentre) }
      default: break
      }
    }
  }

  private static func waitForSignals() {
    var set = jobControlSignals
    var number: Int32 = 0
    while sigwait(&set, &number) == 0 {
      let terminal = current.withLock { $0 }
      switch number {
      case SIGTSTP:
        terminal?.suspend()
        kill(getpid(), SIGSTOP)
      case SIGCONT: terminal?.resume()
      default: terminal?.pending.withLock { $0.append(.resize) }
      }
    }
  }

  /// Runs `body` on a detached thread. Without one (out of threads) the view goes on without
  /// keys or job control, as it does without a terminal.
  private static func detach(named name: String, _ body: @escaping () -> Void) {
    _ = try? WorkerThread.detached(named: name, body)
  }
}
