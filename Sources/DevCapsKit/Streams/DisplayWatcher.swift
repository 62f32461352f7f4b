/// `watch displays`: on a udev `drm` event, re-read the connectors and report what changed for
/// each: `connected`, `disconnected`, `modes-changed`.
final class DisplayWatcher {
  let context: ProbeContext
  let udev: Udev
  private var known: [String: DisplayInfo] = [:]

  init(context: ProbeContext, udev: Udev) {
    self.context = context
    self.udev = udev
  }

  static let subsystems = ["drm"]

  func probe() -> [DisplayInfo] {
    // Each event needs fresh reads: a context caches files for the run of one report.
    DisplayProbe(context: context.refreshed(), drm: DRMDevices(udev: udev)).probe()
  }

  static func key(_ display: DisplayInfo) -> String { display.card + "-" + display.connector }

  /// One line per connector: the current state.
  func start() -> [DeviceEvent] {
    let displays = probe()
    known = Dictionary(displays.map { (DisplayWatcher.key($0), $0) }, uniquingKeysWith: { first, _ in first })
    return displays.map {
      .display(DisplayUpdate(action: $0.connected ? .connected : .disconnected, display: $0))
    }
  }

  func handle(_ event: UdevMonitor.Event) -> [DeviceEvent] {
    var displays = probe()
    if event.action == "remove" {
      // A card or connector being removed may still be in sysfs while its removal is announced.
      let gone = event.device.syspath
      displays.removeAll { ($0.syspath + "/").hasPrefix(gone + "/") }
    }
    let changes = DisplayWatcher.changes(from: Array(known.values), to: displays)
    known = Dictionary(displays.map { (DisplayWatcher.key($0), $0) }, uniquingKeysWith: { first, _ in first })
    return changes.map { .display(DisplayUpdate(action: $0.action, display: $0.display)) }
  }

  /// What changed between two readings, in the new reading's order (then vanished connectors).
  static func changes(from old: [DisplayInfo], to new: [DisplayInfo]) -> [(
    action: DisplayUpdate.Action, display: DisplayInfo
  )] {
    let before = Dictionary(old.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    var changes: [(DisplayUpdate.Action, DisplayInfo)] = []
    for display in new {
      guard let previous = before[key(display)] else {
        if display.connected { changes.append((.connected, display)) }
        continue
      }
      if previous.connected != display.connected {
        changes.append((display.connected ? .connected : .disconnected, display))
      } else if display.connected
        && (previous.modes != display.modes || previous.preferredMode != display.preferredMode)
      {
        changes.append((.modesChanged, display))
      }
    }
    let now = Set(new.map(key))
    for display in old where !now.contains(key(display)) && display.connected {
      var gone = display
      gone.connected = false
      changes.append((.disconnected, gone))
    }
    return changes
  }
}
