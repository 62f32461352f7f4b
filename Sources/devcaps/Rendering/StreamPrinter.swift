import ArgumentParser
import DevCapsKit

/// Prints stream events: NDJSON, or `HH:MM:SS text` lines for people.
struct StreamPrinter {
  let json: Bool

  func print(_ event: StreamEvent) {
    if json {
      Output.write(JSONValue(encoding: event).serialized() + "\n")
    } else {
      Output.write(event.time.localClock + " " + HumanReport.printable(EventText.line(event.event)) + "\n")
    }
  }
}

/// How a stream's end becomes the exit status.
enum StreamExit {
  static func finish(_ stop: EventLoop.Stop) throws {
    switch stop {
    case .finished, .outputClosed: return
    case .signal(let number): throw ExitCode(128 + number)
    case .failure(let message):
      Output.error(message)
      throw ExitCode(69)
    }
  }
}
