/// `watch altitude` (`CMAltimeter`): the first IIO pressure sensor, every reading at the rate
/// asked for, with the altitude relative to the first good reading (``AltitudeUpdate``).
final class AltitudeWatcher: PolledSensorRule {
  static let stream = StreamKind.altitude
  static let sensorKind = SensorInfo.Kind.pressure
  static let missing = "no barometer found (no IIO device with an in_pressure channel)"
  private var reference: Double? = nil

  init() {}

  func event(sensor: String, value kilopascals: Double?, problem: String?) -> DeviceEvent? {
    var relative: Double? = nil
    if let kilopascals {
      let reference = self.reference ?? kilopascals
      self.reference = reference
      relative =
        AltitudeUpdate.standardAltitudeMeters(kilopascals: kilopascals)
        - AltitudeUpdate.standardAltitudeMeters(kilopascals: reference)
    }
    return .altitude(
      AltitudeUpdate(
        pressureKilopascals: kilopascals, relativeAltitudeMeters: relative, sensor: sensor, problem: problem)
    )
  }
}
