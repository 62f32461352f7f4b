/// `watch battery` and `watch lid`: power snapshots in, one event per device whose state
/// changed out. Snapshots come from UPower's signals or, without UPower, from udev
/// `power_supply` events read through sysfs.
public final class PowerStream {
  public enum Kind { case battery, lid }

  let kind: Kind
  private var last: [String: [JSONMember]] = [:]
  private var lastLid: [JSONMember]? = nil
  private var seenSource = false

  public init(kind: Kind) { self.kind = kind }

  public func handle(_ message: UPowerWatcher.Message) -> [StreamEvent] {
    switch message {
    case .absent:
      return []
    case .appeared(let power):
      var events: [StreamEvent] = []
      if seenSource {
        events.append(StreamEvent(name: "source-restored", fields: [JSONMember("source", .string("upower"))], text: "upower is back", isChange: true))
      }
      seenSource = true
      last.removeAll()
      lastLid = nil
      return events + diff(power, initial: true)
    case .changed(let power):
      seenSource = true
      return diff(power, initial: false)
    case .vanished:
      return [StreamEvent(name: "source-lost", fields: [JSONMember("source", .string("upower"))], text: "upower went away; waiting for it to come back", isChange: true)]
    }
  }

  /// The events for a snapshot: every device on the initial lines, then only those that changed.
  public func diff(_ power: PowerInfo, initial: Bool) -> [StreamEvent] {
    var events: [StreamEvent] = []
    switch kind {
    case .battery:
      var current: [String: [JSONMember]] = [:]
      var order: [(String, [JSONMember], String)] = []
      for battery in power.batteries {
        let fields = PowerStream.fields(battery, onBattery: power.onBattery)
        current[battery.id] = fields
        order.append((battery.id, fields, PowerStream.text(battery)))
      }
      for peripheral in power.peripherals {
        let fields = PowerStream.fields(peripheral)
        current[peripheral.id] = fields
        let level = peripheral.level.map { Units.fixed($0 * 100, decimals: 0) + " %" } ?? "level unknown"
        order.append((peripheral.id, fields, "\(peripheral.id) (\(peripheral.kind)) \(level) \(peripheral.state.rawValue)"))
      }
      for (id, fields, text) in order where last[id] != fields || initial {
        events.append(PowerStream.event("battery", fields, text: text, initial: initial))
      }
      for id in last.keys.sorted() where current[id] == nil {
        events.append(StreamEvent(
          name: "battery", fields: [JSONMember("id", .string(id)), JSONMember("removed", .bool(true))], text: "\(id) removed", isChange: true))
      }
      last = current
    case .lid:
      let fields = [JSONMember("closed", .optional(power.lidClosed)), JSONMember("present", .optional(power.lidPresent))]
      if initial || fields != lastLid {
        let text = power.lidPresent == true ? "lid \(power.lidClosed == true ? "closed" : "open")" : "no lid"
        events.append(PowerStream.event("lid", fields, text: text, initial: initial))
      }
      lastLid = fields
    }
    return events
  }

  static func event(_ name: String, _ fields: [JSONMember], text: String, initial: Bool) -> StreamEvent {
    StreamEvent(name: name, fields: fields + (initial ? [JSONMember("initial", .bool(true))] : []), text: text, isChange: !initial)
  }

  static func fields(_ battery: BatteryInfo, onBattery: Bool?) -> [JSONMember] {
    [
      JSONMember("id", .string(battery.id)),
      JSONMember("level", .optional(battery.level)),
      JSONMember("state", .string(battery.state.rawValue)),
      JSONMember("timeToEmptySeconds", .optional(battery.timeToEmptySeconds)),
      JSONMember("timeToFullSeconds", .optional(battery.timeToFullSeconds)),
      JSONMember("onBattery", .optional(onBattery)),
      JSONMember("energyWh", .optional(battery.energyWh)),
      JSONMember("energyRateW", .optional(battery.energyRateW)),
      JSONMember("warningLevel", .optional(battery.warningLevel)),
    ]
  }

  static func fields(_ peripheral: PeripheralInfo) -> [JSONMember] {
    [
      JSONMember("id", .string(peripheral.id)),
      JSONMember("level", .optional(peripheral.level)),
      JSONMember("state", .string(peripheral.state.rawValue)),
      JSONMember("peripheral", .bool(true)),
      JSONMember("kind", .string(peripheral.kind)),
      JSONMember("model", .optional(peripheral.model)),
    ]
  }

  /// `BAT0 50 % charging, 2:00 to full`
  static func text(_ battery: BatteryInfo) -> String {
    var text = battery.id
    if let level = battery.level { text += " " + Units.fixed(level * 100, decimals: 0) + " %" }
    text += " " + battery.state.rawValue
    if let seconds = battery.timeToFullSeconds { text += ", " + Units.clock(seconds: seconds) + " to full" }
    if let seconds = battery.timeToEmptySeconds { text += ", " + Units.clock(seconds: seconds) + " left" }
    return text
  }
}
