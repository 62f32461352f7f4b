extension UPowerDeviceReading {
  /// A device from its D-Bus properties (`org.freedesktop.UPower.Device`, a `GetAll` reply), with
  /// the values libupower-glib's properties take when one is missing.
  init(properties: [String: DBusValue], objectPath: String) {
    func string(_ name: String) -> String? {
      guard let text = properties[name]?.string, !text.isEmpty else { return nil }
      return text
    }
    func number(_ name: String) -> Int64 { properties[name]?.integer ?? 0 }
    func real(_ name: String) -> Double { properties[name]?.double ?? 0 }
    kind = UPowerNames.name(properties["Type"]?.integer, in: UPowerNames.kinds)
    powerSupply = properties["PowerSupply"]?.boolean ?? false
    online = properties["Online"]?.boolean ?? false
    isPresent = properties["IsPresent"]?.boolean ?? false
    nativePath = string("NativePath") ?? ""
    percentage = real("Percentage")
    state = UInt32(clamping: number("State"))
    timeToEmpty = number("TimeToEmpty")
    timeToFull = number("TimeToFull")
    energy = real("Energy")
    energyFull = real("EnergyFull")
    energyFullDesign = real("EnergyFullDesign")
    energyRate = real("EnergyRate")
    let technologyNumber = number("Technology")
    technology = technologyNumber == 0 ? nil : UPowerNames.name(technologyNumber, in: UPowerNames.technologies)
    vendor = string("Vendor")
    model = string("Model")
    chargeCycles = Int32(clamping: properties["ChargeCycles"]?.integer ?? -1)
    let level = number("WarningLevel")
    warningLevel = level == 0 ? nil : UPowerNames.name(level, in: UPowerNames.levels)
    self.objectPath = objectPath
  }
}
