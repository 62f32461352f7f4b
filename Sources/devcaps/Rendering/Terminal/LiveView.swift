import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How `up-angle` and `motion` show a stream: `--json` lines; on a terminal that can redraw, a
/// `LiveScreen` of the frames `frame` makes; elsewhere a text line per event, except on a
/// terminal that cannot redraw (TERM=dumb), where a line is printed only when it says something
/// new (said once on stderr). On a terminal `q` quits either way.
enum LiveView {
  static func run(_ stream: DeviceStream, json: Bool, frame: @escaping (DeviceEvent) -> LiveFrame?)
    -> StreamRunner.End
  {
    let onTerminal = !json && isatty(1) == 1
    guard onTerminal else { return StreamRunner.run(stream) { StreamPrinter(json: json).print } }
    let terminal = LiveTerminal.listening()
    defer { terminal.restore() }
    guard LiveTerminal.canRedraw else {
      Output.error("note: TERM=dumb cannot redraw in place: printing a line when the reading changes")
      return StreamRunner.run(stream, quitting: terminal.quitPressed) { changedLines(terminal) }
    }
    let screen = LiveScreen(terminal: terminal)
    return StreamRunner.run(stream, quitting: terminal.quitPressed) {
      { event in
        guard let frame = frame(event.event) else { return true }
        return screen.show(frame)
      }
    }
  }

  /// `HH:MM:SS text` lines, each only when its text differs from the last one's; false at `q`.
  private static func changedLines(_ terminal: LiveTerminal) -> (StreamEvent) -> Bool {
    var last: String?
    return { event in
      guard !terminal.takeRequests().contains(.quit) else { return false }
      let text = OutsideText.terminal(EventText.line(event.event))
      guard text != last else { return true }
      last = text
      return Output.tryWrite(event.time.localClock + " " + text + "\n")
    }
  }
}
