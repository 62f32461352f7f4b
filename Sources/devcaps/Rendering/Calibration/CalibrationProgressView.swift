import DevCapsKit

/// What `devcaps calibrate magnetometer` tells a person: what to do, how much of the sphere the
/// turning has covered (on a terminal one line redrawn in place, elsewhere a line whenever the
/// coverage or the accuracy changes), and what was saved.
final class CalibrationProgressView: @unchecked Sendable {
  let sensor: SensorInfo
  let live: Bool
  let style: TextStyle
  /// Only touched by the printing task.
  private var lastShown: (coverage: Int, accuracy: MagneticFieldAccuracy?)?

  init(sensor: SensorInfo, live: Bool, style: TextStyle) {
    self.sensor = sensor
    self.live = live
    self.style = style
  }

  var introduction: String {
    "Calibrating the magnetometer \(sensorName). Turn the device slowly through every orientation: "
      + "face up, face down, each edge up, until the accuracy is high.\n"
  }

  private var sensorName: String { sensor.name.map { "\(sensor.id) (\($0))" } ?? sensor.id }

  /// The line for this progress, nil when a line-per-change output has nothing new to say.
  func line(_ progress: MagnetometerFitting.Progress) -> String? {
    let coverage = Int(((progress.result?.coverage ?? 0) * 100).rounded())
    let accuracy = progress.result?.calibration.accuracy
    if !live {
      if let lastShown, lastShown.coverage == coverage, lastShown.accuracy == accuracy { return nil }
      lastShown = (coverage, accuracy)
    }
    let text = Self.progressText(progress, style: style)
    return live ? "\r" + text + "\u{1B}[K" : text + "\n"
  }

  /// After the live line, the cursor goes to a line of its own.
  var finishLine: String { live ? "\n" : "" }

  /// `coverage [#########-----------] 45 % · 212 readings · residual 1.2 % · accuracy medium`
  static func progressText(_ progress: MagnetometerFitting.Progress, style: TextStyle) -> String {
    let share = progress.result?.coverage ?? 0
    let width = 20
    let filled = Int((share * Double(width)).rounded())
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    var parts = [
      "coverage \(bar) \(Int((share * 100).rounded())) %",
      "\(Units.grouped(progress.readings)) reading" + (progress.readings == 1 ? "" : "s"),
    ]
    if let result = progress.result {
      parts.append("residual \(Units.fixed(result.residual * 100, decimals: 1)) %")
      let accuracy = result.calibration.accuracy
      parts.append("accuracy " + (accuracy == .high ? style.good(accuracy.rawValue) : accuracy.rawValue))
    } else {
      parts.append("accuracy not yet known")
    }
    return parts.joined(separator: " · ")
  }

  func saved(_ result: MagnetometerFit.Result, at path: String) -> String {
    let calibration = result.calibration
    func vector(_ value: Vector3, _ decimals: Int) -> String {
      [value.x, value.y, value.z].map { Units.fixed($0, decimals: decimals) }.joined(separator: ", ")
    }
    let scale =
      result.fittedScale ? vector(calibration.scale, 3) : "1, 1, 1 (offset only: too little coverage for a scale)"
    return """
      \(style.heading("Saved")) \(path)
        offset          \(vector(calibration.offset, 1)) µT
        scale           \(scale)
        field strength  \(Units.fixed(calibration.fieldStrength, decimals: 1)) µT
        accuracy        \(calibration.accuracy.rawValue) (coverage \(Int((result.coverage * 100).rounded())) %, residual \(Units.fixed(result.residual * 100, decimals: 1)) %)
      Every later heading and device-motion sample of \(sensorName) uses it.

      """
  }
}

/// `calibrate magnetometer --json`: Schemas/calibration.schema.json.
struct CalibrationReport: Encodable {
  var sensor: String
  var name: String?
  var readings: Int
  var coverage: Double
  var residual: Double?
  var fittedScale: Bool
  var calibration: MagnetometerCalibration?
  /// Where it was saved; null when it was not good enough to save.
  var path: String?
  var saved: Bool

  init(sensor: SensorInfo, progress: MagnetometerFitting.Progress, path: String?) {
    self.sensor = sensor.id
    name = sensor.name
    readings = progress.readings
    coverage = progress.result?.coverage ?? 0
    residual = progress.result?.residual
    fittedScale = progress.result?.fittedScale ?? false
    calibration = progress.result?.calibration
    self.path = path
    saved = path != nil
  }

  enum CodingKeys: String, CodingKey {
    case sensor, name, readings, coverage, residual, fittedScale, calibration, path, saved
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(sensor, forKey: .sensor)
    try container.encode(name, forKey: .name)
    try container.encode(readings, forKey: .readings)
    try container.encode(coverage, forKey: .coverage)
    try container.encode(residual, forKey: .residual)
    try container.encode(fittedScale, forKey: .fittedScale)
    try container.encode(calibration, forKey: .calibration)
    try container.encode(path, forKey: .path)
    try container.encode(saved, forKey: .saved)
  }

  var json: String { JSONValue(encoding: self).prettyPrinted + "\n" }
}
