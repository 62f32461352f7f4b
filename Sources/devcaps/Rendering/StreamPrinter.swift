import DevCapsKit

/// Prints stream events: NDJSON, or `HH:MM:SS text` lines for people. False when stdout is gone.
/// One printer per stream: its JSON line is kept from event to event, so a motion sample at
/// 200 Hz is written without a heap allocation.
final class StreamPrinter {
  let json: Bool
  private var line = JSONLine()

  init(json: Bool) {
    self.json = json
  }

  func print(_ event: StreamEvent) -> Bool {
    guard json else {
      return Output.tryWrite(event.time.localClock + " " + OutsideText.terminal(EventText.line(event.event)) + "\n")
    }
    line.removeAll()
    event.writeJSON(into: &line)
    line.raw("\n")
    return line.bytes.withUnsafeBytes { Output.tryWrite($0) }
  }
}
