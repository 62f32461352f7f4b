import RealModule

/// Learns the gyroscope's bias while the device moves, as VQF does (Laidig & Seel 2023, section
/// 3.3), written here from the paper's description, and beside it how much each axis under-reads a
/// turn (its scale error), which VQF does not. A bias makes the integrated gyroscope frame turn;
/// the tilt correction then turns it back at the same rate, seen in the earth frame. Its
/// horizontal part is R·b, R the device's attitude: as the device turns, R changes, and the
/// corrections seen under different attitudes pin down every axis of b. A scale error s turns it
/// by R·diag(ω)·s instead, in proportion to the rate ω: a rate that changes tells the two apart.
/// One Kalman filter over the six weighs each correction by how well it is known. At rest nothing
/// is learned here: the estimate is kept, and once ``GyroscopeBias`` learns from the still
/// readings it takes the bias over (the estimator hands it on); the scale stays, as a rest says
/// nothing of it. The bias's vertical part, which gravity cannot see, is only held weakly near
/// zero (the heading's drift is learned from the magnetometer instead).
///
/// BROAD's IMU under-reads by a few tenths of a percent: multiplying its rates by 1.002 took the
/// whole dataset's 6D inclination error from 0.72° to 0.60° (docs/explanation/motion-benchmark.md).
///
/// Bias variances are in (°/s)², the scale's are of a fraction; the rates are rad/s. A value
/// type that allocates nothing.
struct MotionBiasEstimator: Sendable {
  /// The bias learned, per device axis (rad/s): subtract it from the rotation rate.
  private(set) var bias = Vector3.zero
  /// How much each axis under-reads a turn (a fraction): multiply the rate, bias removed, by
  /// 1 + scale.
  private(set) var scale = Vector3.zero
  /// The covariance of (bias in °/s, scale), 6 × 6: six rows in the first six lanes.
  private var covariance = Rows6()
  /// R (earth from device), R·bias and R·diag(rate), low-pass filtered as the accelerometer is,
  /// so that they match the delay of the correction they are compared with.
  private var rotation = LowPassState<Matrix3>()
  private var rotatedBias = LowPassState<Vector3>()
  private var rotatedRate = LowPassState<Matrix3>()

  init() {
    for i in 0..<3 {
      covariance[i][i] = Self.initialVariance
      covariance[i + 3][i + 3] = Self.initialScaleVariance
    }
  }

  /// How uncertain the bias is at the start: 0.5 °/s.
  static let initialVariance = 0.5 * 0.5
  /// How uncertain the scale is at the start: 1 %.
  static let initialScaleVariance = 0.01 * 0.01
  /// The variance the bias gains over `forgettingTime` seconds without a measurement: (0.1 °/s)².
  static let forgettingVariance = 0.1 * 0.1
  /// The scale's: (0.05 %)².
  static let scaleForgettingVariance = 0.0005 * 0.0005
  static let forgettingTime = 100.0
  /// How far a correction during motion is trusted: 0.1 °/s.
  static let motionDeviation = 0.1
  /// The vertical part is held near zero this many times more weakly than the rest is measured.
  static let verticalWeakness = 1e4
  /// No correction, and no bias, beyond 2 °/s.
  static let largest = 2.0.radiansFromDegrees
  /// No scale error beyond 3 %.
  static let largestScale = 0.03

  /// One step after the tilt correction. `attitude` is the device-to-earth rotation after it,
  /// `correction` the rotation vector (rad) the correction turned the earth frame by, `rate` the
  /// rotation rate with the bias removed, before the scale (rad/s), `removed` the bias that was
  /// removed from it (all of `bias`, or its horizontal part when a magnetometer steers the
  /// heading), `lowPass` the accelerometer low-pass filter's step, `atRest` whether the device
  /// lies still.
  mutating func update(
    attitude: Quaternion, correction: Vector3, rate: Vector3, removed: Vector3, lowPass: LowPassStep, atRest: Bool,
    interval: Double
  ) {
    let r = Matrix3(rotation: attitude)
    let lowRotation = lowPass.apply(r, to: &rotation)
    let lowBias = lowPass.apply(r * removed, to: &rotatedBias)
    let degrees = rate.degreesFromRadians
    let byRate = Matrix3(
      Vector3(r.rows.0.x * degrees.x, r.rows.0.y * degrees.y, r.rows.0.z * degrees.z),
      Vector3(r.rows.1.x * degrees.x, r.rows.1.y * degrees.y, r.rows.1.z * degrees.z),
      Vector3(r.rows.2.x * degrees.x, r.rows.2.y * degrees.y, r.rows.2.z * degrees.z))
    let lowRate = lowPass.apply(byRate, to: &rotatedRate)

    let growth = Self.forgettingVariance * interval / Self.forgettingTime
    let scaleGrowth = Self.scaleForgettingVariance * interval / Self.forgettingTime
    for i in 0..<3 {
      covariance[i][i] = min(Self.initialVariance, covariance[i][i] + growth)
      covariance[i + 3][i + 3] = min(Self.initialScaleVariance, covariance[i + 3][i + 3] + scaleGrowth)
    }
    guard growth > 0, !atRest else { return }
    // The earth frame turned by −R·(b − bias) + R·diag(rate)·(s − scale) per second; the
    // correction undid it. In °/s.
    let seen = Vector3(-correction.x / interval + lowBias.x, -correction.y / interval + lowBias.y, 0)
    let predicted = lowRotation * bias
    var error = Vector3(seen.x - predicted.x, seen.y - predicted.y, -predicted.z)
    error = Vector3(Self.clip(error.x), Self.clip(error.y), Self.clip(error.z)).degreesFromRadians
    let w = Self.weight(Self.motionDeviation, growth)
    let noise = SIMD3<Double>(w, w, w * Self.verticalWeakness)
    // H (3 × 6) = [R, −R·diag(rate)]; the vertical row, which only holds the bias's unseen part
    // near zero, says nothing of the scale.
    let h = (
      Self.row(lowRotation.rows.0, lowRate.rows.0), Self.row(lowRotation.rows.1, lowRate.rows.1),
      Self.row(lowRotation.rows.2, .zero)
    )
    // P Hᵀ: three columns of six.
    var pht = (SIMD8<Double>(), SIMD8<Double>(), SIMD8<Double>())
    for i in 0..<6 {
      let p = covariance[i]
      pht.0[i] = (p * h.0).sum()
      pht.1[i] = (p * h.1).sum()
      pht.2[i] = (p * h.2).sum()
    }
    // S = H P Hᵀ + W.
    let sMatrix = Matrix3(
      Vector3((h.0 * pht.0).sum() + noise.x, (h.0 * pht.1).sum(), (h.0 * pht.2).sum()),
      Vector3((h.1 * pht.0).sum(), (h.1 * pht.1).sum() + noise.y, (h.1 * pht.2).sum()),
      Vector3((h.2 * pht.0).sum(), (h.2 * pht.1).sum(), (h.2 * pht.2).sum() + noise.z))
    guard let inverse = sMatrix.inverse else { return }
    // K = P Hᵀ S⁻¹: three columns of six.
    let (i0, i1, i2) = inverse.rows
    let gain = (
      pht.0 * i0.x + pht.1 * i1.x + pht.2 * i2.x, pht.0 * i0.y + pht.1 * i1.y + pht.2 * i2.y,
      pht.0 * i0.z + pht.1 * i1.z + pht.2 * i2.z
    )
    let step = gain.0 * error.x + gain.1 * error.y + gain.2 * error.z
    let biasStep = Vector3(step[0], step[1], step[2]).radiansFromDegrees
    bias = Vector3(Self.clip(bias.x + biasStep.x), Self.clip(bias.y + biasStep.y), Self.clip(bias.z + biasStep.z))
    let limit = Self.largestScale
    scale = Vector3(
      max(-limit, min(limit, scale.x + step[3])), max(-limit, min(limit, scale.y + step[4])),
      max(-limit, min(limit, scale.z + step[5])))
    // P −= K (P Hᵀ)ᵀ.
    for i in 0..<6 {
      covariance[i] -= pht.0 * gain.0[i] + pht.1 * gain.1[i] + pht.2 * gain.2[i]
    }
  }

  private static func row(_ rotation: Vector3, _ byRate: Vector3) -> SIMD8<Double> {
    SIMD8(rotation.x, rotation.y, rotation.z, -byRate.x, -byRate.y, -byRate.z, 0, 0)
  }

  /// Forgets the bias (the caller removes what it took from the rates from now on): the caller
  /// learns it from still readings now, which measure it directly, so it is known as well as a
  /// rest tells it, 0.03 °/s (VQF's figure for its rest estimate): the corrections in the motion
  /// that follows move it no more than that. The scale stays: a rest says nothing of it.
  mutating func handOver() {
    bias = .zero
    let rest = Self.restDeviation * Self.restDeviation
    for i in 0..<3 {
      let variance = min(covariance[i][i], rest)
      for j in 0..<6 {
        covariance[i][j] = 0
        covariance[j][i] = 0
      }
      covariance[i][i] = variance
    }
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

/// Six rows of a 6 × 6 matrix, each in the first six lanes of a SIMD8: storage without a heap.
struct Rows6: Sendable {
  private var rows = (
    SIMD8<Double>(), SIMD8<Double>(), SIMD8<Double>(), SIMD8<Double>(), SIMD8<Double>(), SIMD8<Double>()
  )

  subscript(index: Int) -> SIMD8<Double> {
    get {
      switch index {
      case 0: rows.0
      case 1: rows.1
      case 2: rows.2
      case 3: rows.3
      case 4: rows.4
      default: rows.5
      }
    }
    set {
      switch index {
      case 0: rows.0 = newValue
      case 1: rows.1 = newValue
      case 2: rows.2 = newValue
      case 3: rows.3 = newValue
      case 4: rows.4 = newValue
      default: rows.5 = newValue
      }
    }
  }
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
