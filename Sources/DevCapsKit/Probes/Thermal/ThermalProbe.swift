/// Reads `/sys/class/thermal`: each zone's type, temperature and trip points, and each cooling
/// device's state, and judges the thermal state by ``ThermalRule``.
struct ThermalProbe {
  let context: ProbeContext
  static let directory = "/sys/class/thermal"
  /// More trip points than any driver registers: a bound on the loop, not a limit met.
  static let maximumTrips = 64

  func probe() -> ThermalInfo {
    var zones: [ThermalZoneInfo] = []
    var coolingDevices: [CoolingDeviceInfo] = []
    for name in context.entries(Self.directory).sorted(by: ThermalSysfs.kernelOrder) {
      let path = Self.directory + "/" + name
      if name.hasPrefix("thermal_zone") {
        zones.append(zone(name, path))
      } else if name.hasPrefix("cooling_device") {
        coolingDevices.append(
          CoolingDeviceInfo(
            id: name, type: context.line(path + "/type"), currentState: context.integer(path + "/cur_state"),
            maxState: context.integer(path + "/max_state")))
      }
    }
    return ThermalRule.judge(zones: zones, coolingDevices: coolingDevices)
  }

  private func zone(_ id: String, _ path: String) -> ThermalZoneInfo {
    var trips: [ThermalTrip] = []
    for index in 0..<Self.maximumTrips {
      let trip = "\(path)/trip_point_\(index)_"
      guard let type = context.line(trip + "type") else { break }
      if let millidegrees = context.integer(trip + "temp"),
        let set = ThermalSysfs.trip(type: type, millidegrees: millidegrees)
      {
        trips.append(set)
      }
    }
    return ThermalZoneInfo(
      id: id, type: context.line(path + "/type"), temperatureCelsius: temperature(path + "/temp"), trips: trips)
  }

  private func temperature(_ path: String) -> Double? {
    guard let millidegrees = context.integer(path) else { return nil }
    guard let celsius = ThermalSysfs.celsius(millidegrees: millidegrees) else {
      context.diagnostics.record(path, "\(millidegrees) m°C is not a temperature a sensor can read")
      return nil
    }
    return celsius
  }
}
