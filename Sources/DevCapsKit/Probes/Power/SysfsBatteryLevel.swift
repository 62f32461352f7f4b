/// The aggregate battery level from sysfs power supplies: total energy (or charge) now over total
/// full, else the mean of `capacity`. Peripherals (`scope=Device`) do not count.
public struct SysfsBatteryLevel {
  let udev: Udev?

  public init(udev: Udev?) { self.udev = udev }

  public struct Level: Sendable, Equatable {
    public var fraction: Double
    public var batteries: [String]
  }

  public func read() -> Level? {
    guard let udev else { return nil }
    let batteries = udev.devices(subsystem: "power_supply").filter {
      $0.attribute("type") == "Battery" && $0.attribute("scope") != "Device" && $0.attribute("present") != "0"
    }
    guard !batteries.isEmpty else { return nil }
    func number(_ device: UdevDevice, _ name: String) -> Double? { device.attribute(name).flatMap(Double.init) }
    var now = 0.0
    var full = 0.0
    var complete = true
    for battery in batteries {
      if let energy = number(battery, "energy_now"), let energyFull = number(battery, "energy_full"), energyFull > 0 {
        now += energy
        full += energyFull
      } else if let charge = number(battery, "charge_now"), let chargeFull = number(battery, "charge_full"), chargeFull > 0 {
        now += charge
        full += chargeFull
      } else {
        complete = false
      }
    }
    let names = batteries.map(\.sysname)
    if complete && full > 0 { return Level(fraction: min(1, max(0, now / full)), batteries: names) }
    let capacities = batteries.compactMap { number($0, "capacity") }
    guard capacities.count == batteries.count else { return nil }
    let mean = capacities.reduce(0, +) / Double(capacities.count) / 100
    return Level(fraction: min(1, max(0, mean)), batteries: names)
  }
}
