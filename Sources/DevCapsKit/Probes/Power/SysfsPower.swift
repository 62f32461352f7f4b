/// Power from `/sys/class/power_supply` when UPower is absent, computed the way upowerd computes
/// it, so that one battery reads the same through either source.
struct SysfsPower {
  let context: ProbeContext
  let udev: Udev?

  init(context: ProbeContext, udev: Udev?) {
    self.context = context
    self.udev = udev
  }

  func read() -> PowerInfo {
    guard let udev else { return PowerInfo(source: .none) }
    var power = PowerInfo(source: .sysfs)
    var mainsSeen = false
    for device in udev.devices(subsystem: "power_supply") {
      let reader = NumericAttributes(device: device, diagnostics: context.diagnostics)
      switch device.attribute("type") {
      case "Battery":
        if device.attribute("present") == "0" { continue }
        if device.attribute("scope") == "Device" {
          power.peripherals.append(peripheral(device, reader, udev: udev))
        } else {
          power.batteries.append(battery(device, reader))
        }
      case "Mains", "USB", "USB_C", "USB_PD", "USB_DCP", "USB_CDP", "Wireless":
        mainsSeen = true
        if let online = reader.number("online") {
          power.linePowerOnline = (power.linePowerOnline ?? false) || online == 1
        }
      default:
        continue
      }
    }
    if power.batteries.isEmpty && power.peripherals.isEmpty && !mainsSeen { return PowerInfo(source: .none) }
    let discharging = power.batteries.contains { $0.state == .discharging }
    if mainsSeen, let online = power.linePowerOnline {
      power.onBattery = !online && !power.batteries.isEmpty
    } else {
      power.onBattery = discharging
    }
    power.level = SysfsPower.aggregate(power.batteries)
    if power.onBattery == true {
      for index in power.batteries.indices {
        power.batteries[index].warningLevel = SysfsPower.warning(power.batteries[index].level)
      }
    } else {
      for index in power.batteries.indices { power.batteries[index].warningLevel = "none" }
    }
    return power
  }

  /// UPower's default thresholds (UPower.conf): low 10 %, critical 3 %, action 2 %, on battery.
  static func warning(_ level: Double?) -> String? {
    guard let level else { return nil }
    if level <= 0.02 { return "action" }
    if level <= 0.03 { return "critical" }
    if level <= 0.10 { return "low" }
    return "none"
  }

  /// Total energy over total capacity, as UPower's display device; else the mean level.
  static func aggregate(_ batteries: [BatteryInfo]) -> Double? {
    guard !batteries.isEmpty else { return nil }
    let energies = batteries.compactMap { battery in
      battery.energyWh.flatMap { now in battery.energyFullWh.map { (now, $0) } }
    }
    if energies.count == batteries.count {
      let full = energies.reduce(0) { $0 + $1.1 }
      if full > 0 { return min(1, energies.reduce(0) { $0 + $1.0 } / full) }
    }
    let levels = batteries.compactMap(\.level)
    return levels.count == batteries.count ? levels.reduce(0, +) / Double(levels.count) : nil
  }

  static let technologies: [String: String] = [
    "Li-ion": "lithium-ion", "Li-poly": "lithium-polymer", "LiFe": "lithium-iron-phosphate",
    "NiMH": "nickel-metal-hydride", "NiCd": "nickel-cadmium", "Pb": "lead-acid",
  ]

  func battery(_ device: UdevDevice, _ reader: NumericAttributes) -> BatteryInfo {
    var battery = BatteryInfo(id: device.sysname)
    // µWh, or µAh × the design voltage (upowerd's choice), to Wh.
    let voltage = reader.number("voltage_min_design") ?? reader.number("voltage_now")
    func energy(_ name: String, charge: String) -> Double? {
      if let microwattHours = reader.quantity(name) { return microwattHours / 1e6 }
      if let microampHours = reader.quantity(charge), let voltage { return microampHours * voltage / 1e12 }
      return nil
    }
    battery.energyWh = energy("energy_now", charge: "charge_now")
    battery.energyFullWh = energy("energy_full", charge: "charge_full")
    battery.energyFullDesignWh = energy("energy_full_design", charge: "charge_full_design")
    if let microwatts = reader.number("power_now") {
      battery.energyRateW = abs(microwatts) / 1e6
    } else if let microamps = reader.number("current_now"), let volts = reader.number("voltage_now") {
      battery.energyRateW = abs(microamps * volts) / 1e12
    }
    if let now = battery.energyWh, let full = battery.energyFullWh, full > 0 {
      battery.level = min(1, max(0, now / full))
    } else if let capacity = reader.number("capacity") {
      battery.level = min(1, max(0, capacity / 100))
    }
    if let full = battery.energyFullWh, let design = battery.energyFullDesignWh, design > 0 {
      battery.health = full / design
    }
    battery.state = SysfsPower.state(device.attribute("status"), level: battery.level)
    if let rate = battery.energyRateW, rate > 0, let now = battery.energyWh {
      switch battery.state {
      case .discharging: battery.timeToEmptySeconds = Int64(roundingIfRepresentable: now / rate * 3600)
      case .charging:
        if let full = battery.energyFullWh {
          battery.timeToFullSeconds = Int64(roundingIfRepresentable: max(0, full - now) / rate * 3600)
        }
      default: break
      }
    }
    battery.technology = device.attribute("technology").flatMap { SysfsPower.technologies[$0] }
    battery.vendor = device.attribute("manufacturer").flatMap { $0.isEmpty ? nil : $0 }
    battery.model = device.attribute("model_name").flatMap { $0.isEmpty ? nil : $0 }
    battery.chargeCycles = reader.number("cycle_count").flatMap { $0 > 0 ? Int64(roundingIfRepresentable: $0) : nil }
    return battery
  }

  func peripheral(_ device: UdevDevice, _ reader: NumericAttributes, udev: Udev) -> PeripheralInfo {
    let level = reader.number("capacity").map { min(1, max(0, $0 / 100)) }
    return PeripheralInfo(
      id: device.sysname, kind: SysfsPower.peripheralKind(device, udev: udev), model: device.attribute("model_name"),
      level: level,
      state: SysfsPower.state(device.attribute("status"), level: level))
  }

  /// UPower's kind for a peripheral's battery, from the input devices beside it (children of the
  /// same HID device): each says the first of tablet, touchpad, mouse, gaming-input, keyboard it
  /// is; among several, gaming-input wins over keyboard, tablet, touchpad, mouse, as upowerd
  /// ranks them. An input device that says none of these is a keyboard to upowerd too.
  static func peripheralKind(_ device: UdevDevice, udev: Udev) -> String {
    guard let parent = device.parent else { return "unknown" }
    let inputs = udev.children(of: parent, subsystem: "input")
    guard !inputs.isEmpty else { return "unknown" }
    let kinds = inputs.map { input in
      inputKinds.first(where: { input.flag($0.property) })?.kind ?? "unknown"
    }
    return kindPriority.first(where: kinds.contains) ?? "keyboard"
  }

  private static let inputKinds: [(property: String, kind: String)] = [
    (property: "ID_INPUT_TABLET", kind: "tablet"), ("ID_INPUT_TOUCHPAD", "touchpad"), ("ID_INPUT_MOUSE", "mouse"),
    ("ID_INPUT_JOYSTICK", "gaming-input"), ("ID_INPUT_KEYBOARD", "keyboard"),
  ]
  private static let kindPriority = ["gaming-input", "keyboard", "tablet", "touchpad", "mouse"]

  /// sysfs `status` in devcaps' words; "Not charging" at 90 % or more is full, as upowerd has it.
  static func state(_ status: String?, level: Double?) -> BatteryState {
    switch status {
    case "Charging": return .charging
    case "Discharging": return .discharging
    case "Full": return .full
    case "Not charging": return (level ?? 0) >= 0.9 ? .full : .notCharging
    case "Empty": return .empty
    default: return .unknown
    }
  }
}

/// A device's numeric attributes, garbage reported to the run's diagnostics.
struct NumericAttributes {
  let device: UdevDevice
  let diagnostics: DiagnosticLog

  func number(_ name: String) -> Double? { device.number(name, reporting: diagnostics) }

  /// A stored amount (energy, charge): below zero it is garbage, reported and nil.
  func quantity(_ name: String) -> Double? {
    guard let value = number(name) else { return nil }
    guard value >= 0 else {
      diagnostics.record(device.syspath + "/" + name, "expected an amount of 0 or more, found \(value)")
      return nil
    }
    return value
  }
}
