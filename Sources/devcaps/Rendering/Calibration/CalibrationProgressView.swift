import DevCapsKit

/// What `devcaps calibrate magnetometer` tells a person: what to do, how much of the sphere the
/// turning has covered (on a terminal that can redraw, one line redrawn in place, fitted to the
/// width, with the time left and the keys; elsewhere a line whenever the coverage or the
/// accuracy changes), and what was saved.
/// Unchecked: its one mutable property, `lastShown`, is touched only by the printing task; the
/// rest is immutable.
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

  /// What to do, wrapped at words to `columns` when there are any.
  func introduction(columns: Int?) -> String {
    let text =
      "Calibrating the magnetometer \(sensorName). Turn the device slowly through every orientation: "
      + "face up, face down, each edge up, until the accuracy is high."
    guard let columns, columns > 0 else { return text + "\n" }
    return TerminalWidth.wrapped(text, columns: columns).map { $0 + "\n" }.joined()
  }

  private var sensorName: String { sensor.name.map { "\(sensor.id) (\($0))" } ?? sensor.id }

  /// The line for this progress, nil when a line-per-change output has nothing new to say. On a
  /// terminal `secondsLeft` and the keys are added and the line is fitted to `columns`.
  func line(_ progress: MagnetometerFitting.Progress, secondsLeft: Int, columns: Int?) -> String? {
    let coverage = Int(((progress.result?.coverage ?? 0) * 100).rounded())
    let accuracy = progress.result?.calibration.accuracy
    guard live else {
      if let lastShown, lastShown.coverage == coverage, lastShown.accuracy == accuracy { return nil }
      lastShown = (coverage, accuracy)
      return Self.progressText(progress, style: style) + "\n"
    }
    let keys = (accuracy ?? .uncalibrated) >= .medium ? "Enter or q saves · Ctrl-C cancels" : "Ctrl-C cancels"
    let extra = ["\(secondsLeft) s left", keys]
    // One cell short of the width: a line that fills it would wrap at the next character.
    let width = columns.map { max(1, $0 - 1) }
    return "\r" + Self.progressText(progress, style: style, extra: extra, columns: width) + "\u{1B}[K"
  }

  /// After the live line, the cursor goes to a line of its own.
  var finishLine: String { live ? "\n" : "" }

  /// `coverage █████████░░░░░░░░░░░ 45 % · 212 readings · residual 1.2 % · accuracy medium`, then
  /// `extra` (the time left, the keys). Within `columns` the richest form that fits is shown:
  /// a shorter bar, then no readings or residual, then no bar and the accuracy alone, then
  /// without the extras from the last; what still does not fit is cut.
  static func progressText(
    _ progress: MagnetometerFitting.Progress, style: TextStyle, extra: [String] = [], columns: Int? = nil
  ) -> String {
    let share = progress.result?.coverage ?? 0
    let percent = "\(Int((share * 100).rounded())) %"
    func coverage(bar width: Int) -> String {
      let filled = Int((share * Double(width)).rounded())
      let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
      return "coverage \(bar) \(percent)"
    }
    let readings = "\(Units.grouped(progress.readings)) reading" + (progress.readings == 1 ? "" : "s")
    let accuracy: String
    var details = [readings]
    if let result = progress.result {
      details.append("residual \(Units.fixed(result.residual * 100, decimals: 1)) %")
      let value = result.calibration.accuracy
      accuracy = value == .high ? style.good(value.rawValue) : value.rawValue
    } else {
      accuracy = "not yet known"
    }
    let full = details + ["accuracy " + accuracy]
    let candidates: [[String]] =
      [
        [coverage(bar: 20)] + full + extra,
        [coverage(bar: 10)] + full + extra,
        [coverage(bar: 10), "accuracy " + accuracy] + extra,
      ] + (0...extra.count).reversed().map { kept in ["coverage \(percent)", accuracy] + extra.prefix(kept) }
    let texts = candidates.map { $0.joined(separator: " · ") }
    guard let columns else { return texts[0] }
    return texts.first { TerminalWidth.of($0) <= columns } ?? TerminalWidth.fitted(texts.last!, columns: columns)
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
