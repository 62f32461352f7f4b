import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One frame of a live view: `lines` must fit whole (the view's minimum size is their count and
/// their widest), `footer` lines are cut to the width.
struct LiveFrame: Equatable {
  var lines: [String]
  var footer: [String] = []

  var columns: Int { lines.map(TerminalWidth.of).max() ?? 0 }
  var rows: Int { lines.count + footer.count }
}

/// The alternate screen of `up-angle` and `motion` (and the drawing rules `tilt` shares): frames
/// of whole lines, of which only the lines that changed are rewritten, at most about 30 times a
/// second. A resize measures the terminal again and redraws all; a terminal smaller than the
/// frame shows, centred, why there is no picture until it grows. `q` ends the view; the
/// terminal's `restore` gives the screen back.
final class LiveScreen {
  static let enter = "\u{1B}[?1049h\u{1B}[?25l"
  static let leave = "\u{1B}[?25h\u{1B}[?1049l"
  /// The shortest time between two redraws: about 30 frames a second, which is as much as a
  /// person sees and keeps a view over SSH light.
  static let frameInterval = 1.0 / 30

  private let terminal: LiveTerminal
  private var size: (columns: Int, rows: Int)?
  /// The rows on the screen now; nil when it must be cleared and drawn whole.
  private var shown: [String]?
  private var lastDrawn: Double?

  init(terminal: LiveTerminal) {
    self.terminal = terminal
    size = LiveScreen.measure()
    terminal.enterScreen(LiveScreen.enter, leaving: LiveScreen.leave)
  }

  /// The terminal's size; nil when it does not say (0×0), and then frames are drawn as they are.
  private static func measure() -> (columns: Int, rows: Int)? {
    guard let size = LiveTerminal.size(), size.columns > 0, size.rows > 0 else { return nil }
    return size
  }

  /// Draws `frame` if it is time to; false when `q` was pressed or stdout failed.
  func show(_ frame: LiveFrame) -> Bool {
    for request in terminal.takeRequests() {
      switch request {
      case .quit: return false
      case .resize:
        size = LiveScreen.measure()
        shown = nil
      case .confirm, .recentre: break
      }
    }
    let now = LiveScreen.monotonicSeconds()
    if shown != nil, let lastDrawn, now - lastDrawn < LiveScreen.frameInterval { return true }
    lastDrawn = now
    let rows = layout(frame)
    let text = LiveScreen.changes(from: shown, to: rows, columns: size?.columns)
    shown = rows
    return text.isEmpty || terminal.write(text)
  }

  /// The rows to show: the frame's lines and its footer fitted to the width, or the reason
  /// there is no frame.
  func layout(_ frame: LiveFrame) -> [String] {
    guard let size else { return frame.lines + frame.footer }
    guard frame.columns <= size.columns && frame.rows <= size.rows else {
      return LiveScreen.tooSmall(frame, size)
    }
    return frame.lines + frame.footer.map { TerminalWidth.fitted($0, columns: size.columns) }
  }

  /// `terminal 40×12 is smaller than 41×23`, centred, with how to go on.
  static func tooSmall(_ frame: LiveFrame, _ size: (columns: Int, rows: Int)) -> [String] {
    let message =
      TerminalWidth.wrapped(
        "terminal \(size.columns)×\(size.rows) is smaller than \(frame.columns)×\(frame.rows)", columns: size.columns)
      + TerminalWidth.wrapped("enlarge it, or q quits", columns: size.columns)
    let shown = Array(message.prefix(size.rows))
    let top = (size.rows - shown.count) / 2
    return Array(repeating: "", count: top)
      + shown.map { String(repeating: " ", count: (size.columns - $0.count) / 2) + $0 }
  }

  /// What to write to turn `old` rows into `new`: each changed row rewritten from its start and
  /// erased to its end (unless it fills the width, where an erase would take its last cell),
  /// and the rows below `new` erased when there were more. Everything when `old` is nil.
  static func changes(from old: [String]?, to new: [String], columns: Int?) -> String {
    var text = old == nil ? "\u{1B}[H\u{1B}[J" : ""
    for (index, row) in new.enumerated() {
      // Nothing to draw: the row as it is, or a blank row on a cleared screen.
      let unchanged = old.map { $0.indices.contains(index) && $0[index] == row } ?? row.isEmpty
      if unchanged { continue }
      text += "\u{1B}[\(index + 1);1H" + row
      if columns.map({ TerminalWidth.of(row) < $0 }) ?? true { text += "\u{1B}[K" }
    }
    if let old, old.count > new.count { text += "\u{1B}[\(new.count + 1);1H\u{1B}[J" }
    return text
  }

  static func monotonicSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }
}
