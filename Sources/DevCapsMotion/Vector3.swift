/// A 3-D vector in the device frame of `docs/explanation/motion.md`: x right, y up, z out of the screen.
public struct Vector3: Sendable, Equatable, Codable {
  /// Along x: to the right of the screen.
  public var x: Double
  /// Along y: up the screen.
  public var y: Double
  /// Along z: out of the screen, towards the user.
  public var z: Double

  /// A vector from its components.
  public init(_ x: Double, _ y: Double, _ z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }

  /// (0, 0, 0).
  public static let zero = Vector3(0, 0, 0)

  /// The length.
  public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
  /// No component is NaN or infinite.
  public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

  /// The dot product.
  public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }
  /// Each component times `factor`.
  public static func * (vector: Vector3, factor: Double) -> Vector3 {
    Vector3(vector.x * factor, vector.y * factor, vector.z * factor)
  }
  /// Each component divided by `divisor`.
  public static func / (vector: Vector3, divisor: Double) -> Vector3 {
    Vector3(vector.x / divisor, vector.y / divisor, vector.z / divisor)
  }
}

/// Standard gravity: IIO reports acceleration in m/s², devcaps in g.
public let standardGravity = 9.80665
