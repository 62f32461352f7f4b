/// Which accelerometer drives the up-angle, orientation and shake: one in the display, never one
/// in the base. An IIO one first (buffered or polled, with its driver's scale); an input device's
/// (`ID_INPUT_ACCELEROMETER`, read from its event node) when there is no IIO one in the display.
enum AccelerometerChoice {
  enum Outcome {
    case found(SensorInfo)
    case unavailable(UpdateError.Reason)
  }

  static func choose(_ sensors: [SensorInfo]) -> Outcome {
    let accelerometers = sensors.filter { $0.type == .accelerometer }
    let display = accelerometers.filter { $0.location != .base }
    if let iio = display.first(where: { $0.bus == "iio" }) { return .found(iio) }
    if let input = display.first(where: { $0.bus == "input" }) { return .found(input) }
    if accelerometers.isEmpty {
      return .unavailable(
        .init(
          .noHardware,
          "no accelerometer found (no IIO device with in_accel_* channels, no input device with ID_INPUT_ACCELEROMETER)"
        ))
    }
    let found = accelerometers.map { "\($0.name ?? $0.type.rawValue) (\($0.id), \($0.location?.rawValue ?? "base"))" }
    return .unavailable(
      .init(
        .unsuitableHardware,
        "found only a base accelerometer: \(found.joined(separator: ", ")); the up-angle needs one in the display"))
  }
}
