/// Which sensors device motion reads, and so which source it is (docs/explanation/motion.md, best first): a
/// sensor hub's fused rotation; else the display accelerometer with a gyroscope (the same chip's
/// when it has one); else the display accelerometer alone. A magnetometer joins any of them for
/// the field and the heading.
struct MotionSensorChoice {
  var source: MotionSource
  var accelerometer: SensorInfo?
  var gyroscope: SensorInfo?
  var magnetometer: SensorInfo?
  var rotation: SensorInfo?

  /// Every sensor read, for the stream's `sensors`.
  var sensors: [SensorInfo] { [rotation, accelerometer, gyroscope, magnetometer].compactMap { $0 } }

  enum Outcome {
    case found(MotionSensorChoice)
    case unavailable(UpdateError.Reason)
  }

  /// The magnetometer device motion reads: the first IIO one with all three axes.
  static func magnetometer(among sensors: [SensorInfo]) -> SensorInfo? {
    sensors.first { $0.bus == "iio" && $0.type == .magnetometer && $0.iio?.group(.magnetometer)?.channels.count == 3 }
  }

  static func choose(_ sensors: [SensorInfo], referenceFrame: AttitudeReferenceFrame) -> Outcome {
    let accelerometer: SensorInfo?
    var accelerometerProblem: String?
    switch AccelerometerChoice.choose(sensors) {
    case .found(let sensor): accelerometer = sensor
    case .unavailable(let reason):
      accelerometer = nil
      accelerometerProblem = reason.message
    }
    let iio = sensors.filter { $0.bus == "iio" }
    let rotation = iio.first { $0.type == .rotation }
    let gyroscopes = iio.filter { $0.type == .gyroscope }
    let gyroscope = gyroscopes.first { $0.id == accelerometer?.id } ?? gyroscopes.first
    let magnetometer = magnetometer(among: sensors)

    let source: MotionSource
    if rotation != nil {
      source = .hub
    } else if accelerometer != nil && gyroscope != nil {
      source = .fusion
    } else if accelerometer != nil {
      source = .accelerometer
    } else {
      var missing = ["no sensor hub rotation (IIO in_rot_quaternion)"]
      missing.append(accelerometerProblem ?? "no accelerometer")
      if gyroscopes.isEmpty { missing.append("no gyroscope (IIO in_anglvel_*)") }
      return .unavailable(
        .init(
          .noHardware,
          "device motion needs an accelerometer (with a gyroscope for fusion) or a sensor hub: "
            + missing.joined(separator: "; ")))
    }
    if referenceFrame == .xMagneticNorthZVertical || referenceFrame == .xArbitraryCorrectedZVertical, source != .hub {
      guard magnetometer != nil else {
        return .unavailable(
          .init(
            .noHardware,
            "the reference frame \(referenceFrame.rawValue) needs a magnetometer (IIO in_magn_{x,y,z}); none found"))
      }
      guard source == .fusion else {
        return .unavailable(
          .init(
            .noHardware,
            "the reference frame \(referenceFrame.rawValue) needs a gyroscope (IIO in_anglvel_*) besides the magnetometer; none found"
          ))
      }
    }
    return .found(
      MotionSensorChoice(
        source: source, accelerometer: accelerometer, gyroscope: source == .fusion || source == .hub ? gyroscope : nil,
        magnetometer: magnetometer, rotation: rotation))
  }
}
