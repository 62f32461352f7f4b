/// A 3 × 3 rotation matrix (`CMRotationMatrix`): row i, column j is `mij`.
public struct RotationMatrix: Sendable, Equatable {
  public var m11, m12, m13: Double
  public var m21, m22, m23: Double
  public var m31, m32, m33: Double

  /// A matrix from its rows.
  public init(
    _ m11: Double, _ m12: Double, _ m13: Double, _ m21: Double, _ m22: Double, _ m23: Double, _ m31: Double,
    _ m32: Double, _ m33: Double
  ) {
    (self.m11, self.m12, self.m13) = (m11, m12, m13)
    (self.m21, self.m22, self.m23) = (m21, m22, m23)
    (self.m31, self.m32, self.m33) = (m31, m32, m33)
  }

  /// `m · v`.
  public func apply(_ v: Vector3) -> Vector3 {
    Vector3(
      m11 * v.x + m12 * v.y + m13 * v.z, m21 * v.x + m22 * v.y + m23 * v.z, m31 * v.x + m32 * v.y + m33 * v.z)
  }
}

extension Attitude {
  /// The attitude as Core Motion's `CMAttitude.rotationMatrix`: it turns reference coordinates
  /// into device coordinates, so gravity in the device frame is −(m13, m23, m33), and its rows
  /// are the reference axes seen from the device. The transpose turns device coordinates into
  /// reference ones, as `quaternion` does.
  public var rotationMatrix: RotationMatrix {
    let q = quaternion.normalized
    let (w, x, y, z) = (q.w, q.x, q.y, q.z)
    // R (device → reference) from the unit quaternion; the matrix is its transpose.
    return RotationMatrix(
      1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y),
      2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
      2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y))
  }
}
