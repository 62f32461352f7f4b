import DevCapsKit

extension HumanReport {
  /// The state and why, then one row per zone (type, °C, trips) and per cooling device.
  func thermalRows(_ thermal: ThermalInfo) -> [(String, String)] {
    var rows = [
      ("State", thermal.state.rawValue + (thermal.reason.map { style.dim(" (\(OutsideText.value($0)))") } ?? ""))
    ]
    if thermal.zones.isEmpty { rows.append(("Zones", style.dim("none"))) }
    for zone in thermal.zones {
      let trips = zone.trips.map { "\(OutsideText.value($0.type)) \(Self.celsius($0.temperatureCelsius))" }
      let temperature = zone.temperatureCelsius.map(Self.celsius) ?? style.dim("no reading")
      let name = zone.type.map(OutsideText.value) ?? zone.id
      rows.append((name, temperature + (trips.isEmpty ? "" : style.dim(", trips " + trips.joined(separator: ", ")))))
    }
    for device in thermal.coolingDevices {
      let state = [device.currentState, device.maxState].map { $0.map(String.init) ?? "?" }.joined(separator: " of ")
      rows.append((device.type.map(OutsideText.value) ?? device.id, style.dim("cooling, state ") + state))
    }
    return rows
  }

  static func celsius(_ value: Double) -> String { Units.fixed(value, decimals: 1) + " °C" }
}
