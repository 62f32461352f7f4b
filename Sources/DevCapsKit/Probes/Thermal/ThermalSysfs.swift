/// The values of `/sys/class/thermal` files, as the thermal core writes them (sysfs-api.rst):
/// temperatures in millidegrees Celsius, trip points as a type word and a temperature.
enum ThermalSysfs {
  /// A zone's temperature; nil outside what a sensor can mean (below absolute zero, past
  /// 1000 °C), so that a driver's error value is not judged as heat.
  static func celsius(millidegrees: Int64) -> Double? {
    guard millidegrees > -273_150 && millidegrees < 1_000_000 else { return nil }
    return Double(millidegrees) / 1000
  }

  /// A trip point that is set; nil for the unset ones drivers leave at 0 or below
  /// (x86_pkg_temp's two passive trips until thermald sets them, THERMAL_TEMP_INVALID).
  static func trip(type: String, millidegrees: Int64) -> ThermalTrip? {
    guard millidegrees > 0, let temperature = celsius(millidegrees: millidegrees) else { return nil }
    return ThermalTrip(type: type, temperatureCelsius: temperature)
  }

  /// `thermal_zone2` before `thermal_zone10`: the kernel's numbering, not the names' order.
  static func kernelOrder(_ a: String, _ b: String) -> Bool {
    let (prefixA, numberA) = split(a)
    let (prefixB, numberB) = split(b)
    if prefixA != prefixB { return prefixA < prefixB }
    return numberA != numberB ? numberA < numberB : a < b
  }

  private static func split(_ name: String) -> (Substring, Int) {
    let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }.count
    return (name.dropLast(digits), Int(name.suffix(digits)) ?? -1)
  }
}
