import RealModule

/// Learns the gyroscope's bias while the device moves, as VQF does (Laidig & Seel 2023, section
/// 3.3), written here from the paper's description. A bias makes the integrated gyroscope frame
/// turn; the tilt correction then turns it back at the same rate, seen in the earth frame. Its
/// horizontal part is R·b, R the device's attitude: as the device turns, R changes, and the
/// corrections seen under different attitudes pin down every axis of b. A Kalman filter over the
/// three components weighs each correction by how well it is known. At rest nothing is learned
/// here: the estimate is kept, and once ``GyroscopeBias`` learns from the still readings it takes
/// this estimate over (the estimator hands it on). The vertical part, which gravity cannot see, is
/// only held weakly near zero (the heading's drift is learned from the magnetometer instead).
///
/// Every variance is in (°/s)²; the rates are rad/s. A value type that allocates nothing.
struct MotionBiasEstimator: Sendable {
  /// The bias learned, per device axis (rad/s): subtract it from the rotation rate.
  private(set) var bias = Vector3.zero
  /// The estimate's covariance, (°/s)².
  private var covariance = Matrix3.diagonal(Self.initialVariance)
  /// R (earth from device) and R·bias, low-pass filtered as the accelerometer is, so that they
  /// match the delay of the correction they are compared with.
  private var rotation = LowPassState<Matrix3>()
  private var rotatedBias = LowPassState<Vector3>()

  /// How uncertain the bias is at the start: 0.5 °/s.
  static let initialVariance = 0.5 * 0.5
  /// The variance the bias gains over `forgettingTime` seconds without a measurement: (0.1 °/s)².
  static let forgettingVariance = 0.1 * 0.1
  static let forgettingTime = 100.0
  /// How far a correction during motion is trusted: 0.1 °/s.
  static let motionDeviation = 0.1
  /// The vertical part is held near zero this many times more weakly than the rest is measured.
  static let verticalWeakness = 1e4
  /// No correction, and no bias, beyond 2 °/s.
  static let largest = 2.0.radiansFromDegrees

  /// One step after the tilt correction. `attitude` is the device-to-earth rotation after it,
  /// `correction` the rotation vector (rad) the correction turned the earth frame by, `lowPass`
  /// the accelerometer low-pass filter's step, `atRest` whether the device lies still.
  mutating func update(
    attitude: Quaternion, correction: Vector3, lowPass: LowPassStep, atRest: Bool, interval: Double
  ) {
    let r = Matrix3(rotation: attitude)
    let lowRotation = lowPass.apply(r, to: &rotation)
    let lowBias = lowPass.apply(r * bias, to: &rotatedBias)

    // The variance grows by `forgettingVariance` every `forgettingTime` seconds, up to the start's.
    let growth = Self.forgettingVariance * interval / Self.forgettingTime
    let grown = { (variance: Double) in min(Self.initialVariance, variance + growth) }
    covariance.rows.0.x = grown(covariance.rows.0.x)
    covariance.rows.1.y = grown(covariance.rows.1.y)
    covariance.rows.2.z = grown(covariance.rows.2.z)
    guard growth > 0, !atRest else { return }
    let measurement = lowRotation
    // The earth frame turned by −R·(b − bias) per second; the correction undid it.
    let seen = Vector3(-correction.x / interval + lowBias.x, -correction.y / interval + lowBias.y, 0)
    let predicted = lowRotation * bias
    var error = Vector3(seen.x - predicted.x, seen.y - predicted.y, -predicted.z)
    let w = Self.weight(Self.motionDeviation, growth)
    let noise = Vector3(w, w, w * Self.verticalWeakness)
    error = Vector3(Self.clip(error.x), Self.clip(error.y), Self.clip(error.z)).degreesFromRadians
    // K = P Hᵀ (W + H P Hᵀ)⁻¹; bias += K e; P −= K H P.
    let pht = covariance * measurement.transposed
    guard let inverse = (measurement * pht + .diagonal(noise)).inverse else { return }
    let gain = pht * inverse
    let step = (gain * error).radiansFromDegrees
    bias = Vector3(Self.clip(bias.x + step.x), Self.clip(bias.y + step.y), Self.clip(bias.z + step.z))
    covariance = covariance - gain * measurement * covariance
  }

  /// Forgets the bias (the caller removes what it took from the rates from now on): the caller
  /// learns it from still readings now, which measure it directly, so it is known as well as a
  /// rest tells it, 0.03 °/s (VQF's figure for its rest estimate): the corrections in the motion
  /// that follows move it no more than that.
  mutating func handOver() {
    bias = .zero
    let rest = Self.restDeviation * Self.restDeviation
    covariance = .diagonal(
      Vector3(min(covariance.rows.0.x, rest), min(covariance.rows.1.y, rest), min(covariance.rows.2.z, rest)))
  }

  /// How well a rest tells the bias: 0.03 °/s.
  static let restDeviation = 0.03

  /// The measurement noise that makes the covariance settle at `deviation`² with this growth.
  private static func weight(_ deviation: Double, _ growth: Double) -> Double {
    let variance = deviation * deviation
    return variance * variance / growth + variance
  }

  private static func clip(_ value: Double) -> Double { max(-largest, min(largest, value)) }
}

/// A 3×3 matrix by rows, for the bias filter's small algebra.
struct Matrix3: Sendable {
  var rows: (Vector3, Vector3, Vector3)

  init(_ a: Vector3, _ b: Vector3, _ c: Vector3) { rows = (a, b, c) }

  static func diagonal(_ value: Double) -> Matrix3 { diagonal(Vector3(value, value, value)) }
  static func diagonal(_ v: Vector3) -> Matrix3 { Matrix3(Vector3(v.x, 0, 0), Vector3(0, v.y, 0), Vector3(0, 0, v.z)) }

  /// The rotation matrix of a unit quaternion: R·v == q.rotate(v).
  init(rotation q: Quaternion) {
    let c = q.conjugate
    self.init(c.rotate(Vector3(1, 0, 0)), c.rotate(Vector3(0, 1, 0)), c.rotate(Vector3(0, 0, 1)))
  }

  var transposed: Matrix3 {
    Matrix3(
      Vector3(rows.0.x, rows.1.x, rows.2.x), Vector3(rows.0.y, rows.1.y, rows.2.y),
      Vector3(rows.0.z, rows.1.z, rows.2.z))
  }

  var inverse: Matrix3? {
    let (a, b, c) = rows
    let determinant = a.dot(b.cross(c))
    guard abs(determinant) > 1e-300, determinant.isFinite else { return nil }
    // The columns of the inverse are the cross products of the rows, over the determinant.
    return Matrix3(b.cross(c) / determinant, c.cross(a) / determinant, a.cross(b) / determinant).transposed
  }

  static func * (m: Matrix3, v: Vector3) -> Vector3 { Vector3(m.rows.0.dot(v), m.rows.1.dot(v), m.rows.2.dot(v)) }
  static func * (m: Matrix3, n: Matrix3) -> Matrix3 {
    let t = n.transposed
    return Matrix3(t * m.rows.0, t * m.rows.1, t * m.rows.2)
  }
  static func + (m: Matrix3, n: Matrix3) -> Matrix3 {
    Matrix3(m.rows.0 + n.rows.0, m.rows.1 + n.rows.1, m.rows.2 + n.rows.2)
  }
  static func - (m: Matrix3, n: Matrix3) -> Matrix3 {
    Matrix3(m.rows.0 - n.rows.0, m.rows.1 - n.rows.1, m.rows.2 - n.rows.2)
  }
  static func * (m: Matrix3, factor: Double) -> Matrix3 {
    Matrix3(m.rows.0 * factor, m.rows.1 * factor, m.rows.2 * factor)
  }
}

extension Vector3 {
  fileprivate var degreesFromRadians: Vector3 { self * (180 / Double.pi) }
  fileprivate var radiansFromDegrees: Vector3 { self * (Double.pi / 180) }
}
