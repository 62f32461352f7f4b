import ArgumentParser
import DevCapsKit

struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Stream changes: displays, sensors, and more, as they happen.",
    discussion: """
      A watch prints the current state first (one line per device), then one line per change, \
      until --count changes were seen, --timeout seconds passed, or it is interrupted. It is \
      event-driven: udev events, not polling.

      Streams:
        displays   connectors connected, disconnected, or whose modes changed
        sensors    sensors added or removed
        all        every stream above, merged

      Exit status: 0 at --count or --timeout or when the reader of stdout goes away, 69 when \
      a source the stream needs is unavailable, 130 on SIGINT, 143 on SIGTERM.

      Examples:
        devcaps watch displays
        devcaps watch all --json | jq -c 'select(.event == "display")'
        devcaps watch sensors --count 1 --timeout 30
      """)

  @Argument(help: ArgumentHelp("What to watch: \(StreamKind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "stream"))
  var stream: StreamKind

  @Flag(name: .long, help: "One JSON object per line (Schemas/event.schema.json).")
  var json = false

  @Option(name: .long, help: "End after this many changes (the initial state does not count).")
  var count: Int?

  @Option(name: .long, help: "End after this many seconds.")
  var timeout: Double?

  func validate() throws {
    if let count, count < 0 { throw ValidationError("--count must be 0 or more, not \(count)") }
    if let timeout, !(timeout > 0 && timeout < 1e9) { throw ValidationError("--timeout must be a positive number of seconds") }
  }

  func run() throws {
    let printer = StreamPrinter(json: json)
    let session = StreamSession(maximumChanges: count, emit: printer.print)
    guard let udev = Udev() else {
      Output.error("cannot use udev (udev_new failed)")
      throw ExitCode(69)
    }
    let context = ProbeContext()
    var watchers: [(start: () -> [StreamEvent], subsystems: [String], handle: (UdevMonitor.Event) -> [StreamEvent])] = []
    if stream == .displays || stream == .all {
      let watcher = DisplayWatcher(context: context, udev: udev)
      watchers.append((watcher.start, DisplayWatcher.subsystems, watcher.handle))
    }
    if stream == .sensors || stream == .all {
      let watcher = SensorWatcher(context: context, udev: udev)
      watchers.append((watcher.start, SensorWatcher.subsystems, watcher.handle))
    }
    // Monitors first, so no event between the initial reading and the first receive is lost.
    for watcher in watchers {
      guard session.watchUdev(udev, subsystems: watcher.subsystems, { session.publish(watcher.handle($0)) }) else {
        Output.error("cannot listen to udev events for \(watcher.subsystems.joined(separator: ", "))")
        throw ExitCode(69)
      }
    }
    for watcher in watchers { session.publish(watcher.start()) }
    Output.warn(context.diagnostics.entries)
    if let timeout { session.stop(after: timeout) }
    try StreamExit.finish(session.run())
  }
}

enum StreamKind: String, ExpressibleByArgument, CaseIterable {
  case displays, sensors, all
}
