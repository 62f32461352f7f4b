/// A stream of things there at the start, then added and removed (`watch sensors`, `watch usb`):
/// on each udev event it takes, the list is read again and compared with the last one by each
/// item's key. Never polled.
final class PresenceWatcher<Item: Sendable & Equatable & Encodable> {
  /// What the watcher is told of each kind of item.
  struct Kind {
    /// The items now.
    var probe: () -> [Item]
    /// An item is the same while its key stays.
    var key: (Item) -> String
    /// Whether an event can change the list.
    var takes: (UdevMonitor.Event) -> Bool
    /// Whether an item belongs to a device whose removal is announced: the device may still be
    /// in sysfs while it is, so the new list may still hold it.
    var removedBy: (Item, UdevMonitor.Event) -> Bool
    /// The item as a removal reports it.
    var asRemoved: (Item) -> Item = { $0 }
    /// The stream's event for an update.
    var event: (PresenceUpdate<Item>) -> DeviceEvent
  }

  let kind: Kind
  private var known: [Item] = []

  init(_ kind: Kind) { self.kind = kind }

  func start() -> [DeviceEvent] {
    known = kind.probe()
    return known.map { kind.event(PresenceUpdate(action: .present, item: $0)) }
  }

  func handle(_ event: UdevMonitor.Event) -> [DeviceEvent] {
    guard kind.takes(event) else { return [] }
    var items = kind.probe()
    if event.action == "remove" { items.removeAll { kind.removedBy($0, event) } }
    let updates = Self.changes(from: known, to: items, key: kind.key)
    known = items
    return updates.map {
      kind.event($0.action == .removed ? PresenceUpdate(action: .removed, item: kind.asRemoved($0.item)) : $0)
    }
  }

  /// The items gone, then those new, each in its list's order.
  static func changes(from old: [Item], to new: [Item], key: (Item) -> String) -> [PresenceUpdate<Item>] {
    let before = Set(old.map(key))
    let after = Set(new.map(key))
    return old.filter { !after.contains(key($0)) }.map { PresenceUpdate(action: .removed, item: $0) }
      + new.filter { !before.contains(key($0)) }.map { PresenceUpdate(action: .added, item: $0) }
  }
}
