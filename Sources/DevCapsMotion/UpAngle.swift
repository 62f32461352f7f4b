import RealModule

/// The "up" arrow: which way is up, as an angle in the screen's plane (docs/explanation/motion.md).
public enum UpAngle {
  /// Below this share of |v| in the screen's plane the device lies nearly flat: no angle.
  public static let flatRatio = 0.25

  /// `atan2(x, −y)` in degrees, in (−180, 180]: 0 upright, positive turned clockwise. Nil when
  /// the device lies flat or the vector is not finite.
  public static func degrees(_ gravity: Vector3) -> Double? {
    guard gravity.isFinite else { return nil }
    let inPlane = (gravity.x * gravity.x + gravity.y * gravity.y).squareRoot()
    guard inPlane > 0, inPlane >= flatRatio * gravity.magnitude else { return nil }
    return normalised(Double.atan2(y: gravity.x, x: -gravity.y) * 180 / Double.pi)
  }

  /// Wraps into (−180, 180]; −180 becomes 180 and −0 becomes 0, as iOS's orientationAngle sample reports them.
  public static func normalised(_ degrees: Double) -> Double {
    var value = degrees.truncatingRemainder(dividingBy: 360)
    if value > 180 { value -= 360 }
    if value <= -180 { value += 360 }
    return value == 0 ? 0 : value
  }

  /// The angle relative to an interface orientation (the iOS sample's
  /// orientationAngleRelativeToOrientation), wrapped both ways.
  public static func relative(_ degrees: Double, to orientation: Orientation) -> Double {
    normalised(degrees - (orientation.centreDegrees ?? 0))
  }
}
