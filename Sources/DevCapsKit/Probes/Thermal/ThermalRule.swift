/// The rule from the kernel's thermal zones and cooling devices to a ``ThermalState``. Each
/// zone with a temperature `t`, its lowest passive trip `P` and its lowest hot or critical trip
/// `L`, counts as
///
/// * critical when `t ≥ L`;
/// * serious when `t ≥ P`, or, for a zone without a passive trip, `t ≥ L − 10 °C`;
/// * fair when `t ≥ P − 10 °C`.
///
/// Each cooling device that throttles (every type but fans, which cool without slowing anything)
/// counts as serious at its `max_state`, and fair at any `cur_state` above 0. The machine's state
/// is the hottest any zone or device counts as; nominal when none counts.
enum ThermalRule {
  /// How far below a trip point a zone starts to count as one step hotter.
  static let margin = 10.0

  static func judge(zones: [ThermalZoneInfo], coolingDevices: [CoolingDeviceInfo]) -> ThermalInfo {
    var state = ThermalState.nominal
    var reason: String? = nil
    func consider(_ candidate: ThermalState, _ why: () -> String) {
      guard candidate > state else { return }
      state = candidate
      reason = why()
    }
    for zone in zones {
      guard let t = zone.temperatureCelsius else { continue }
      let name = zone.type ?? zone.id
      let passive = lowest(zone.trips) { $0 == "passive" }
      let limit = lowest(zone.trips) { $0 == "hot" || $0 == "critical" }
      if let limit, t >= limit.temperatureCelsius {
        consider(.critical) {
          "\(name) at \(celsius(t)), past its \(limit.type) trip at \(celsius(limit.temperatureCelsius))"
        }
      } else if let passive, t >= passive.temperatureCelsius {
        consider(.serious) {
          "\(name) at \(celsius(t)), past its passive trip at \(celsius(passive.temperatureCelsius))"
        }
      } else if passive == nil, let limit, t >= limit.temperatureCelsius - margin {
        consider(.serious) {
          "\(name) at \(celsius(t)), within 10 °C of its \(limit.type) trip at \(celsius(limit.temperatureCelsius))"
        }
      } else if let passive, t >= passive.temperatureCelsius - margin {
        consider(.fair) {
          "\(name) at \(celsius(t)), within 10 °C of its passive trip at \(celsius(passive.temperatureCelsius))"
        }
      }
    }
    for device in coolingDevices where !isFan(device) {
      guard let current = device.currentState, current > 0 else { continue }
      let name = device.type ?? device.id
      if let maximum = device.maxState, maximum > 0, current >= maximum {
        consider(.serious) { "\(name) throttling at its maximum (\(current) of \(maximum))" }
      } else {
        consider(.fair) { "\(name) throttling (\(current) of \(device.maxState.map(String.init) ?? "?"))" }
      }
    }
    return ThermalInfo(state: state, reason: reason, zones: zones, coolingDevices: coolingDevices)
  }

  static func lowest(_ trips: [ThermalTrip], where matches: (String) -> Bool) -> ThermalTrip? {
    trips.filter { matches($0.type) }.min { $0.temperatureCelsius < $1.temperatureCelsius }
  }

  static func isFan(_ device: CoolingDeviceInfo) -> Bool {
    device.type?.lowercased().contains("fan") ?? false
  }

  /// `92.5 °C`: one decimal, as the kernel's millidegrees rarely carry more that means anything.
  static func celsius(_ value: Double) -> String {
    let tenths = Int64((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(tenths.magnitude / 10).\(tenths.magnitude % 10) °C"
  }
}
