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
/// The magnetometer's three columns may be left out or left empty on any line. A UTF-8 byte
/// order mark at the start is skipped; so are empty lines, lines starting with `#`, and a first
/// line of column names (each starting with a letter, 7 or 10 of them). Anything else is an
/// error naming its line and column: a number is decimal digits with a sign, a point and an
/// exponent (no NUL, no `nan`), and no field is longer than 4096 bytes.
///
/// ``MotionRecordingReader`` reads a file as it goes, in the same memory whatever its size;
/// ``parse(_:)`` reads bytes already in memory.
public enum MotionRecording {
  /// The largest recording ``readFile(_:)`` reads: about 3 hours of 10 columns at 200 Hz.
  public static let maximumFileSize = 256 << 20

  /// A recording's bytes, from a regular file or a pipe; relative paths are taken from the
  /// working directory.
  public static func readFile(_ path: String) -> Result<[UInt8], ReadError> {
    SystemRoot.readNamedInput(path, limit: maximumFileSize)
  }

  /// The samples of a recording, in the file's order; throws with the line and the problem.
  public static func parse(_ bytes: [UInt8]) throws(MotionRecordingError) -> [MotionInput] {
    var parser = MotionRecordingParser()
    var samples: [MotionInput] = []
    var position = 0
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(MotionRecordingError) in
        while let sample = try parser.next(in: buffer, at: &position) { samples.append(sample) }
      }
    }.get()
    if let last = try parser.finish() { samples.append(last) }
    return samples
  }

  /// The header line ``line(_:)``'s rows go under (without a newline).
  public static let header =
    "timestamp,gyroscope_x,gyroscope_y,gyroscope_z,accelerometer_x,accelerometer_y,accelerometer_z,"
    + "magnetometer_x,magnetometer_y,magnetometer_z"

  /// A sample as a recording's line (without a newline), numbers written so that ``parse(_:)``
  /// reads back the same doubles; the magnetometer's columns empty without one. Nil without an
  /// accelerometer or a gyroscope reading, or with a reading that is not finite: a recording
  /// has no place for them.
  public static func line(_ input: MotionInput) -> String? {
    guard let gyroscope = input.rotationRate, let accelerometer = input.acceleration else { return nil }
    var values = [
      input.timestamp, gyroscope.x, gyroscope.y, gyroscope.z, accelerometer.x, accelerometer.y, accelerometer.z,
    ]
    if let field = input.magneticField { values += [field.x, field.y, field.z] }
    guard values.allSatisfy(\.isFinite) else { return nil }
    return values.map { "\($0)" }.joined(separator: ",") + (input.magneticField == nil ? ",,," : "")
  }

  static let columnNames = [
    "timestamp", "gyroscope x", "gyroscope y", "gyroscope z", "accelerometer x", "accelerometer y", "accelerometer z",
    "magnetometer x", "magnetometer y", "magnetometer z",
  ]
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
