import DevCapsKit

/// Prints stream events: NDJSON, or `HH:MM:SS text` lines for people. False when stdout is gone.
struct StreamPrinter {
  let json: Bool

  func print(_ event: StreamEvent) -> Bool {
    if json {
      return Output.tryWrite(JSONValue(encoding: event).serialized() + "\n")
    }
    return Output.tryWrite(event.time.localClock + " " + HumanReport.printable(EventText.line(event.event)) + "\n")
  }
}
