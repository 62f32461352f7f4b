/// How a sensor is mounted relative to the device frame: corrected = M · raw. From udev's
/// `ACCEL_MOUNT_MATRIX` (systemd's 60-sensor.hwdb) or the IIO `mount_matrix` attributes, both
/// written as three rows separated by `;`, values by `,`.
public struct MountMatrix: Sendable, Equatable {
  /// Three rows of three numbers: row i gives device axis i from the sensor's axes.
  public var rows: [[Double]]

  /// The sensor's axes are the device's.
  public static let identity = MountMatrix(rows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

  /// A matrix from its rows.
  public init(rows: [[Double]]) { self.rows = rows }

  /// Nil unless the text is exactly three rows of three finite numbers, not all zero.
  public static func parse(_ text: String) -> MountMatrix? {
    let rows = text.split(separator: ";", omittingEmptySubsequences: false).map { row in
      row.split(separator: ",", omittingEmptySubsequences: false).map { Double(trimmed($0)) }
    }
    guard rows.count == 3, rows.allSatisfy({ $0.count == 3 }) else { return nil }
    let values = rows.map { $0.compactMap { $0 } }
    guard values.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isFinite) }),
      values.contains(where: { $0.contains { $0 != 0 } })
    else { return nil }
    return MountMatrix(rows: values)
  }

  private static func trimmed(_ text: Substring) -> Substring {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" }
    guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else {
      return ""
    }
    return text[first...last]
  }

  /// A sensor reading in the device frame.
  public func apply(_ v: Vector3) -> Vector3 {
    Vector3(
      rows[0][0] * v.x + rows[0][1] * v.y + rows[0][2] * v.z,
      rows[1][0] * v.x + rows[1][1] * v.y + rows[1][2] * v.z,
      rows[2][0] * v.x + rows[2][1] * v.y + rows[2][2] * v.z)
  }

}

/// Three rows of three numbers.
extension MountMatrix: Codable {
  /// The rows, as an array of three arrays.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rows)
  }

  /// Reads the rows back.
  public init(from decoder: any Decoder) throws {
    let rows = try decoder.singleValueContainer().decode([[Double]].self)
    guard rows.count == 3, rows.allSatisfy({ $0.count == 3 }) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "a mount matrix has three rows of three numbers"))
    }
    self.init(rows: rows)
  }
}
