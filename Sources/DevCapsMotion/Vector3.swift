/// A 3-D vector in the device frame of `motion.md`: x right, y up, z out of the screen.
public struct Vector3: Sendable, Equatable, Codable {
  public var x: Double
  public var y: Double
  public var z: Double

  public init(_ x: Double, _ y: Double, _ z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }

  public static let zero = Vector3(0, 0, 0)

  public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
  public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

  public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }
  public static func * (vector: Vector3, factor: Double) -> Vector3 {
    Vector3(vector.x * factor, vector.y * factor, vector.z * factor)
  }
  public static func / (vector: Vector3, divisor: Double) -> Vector3 {
    Vector3(vector.x / divisor, vector.y / divisor, vector.z / divisor)
  }
}

/// Standard gravity: IIO reports acceleration in m/s², devcaps in g.
public let standardGravity = 9.80665
