#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A rotation as a unit quaternion (w, x, y, z), Hamilton's convention.
///
/// In ``Attitude`` it turns the reference frame into the device frame: a vector given in device
/// coordinates is `rotate(v)` in reference coordinates (z up).
public struct Quaternion: Sendable, Equatable, Codable {
  /// The scalar part: cos(θ/2) for a rotation by θ radians.
  public var w: Double
  /// The vector part along x: the rotation axis's x component times sin(θ/2).
  public var x: Double
  /// The vector part along y: the rotation axis's y component times sin(θ/2).
  public var y: Double
  /// The vector part along z: the rotation axis's z component times sin(θ/2).
  public var z: Double

  /// A quaternion from its components, kept as given (not normalized).
  public init(w: Double, x: Double, y: Double, z: Double) {
    self.w = w
    self.x = x
    self.y = y
    self.z = z
  }

  /// No rotation: (1, 0, 0, 0).
  public static let identity = Quaternion(w: 1, x: 0, y: 0, z: 0)

  /// The rotation by `angle` radians about `axis` (right-handed; the axis need not be unit length).
  public init(axis: Vector3, angle: Double) {
    let length = axis.magnitude
    guard length > 0 else {
      self = .identity
      return
    }
    let half = angle / 2
    let s = sin(half) / length
    self.init(w: cos(half), x: axis.x * s, y: axis.y * s, z: axis.z * s)
  }

  /// The length √(w² + x² + y² + z²): 1 for a rotation.
  public var norm: Double { (w * w + x * x + y * y + z * z).squareRoot() }
  /// No component is NaN or infinite.
  public var isFinite: Bool { w.isFinite && x.isFinite && y.isFinite && z.isFinite }

  /// Unit length; the identity when the quaternion has no length to scale.
  public var normalized: Quaternion {
    let n = norm
    guard n > 0, n.isFinite else { return .identity }
    return Quaternion(w: w / n, x: x / n, y: y / n, z: z / n)
  }

  /// (w, −x, −y, −z): the inverse rotation, for a unit quaternion.
  public var conjugate: Quaternion { Quaternion(w: w, x: -x, y: -y, z: -z) }

  /// The Hamilton product: `a * b` rotates by b first, then by a.
  public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
    Quaternion(
      w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
      x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
      y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
      z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w)
  }

  /// `v` turned by this rotation (for a unit quaternion).
  public func rotate(_ v: Vector3) -> Vector3 {
    // v' = v + 2w(u × v) + 2u × (u × v), u the vector part.
    let u = Vector3(x, y, z)
    let t = u.cross(v) * 2
    return v + t * w + u.cross(t)
  }

  /// `v` turned by the inverse rotation.
  public func inverseRotate(_ v: Vector3) -> Vector3 { conjugate.rotate(v) }

  /// The angle in radians of the rotation that takes this one to `other` (0…π).
  public func angle(to other: Quaternion) -> Double {
    let dot = abs(w * other.w + x * other.x + y * other.y + z * other.z)
    return 2 * acos(min(1, dot))
  }
}

extension Vector3 {
  /// The cross product `self × other` (right-handed): perpendicular to both.
  public func cross(_ other: Vector3) -> Vector3 {
    Vector3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
  }

  /// The component-wise sum.
  public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
  /// The component-wise difference `a − b`.
  public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
  /// The opposite vector: every component negated.
  public static prefix func - (a: Vector3) -> Vector3 { Vector3(-a.x, -a.y, -a.z) }

  /// Unit length; nil for the zero vector or a vector that is not finite.
  public var normalized: Vector3? {
    let length = magnitude
    guard length > 0, length.isFinite else { return nil }
    return self / length
  }
}
