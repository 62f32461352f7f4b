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

  func handle(_ message: UPowerWatcher.Message) -> [DeviceEvent] {
    switch message {
    case .absent:
      return []
    case .appeared(let power):
      var events: [DeviceEvent] = []
      if seenSource { events.append(.sourceRestored(source: "upower")) }
      seenSource = true
      last.removeAll()
      lastLid = nil
      return events + diff(power, initial: true)
    case .changed(let power):
      seenSource = true
      return diff(power, initial: false)
    case .vanished:
      return [.sourceLost(source: "upower")]
    }
  }

  /// The events for a snapshot: every device on the initial lines, then only those that changed.
  func diff(_ power: PowerInfo, initial: Bool) -> [DeviceEvent] {
    var events: [DeviceEvent] = []
    switch kind {
    case .battery:
      let devices =
        power.batteries.map { BatteryUpdate.Device.battery($0, onBattery: power.onBattery) }
        + power.peripherals.map { BatteryUpdate.Device.peripheral($0) }
      var current: [String: JSONValue] = [:]
      for device in devices {
        let update = BatteryUpdate(device, initial: initial)
        let reported = JSONValue(encoding: BatteryUpdate(device, initial: false))
        current[update.id] = reported
        if initial || last[update.id] != reported { events.append(.battery(update)) }
      }
      for id in last.keys.sorted() where current[id] == nil {
        events.append(.battery(BatteryUpdate(.removed(id: id), initial: false)))
      }
      last = current
    case .lid:
      let update = LidUpdate(closed: power.lidClosed, present: power.lidPresent, initial: initial)
      if initial || update.closed != lastLid?.closed || update.present != lastLid?.present {
        events.append(.lid(update))
      }
      lastLid = update
    }
    return events
  }
}
