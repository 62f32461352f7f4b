import DevCapsKit

/// Prints stream events: NDJSON, or `HH:MM:SS text` lines for people. False when stdout is gone.
/// One printer per stream: its JSON line is kept from event to event, so a motion sample at
/// 200 Hz is written without a heap allocation.
///
/// A live stream writes each line as it comes. A batched printer (`motion --replay`, whose
/// samples come as fast as a file is read) keeps lines until it holds ``batchSize`` bytes, so a
/// recording of millions of samples costs a system call per batch, not per line; ``flush()``
/// writes the rest, before any message on stderr and at the end.
final class StreamPrinter {
  let json: Bool
  let batched: Bool
  private var line = JSONLine()
  /// Text lines kept by a batched printer.
  private var pending: [UInt8] = []
  static let batchSize = 1 << 16

  init(json: Bool, batched: Bool = false) {
    self.json = json
    self.batched = batched
    if batched {
      line = JSONLine(capacity: Self.batchSize + 4096)
      pending.reserveCapacity(json ? 0 : Self.batchSize + 4096)
    }
  }

  func print(_ event: StreamEvent) -> Bool {
    guard json else {
      let text = event.time.localClock + " " + OutsideText.terminal(EventText.line(event.event)) + "\n"
      guard batched else { return Output.tryWrite(text) }
      pending.append(contentsOf: text.utf8)
      return pending.count < Self.batchSize || flush()
    }
    if !batched { line.removeAll() }
    event.writeJSON(into: &line)
    line.raw("\n")
    return batched && line.count < Self.batchSize || flush()
  }

  /// ``print(_:)`` of `StreamEvent(.motion(DeviceMotionUpdate(motion:sensors:rateHz:)),
  /// initial:)` stamped now, the JSON line written from the parts without building the event
  /// (a replay's hundreds of thousands of samples: copying each into an update and an event was
  /// a twentieth of a row).
  func printMotion(_ motion: DeviceMotion, sensors: [String], rateHz: Double?, initial: Bool) -> Bool {
    guard json else {
      return print(
        StreamEvent(.motion(DeviceMotionUpdate(motion: motion, sensors: sensors, rateHz: rateHz)), initial: initial))
    }
    if !batched { line.removeAll() }
    StreamEvent.writeMotionJSON(
      time: .now(), motion: motion, sensors: sensors, rateHz: DeviceMotionUpdate.millihertz(rateHz), into: &line)
    line.raw("\n")
    return batched && line.count < Self.batchSize || flush()
  }

  /// Writes what a batched printer holds (a live one holds nothing past its line); false when
  /// stdout is gone.
  func flush() -> Bool {
    defer {
      line.removeAll()
      pending.removeAll(keepingCapacity: true)
    }
    if json { return line.count == 0 || line.withUnsafeBytes { Output.tryWrite($0) } }
    return pending.isEmpty || pending.withUnsafeBytes { Output.tryWrite($0) }
  }
}
