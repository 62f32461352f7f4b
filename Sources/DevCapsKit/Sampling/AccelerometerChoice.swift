/// Which accelerometer drives the up-angle: an IIO one in the display, never one in the base.
enum AccelerometerChoice {
  enum Outcome {
    case found(SensorInfo)
    case unavailable(String)
  }

  static func choose(_ sensors: [SensorInfo]) -> Outcome {
    let accelerometers = sensors.filter { $0.type == .accelerometer }
    if let display = accelerometers.first(where: { $0.bus == "iio" && $0.location != .base }) { return .found(display) }
    if accelerometers.isEmpty { return .unavailable("no accelerometer found (no IIO device with in_accel_* channels)") }
    let found = accelerometers.map { "\($0.name ?? $0.type.rawValue) (\($0.id), \($0.bus == "input" ? "input device" : ($0.location?.rawValue ?? "display")))" }
    if accelerometers.allSatisfy({ $0.location == .base && $0.bus == "iio" }) {
      return .unavailable("found only a base accelerometer: \(found.joined(separator: ", ")); the up-angle needs one in the display")
    }
    return .unavailable("found \(found.joined(separator: ", ")); devcaps reads IIO accelerometers in the display")
  }
}
