/// `watch light`: the first IIO ambient light sensor, a line when the light changed by more than
/// 1 % (or 1 lx in the dark), so that sensor noise prints nothing.
final class LightWatcher: PolledSensorRule {
  static let stream = StreamKind.light
  static let sensorKind = SensorInfo.Kind.light
  static let missing = "no ambient light sensor found (no IIO device with an in_illuminance channel)"
  private var reported: Double?? = nil

  init() {}

  func event(sensor: String, value lux: Double?, problem: String?) -> DeviceEvent? {
    if let reported {
      guard Self.changed(from: reported, to: lux) else { return nil }
    }
    reported = .some(lux)
    return .light(LightUpdate(lux: lux, sensor: sensor, problem: problem))
  }

  static func changed(from old: Double?, to new: Double?) -> Bool {
    guard let old, let new else { return (old == nil) != (new == nil) }
    return abs(new - old) > max(1, abs(old) * 0.01)
  }
}
