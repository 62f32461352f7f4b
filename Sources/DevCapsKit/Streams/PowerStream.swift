/// `watch battery` and `watch lid`: power snapshots in, one event per device whose state
/// changed out. Snapshots come from UPower's signals or, without UPower, from udev
/// `power_supply` events read through sysfs.
final class PowerStream {
  enum Kind { case battery, lid }

  let kind: Kind
  /// What each device's last event said: a change is a change of what the stream reports.
  private var last: [String: JSONValue] = [:]
  private var lastLid: LidUpdate? = nil
  private var seenSource = false

  init(kind: Kind) { self.kind = kind }

  func handle(_ message: UPowerWatcher.Message) -> [StreamEvent] {
    switch message {
    case .absent:
      return []
    case .appeared(let power):
      var events: [StreamEvent] = []
      if seenSource { events.append(StreamEvent(.sourceRestored(source: "upower"))) }
      seenSource = true
      last.removeAll()
      lastLid = nil
      return events + diff(power, initial: true)
    case .changed(let power):
      seenSource = true
      return diff(power, initial: false)
    case .vanished:
      return [StreamEvent(.sourceLost(source: "upower"))]
    }
  }

  /// The events for a snapshot: every device on the initial lines, then only those that changed.
  func diff(_ power: PowerInfo, initial: Bool) -> [StreamEvent] {
    var events: [StreamEvent] = []
    switch kind {
    case .battery:
      let devices =
        power.batteries.map { BatteryUpdate.Device.battery($0, onBattery: power.onBattery) }
        + power.peripherals.map { BatteryUpdate.Device.peripheral($0) }
      var current: [String: JSONValue] = [:]
      for device in devices {
        let update = BatteryUpdate(device)
        let reported = JSONValue(encoding: update)
        current[update.id] = reported
        if initial || last[update.id] != reported { events.append(StreamEvent(.battery(update), initial: initial)) }
      }
      for id in last.keys.sorted() where current[id] == nil {
        events.append(StreamEvent(.battery(BatteryUpdate(.removed(id: id)))))
      }
      last = current
    case .lid:
      let update = LidUpdate(closed: power.lidClosed, present: power.lidPresent)
      if initial || update.closed != lastLid?.closed || update.present != lastLid?.present {
        events.append(StreamEvent(.lid(update), initial: initial))
      }
      lastLid = update
    }
    return events
  }
}
