/// What a calibration (`MagnetometerFit`) learned about one magnetometer: the hard-iron offset the
/// device's own metal and magnets add, a per-axis soft-iron scale, and how well the fit matched.
public struct MagnetometerCalibration: Sendable, Equatable, Codable {
  /// µT, subtracted from every reading.
  public var offset: Vector3
  /// Per-axis factors applied after the offset (1, 1, 1 when only the offset was fitted).
  public var scale: Vector3
  /// The field strength the fit found, µT (the earth's is 25–65 µT).
  public var fieldStrength: Double
  /// How well the samples fitted and covered the sphere.
  public var accuracy: MagneticFieldAccuracy

  /// A calibration from its parts; `scale` defaults to (1, 1, 1), an offset-only fit.
  public init(
    offset: Vector3, scale: Vector3 = Vector3(1, 1, 1), fieldStrength: Double, accuracy: MagneticFieldAccuracy
  ) {
    self.offset = offset
    self.scale = scale
    self.fieldStrength = fieldStrength
    self.accuracy = accuracy
  }

  /// A reading with the calibration applied.
  public func apply(_ raw: Vector3) -> Vector3 {
    let centred = raw - offset
    return Vector3(centred.x * scale.x, centred.y * scale.y, centred.z * scale.z)
  }

  /// The field and its accuracy: the fit's accuracy, but `low` while the strength is far from
  /// the calibrated one (iron nearby, or a calibration of another place).
  public func calibrated(_ raw: Vector3) -> MagneticField {
    let field = apply(raw)
    let deviation = fieldStrength > 0 ? abs(field.magnitude - fieldStrength) / fieldStrength : 1
    return MagneticField(field: field, accuracy: deviation > 0.25 ? min(accuracy, .low) : accuracy)
  }
}
