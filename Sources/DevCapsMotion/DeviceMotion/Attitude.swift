#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The device's orientation relative to a reference frame whose z axis points up (Core Motion's
/// `CMAttitude`). Angles in radians: pitch about x, roll about y, yaw about z, as
/// R = Rz(yaw) · Rx(pitch) · Ry(roll). Flat and face up with x along the reference x is 0, 0, 0;
/// upright in portrait is pitch +π/2.
///
/// At pitch ±π/2 exactly (gimbal lock: the device upright, or upside down) a turn about its y
/// axis is a turn about the vertical, so roll and yaw name one angle: there roll is 0 and yaw
/// holds the whole turn (yaw + roll at +π/2, yaw − roll at −π/2), so that samples of a device
/// held still read the same rather than splitting the turn differently each time.
public struct Attitude: Sendable, Equatable {
  /// Turns device coordinates into reference coordinates.
  public var quaternion: Quaternion

  /// From the rotation that turns device coordinates into reference coordinates, kept as given
  /// (not normalized).
  public init(quaternion: Quaternion) { self.quaternion = quaternion }

  /// From Euler angles in radians.
  public init(roll: Double, pitch: Double, yaw: Double) {
    let z = Quaternion(axis: Vector3(0, 0, 1), angle: yaw)
    let x = Quaternion(axis: Vector3(1, 0, 0), angle: pitch)
    let y = Quaternion(axis: Vector3(0, 1, 0), angle: roll)
    quaternion = z * x * y
  }

  /// Rotation about the device's y axis, −π…π; 0 at gimbal lock.
  public var roll: Double {
    let q = quaternion
    guard !isGimbalLocked else { return 0 }
    return atan2(-2 * (q.x * q.z - q.w * q.y), 1 - 2 * (q.x * q.x + q.y * q.y))
  }

  /// Rotation about the device's x axis, −π/2…π/2: the top edge's elevation.
  public var pitch: Double {
    asin(max(-1, min(1, sinPitch)))
  }

  /// Rotation about the reference z axis, −π…π; at gimbal lock the whole turn about the vertical.
  public var yaw: Double {
    let q = quaternion
    guard !isGimbalLocked else {
      // q = qz(yaw) · qx(±π/2): w and z carry the turn about the vertical alone.
      let turn = 2 * atan2(q.z, q.w)
      return turn > .pi ? turn - 2 * .pi : turn < -.pi ? turn + 2 * .pi : turn
    }
    return atan2(-2 * (q.x * q.y - q.w * q.z), 1 - 2 * (q.x * q.x + q.z * q.z))
  }

  /// Of a unit quaternion; this one is kept as given, so divided by its squared norm.
  private var sinPitch: Double {
    let q = quaternion
    let squaredNorm = q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z
    return squaredNorm > 0 ? 2 * (q.y * q.z + q.w * q.x) / squaredNorm : 0
  }

  /// Pitch within about 0.1° of ±90°, where roll's and yaw's formulas divide rounding errors.
  private var isGimbalLocked: Bool { abs(sinPitch) > 1 - 1e-6 }

  /// Gravity in the device frame, in g: (0, −1, 0) upright, (0, 0, −1) face up.
  public var gravity: Vector3 { quaternion.inverseRotate(Vector3(0, 0, -1)) }

  /// The attitude relative to another one (`CMAttitude.multiply(byInverseOf:)`).
  public func relative(to reference: Attitude) -> Attitude {
    Attitude(quaternion: (reference.quaternion.conjugate * quaternion).normalized)
  }
}

extension Double {
  /// Radians to degrees, for JSON and text (the Swift API keeps radians, as Core Motion does).
  public var degreesFromRadians: Double { self * 180 / Double.pi }
  /// Degrees to radians, for values given in degrees (options, JSON) on their way into the Swift API.
  public var radiansFromDegrees: Double { self * Double.pi / 180 }
}
