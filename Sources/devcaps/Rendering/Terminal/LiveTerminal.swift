import DevCapsKit
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The terminal side of the live views (`tilt`, `motion`, `up-angle`): keys read from standard
/// input without echo or line buffering, the window size, and SIGWINCH. Ctrl-C stays a signal
/// (ISIG is kept), so it ends the program through the stream runner like everywhere else; `q`
/// and space arrive as keys, and each view takes the requests it has a use for.
final class LiveTerminal: Sendable {
  enum Request: Equatable {
    case quit, recentre, resize
  }

  private let pending = Mutex<[Request]>([])
  private let saved: Mutex<termios?> = Mutex(nil)

  /// SIGWINCH blocked here and in every thread started later, to be taken with `sigwait`. Call
  /// with `StreamRunner.takeOverSignals`, before anything starts a thread.
  static func takeOverResize() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGWINCH)
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }

  /// The requests that arrived since the last call, oldest first.
  func takeRequests() -> [Request] {
    pending.withLock { requests in
      defer { requests.removeAll() }
      return requests
    }
  }

  /// For a view that only quits on `q`: keys without echo, listened to from now on.
  static func listeningForQuit() -> LiveTerminal {
    let terminal = LiveTerminal()
    terminal.enterKeyMode()
    terminal.startListening()
    return terminal
  }

  /// Whether `q` was pressed since the last call (other requests are dropped).
  func takeQuit() -> Bool {
    takeRequests().contains(.quit)
  }

  /// Whether a live view of `columns` × `rows` can be drawn on standard output: a terminal that
  /// is not TERM=dumb (which cannot move the cursor or switch screens) and at least that large.
  /// Otherwise the command prints plain lines.
  static func canDraw(columns: Int, rows: Int) -> Bool {
    guard isatty(1) == 1 else { return false }
    if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
    guard let size = size(), size.columns > 0, size.rows > 0 else { return true }
    return size.columns >= columns && size.rows >= rows
  }

  /// Columns and rows of the terminal on standard output; nil when it is not one.
  static func size() -> (columns: Int, rows: Int)? {
    var window = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0 else { return nil }
    return (Int(window.ws_col), Int(window.ws_row))
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

  /// Threads that turn keys and SIGWINCH into requests. They live until the process ends,
  /// blocked in read and sigwait.
  func startListening() {
    if isatty(0) == 1 { LiveTerminal.detach(Unmanaged.passRetained(self)) { $0.readKeys() } }
    LiveTerminal.detach(Unmanaged.passRetained(self)) { $0.waitForResizes() }
  }

  private func readKeys() {
    var byte: UInt8 = 0
    while (try? FileDescriptor.standardInput.read(into: &byte)) == 1 {
      switch byte {
      case UInt8(ascii: "q"), UInt8(ascii: "Q"): pending.withLock { $0.append(.quit) }
      case UInt8(ascii: " "): pending.withLock { $0.append(.recentre) }
      default: break
      }
    }
  }

  private func waitForResizes() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGWINCH)
    var number: Int32 = 0
    while sigwait(&set, &number) == 0 {
      pending.withLock { $0.append(.resize) }
    }
  }

  private static func detach(_ box: Unmanaged<LiveTerminal>, _ body: @escaping (LiveTerminal) -> Void) {
    final class Job {
      let run: () -> Void
      init(_ run: @escaping () -> Void) { self.run = run }
    }
    let job = Unmanaged.passRetained(Job { body(box.takeRetainedValue()) }).toOpaque()
    var thread = pthread_t()
    guard
      pthread_create(
        &thread, nil,
        { context in
          Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().run()
          return nil
        }, job) == 0
    else {
      Unmanaged<Job>.fromOpaque(job).release()
      box.release()
      return
    }
    pthread_detach(thread)
  }
}
