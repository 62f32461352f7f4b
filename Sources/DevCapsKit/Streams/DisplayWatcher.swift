/// `watch displays`: on a udev `drm` event, re-read the connectors and report what changed for
/// each: `connected`, `disconnected`, `modes-changed`.
public final class DisplayWatcher {
  let context: ProbeContext
  let udev: Udev
  private var known: [String: DisplayInfo] = [:]

  public init(context: ProbeContext, udev: Udev) {
    self.context = context
    self.udev = udev
  }

  public static let subsystems = ["drm"]

  func probe() -> [DisplayInfo] {
    // Each event needs fresh reads: a context caches files for the run of one report.
    DisplayProbe(context: ProbeContext(root: context.root, diagnostics: context.diagnostics), udev: udev).probe()
  }

  static func key(_ display: DisplayInfo) -> String { display.card + "-" + display.connector }

  /// One line per connector: the current state.
  public func start() -> [StreamEvent] {
    let displays = probe()
    known = Dictionary(displays.map { (DisplayWatcher.key($0), $0) }, uniquingKeysWith: { first, _ in first })
    return displays.map { DisplayWatcher.event($0, action: $0.connected ? "connected" : "disconnected", initial: true) }
  }

  public func handle(_ event: UdevMonitor.Event) -> [StreamEvent] {
    var displays = probe()
    if event.action == "remove" {
      // A card or connector being removed may still be in sysfs while its removal is announced.
      let gone = event.device.syspath
      displays.removeAll { ($0.syspath + "/").hasPrefix(gone + "/") }
    }
    let changes = DisplayWatcher.changes(from: Array(known.values), to: displays)
    known = Dictionary(displays.map { (DisplayWatcher.key($0), $0) }, uniquingKeysWith: { first, _ in first })
    return changes.map { DisplayWatcher.event($0.display, action: $0.action, initial: false) }
  }

  /// What changed between two readings, in the new reading's order (then vanished connectors).
  public static func changes(from old: [DisplayInfo], to new: [DisplayInfo]) -> [(action: String, display: DisplayInfo)] {
    let before = Dictionary(old.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    var changes: [(String, DisplayInfo)] = []
    for display in new {
      guard let previous = before[key(display)] else {
        if display.connected { changes.append(("connected", display)) }
        continue
      }
      if previous.connected != display.connected {
        changes.append((display.connected ? "connected" : "disconnected", display))
      } else if display.connected && (previous.modes != display.modes || previous.preferredMode != display.preferredMode) {
        changes.append(("modes-changed", display))
      }
    }
    let now = Set(new.map(key))
    for display in old where !now.contains(key(display)) && display.connected {
      var gone = display
      gone.connected = false
      changes.append(("disconnected", gone))
    }
    return changes
  }

  static func event(_ display: DisplayInfo, action: String, initial: Bool) -> StreamEvent {
    guard case .object(let members) = JSONValue(encoding: display) else { preconditionFailure("a display is an object") }
    var text = "\(display.connector) \(action)"
    if display.connected {
      let details = [
        display.name,
        display.preferredMode.map { mode in mode + (display.preferredRefreshHz.map { " @ " + Units.fixed($0, decimals: 2) + " Hz" } ?? "") },
        display.modes.isEmpty ? nil : "\(display.modes.count) mode\(display.modes.count == 1 ? "" : "s")",
      ].compactMap { $0 }
      if !details.isEmpty { text += ": " + details.joined(separator: ", ") }
    }
    var fields = [JSONMember("action", .string(action))]
    if initial { fields.append(JSONMember("initial", .bool(true))) }
    return StreamEvent(name: "display", fields: fields + members, text: text, isChange: !initial)
  }
}
