/// A recording of motion sensors as CSV, one sample a line, for replaying through
/// `DeviceMotionEstimator` (`devcaps motion --replay`).
///
/// Columns, comma-separated, in `MotionInput`'s units and device frame:
///
/// | Columns | What | Unit |
/// |---|---|---|
/// | 1 | timestamp | s, any monotonic origin |
/// | 2–4 | gyroscope x, y, z | rad/s, right-handed, bias included |
/// | 5–7 | accelerometer x, y, z | g, gravity direction: (0, 0, −1) lying face up |
/// | 8–10 | magnetometer x, y, z (optional) | µT |
///
/// The magnetometer's three columns may be left out or left empty on any line. Empty lines and
/// lines starting with `#` are skipped, and so is a first line that does not start with a number
/// (a header).
public enum MotionRecording {
  /// The largest recording read: about 3 hours of 10 columns at 200 Hz.
  public static let maximumFileSize = 256 << 20

  /// A recording's bytes; relative paths are taken from the working directory.
  public static func readFile(_ path: String) -> Result<[UInt8], ReadFailure> {
    SystemRoot().readBytes(path.hasPrefix("/") ? path : "./" + path, limit: maximumFileSize)
  }

  /// The samples of a recording, in the file's order; throws with the line and the problem.
  public static func parse(_ bytes: [UInt8]) throws(MotionRecordingError) -> [MotionInput] {
    var samples: [MotionInput] = []
    var lineNumber = 0
    var seenContent = false
    var lastLine = 0
    for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      let text = String(decoding: rawLine, as: UTF8.self).trimmingSpaces
      if !rawLine.isEmpty { lastLine = lineNumber }
      if text.isEmpty || text.hasPrefix("#") { continue }
      defer { seenContent = true }
      let fields = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
      if !seenContent, let first = fields.first, Double(first) == nil { continue }
      samples.append(try sample(fields, line: lineNumber))
    }
    if samples.isEmpty { throw MotionRecordingError(line: lastLine, problem: "no samples in the recording") }
    return samples
  }

  static let columnNames = [
    "timestamp", "gyroscope x", "gyroscope y", "gyroscope z", "accelerometer x", "accelerometer y", "accelerometer z",
    "magnetometer x", "magnetometer y", "magnetometer z",
  ]

  private static func sample(_ fields: [String], line: Int) throws(MotionRecordingError) -> MotionInput {
    guard fields.count == 7 || fields.count == 10 else {
      throw MotionRecordingError(
        line: line,
        problem: "\(fields.count) columns; a sample has 7 (timestamp, gyroscope x y z, accelerometer x y z) or 10 "
          + "(and magnetometer x y z)")
    }
    var values = [Double](repeating: 0, count: fields.count)
    let magnetometerEmpty = fields.count == 10 && fields[7...].allSatisfy(\.isEmpty)
    for (index, field) in fields.enumerated() where !(index >= 7 && magnetometerEmpty) {
      guard let value = Double(field), value.isFinite else {
        let shown = field.isEmpty ? "empty" : "\"\(field)\" is not a finite number"
        throw MotionRecordingError(line: line, problem: "column \(index + 1) (\(columnNames[index])): \(shown)")
      }
      values[index] = value
    }
    let magnetometer = fields.count == 10 && !magnetometerEmpty ? Vector3(values[7], values[8], values[9]) : nil
    return MotionInput(
      timestamp: values[0], acceleration: Vector3(values[4], values[5], values[6]),
      rotationRate: Vector3(values[1], values[2], values[3]), magneticField: magnetometer)
  }
}

/// A line of a motion recording that is not a sample.
public struct MotionRecordingError: Error, Equatable, CustomStringConvertible {
  /// 1-based line number in the file.
  public var line: Int
  /// What is wrong with it, for a person.
  public var problem: String

  /// `line 12: column 3 (gyroscope y): "x" is not a finite number`.
  public var description: String { "line \(line): \(problem)" }
}

extension String {
  fileprivate var trimmingSpaces: String {
    var view = Substring(self)
    while let first = view.first, first == " " || first == "\t" || first == "\r" { view.removeFirst() }
    while let last = view.last, last == " " || last == "\t" || last == "\r" { view.removeLast() }
    return String(view)
  }
}
