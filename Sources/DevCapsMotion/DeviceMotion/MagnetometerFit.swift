import RealModule

/// Fits a magnetometer calibration to readings taken while the device is turned every way: the
/// readings of a perfect sensor lie on a sphere around zero whose radius is the earth's field;
/// the device's own magnets move the centre (hard iron) and its steel stretches the sphere into
/// an ellipsoid (soft iron). A least-squares sphere gives the offset; when the readings cover
/// enough directions, an axis-aligned ellipsoid gives a per-axis scale too.
public struct MagnetometerFit: Sendable {
  /// Readings closer than this to the last one kept add nothing (µT).
  public static let minimumSpacing = 1.0
  /// The most readings a fit keeps; `add(_:)` refuses any beyond.
  public static let capacity = 4096
  /// Directions the coverage is counted over: a Fibonacci lattice on the sphere.
  static let directionCount = 32

  /// The readings kept so far, in µT, uncalibrated, in the order they were added.
  public private(set) var samples: [Vector3] = []

  /// A fit with no readings yet.
  public init() {}

  /// Keeps a reading (µT, uncalibrated) unless it is too close to the previous one or the fit
  /// is full; true when kept.
  @discardableResult
  public mutating func add(_ field: Vector3) -> Bool {
    guard field.isFinite, samples.count < Self.capacity else { return false }
    if let last = samples.last, (field - last).magnitude < Self.minimumSpacing { return false }
    samples.append(field)
    return true
  }

  /// What a fit found, with its quality.
  public struct Result: Sendable, Equatable {
    /// The fitted offset, scale and field strength, with an accuracy from coverage and residual.
    public var calibration: MagnetometerCalibration
    /// Share of directions (0…1) the readings cover around the fitted centre.
    public var coverage: Double
    /// RMS distance from the fitted surface relative to the field strength.
    public var residual: Double
    /// Whether the soft-iron scale was fitted (enough coverage) or only the offset.
    public var fittedScale: Bool
  }

  /// Nil with fewer than 10 readings or readings that do not span a volume.
  public func fit() -> Result? {
    guard samples.count >= 10, let sphere = fitSphere() else { return nil }
    var offset = sphere.centre
    var scale = Vector3(1, 1, 1)
    var strength = sphere.radius
    var fittedScale = false
    if coverage(around: sphere.centre) >= 0.6,
      let ellipsoid = fitEllipsoid(around: sphere.centre, radius: sphere.radius)
    {
      offset = ellipsoid.centre
      let mean = (ellipsoid.radii.x * ellipsoid.radii.y * ellipsoid.radii.z).cubeRoot
      scale = Vector3(mean / ellipsoid.radii.x, mean / ellipsoid.radii.y, mean / ellipsoid.radii.z)
      strength = mean
      fittedScale = true
    }
    let draft = MagnetometerCalibration(offset: offset, scale: scale, fieldStrength: strength, accuracy: .low)
    var squares = 0.0
    for sample in samples {
      let error = (draft.apply(sample).magnitude - strength) / strength
      squares += error * error
    }
    let residual = (squares / Double(samples.count)).squareRoot()
    let coverage = coverage(around: offset)
    let accuracy: MagneticFieldAccuracy =
      if coverage >= 0.75 && residual < 0.03 { .high } else if coverage >= 0.5 && residual < 0.06 { .medium } else {
        .low
      }
    return Result(
      calibration: MagnetometerCalibration(offset: offset, scale: scale, fieldStrength: strength, accuracy: accuracy),
      coverage: coverage, residual: residual, fittedScale: fittedScale)
  }

  /// Share of the lattice's directions that have a reading nearest to them.
  public func coverage(around centre: Vector3) -> Double {
    var hit = [Bool](repeating: false, count: Self.directionCount)
    for sample in samples {
      guard let direction = (sample - centre).normalized else { continue }
      var best = 0
      var bestDot = -2.0
      for index in 0..<Self.directionCount {
        let dot = direction.dot(Self.direction(index))
        if dot > bestDot {
          bestDot = dot
          best = index
        }
      }
      hit[best] = true
    }
    return Double(hit.filter { $0 }.count) / Double(Self.directionCount)
  }

  static func direction(_ index: Int) -> Vector3 {
    let golden = 2.399963229728653  // π(3 − √5)
    let z = 1 - 2 * (Double(index) + 0.5) / Double(directionCount)
    let r = (1 - z * z).squareRoot()
    let theta = golden * Double(index)
    return Vector3(r * Double.cos(theta), r * Double.sin(theta), z)
  }

  /// |m − c|² = r²  ⇔  2c·m + (r² − |c|²) = |m|²: linear in (c, k).
  private func fitSphere() -> (centre: Vector3, radius: Double)? {
    var system = LinearLeastSquares(unknowns: 4)
    for m in samples { system.add([2 * m.x, 2 * m.y, 2 * m.z, 1], m.dot(m)) }
    guard let x = system.solve() else { return nil }
    let centre = Vector3(x[0], x[1], x[2])
    let squared = x[3] + centre.dot(centre)
    guard squared > 0 else { return nil }
    return (centre, squared.squareRoot())
  }

  /// A x² + B y² + C z² + D x + E y + F z = 1, axes along the sensor's; fitted on the readings
  /// moved to the sphere's centre and scaled by its radius, which keeps the equations well
  /// conditioned whatever the offset.
  private func fitEllipsoid(around origin: Vector3, radius: Double) -> (centre: Vector3, radii: Vector3)? {
    var system = LinearLeastSquares(unknowns: 6)
    for sample in samples {
      let m = (sample - origin) / radius
      system.add([m.x * m.x, m.y * m.y, m.z * m.z, m.x, m.y, m.z], 1)
    }
    guard let p = system.solve(), p[0] > 0, p[1] > 0, p[2] > 0 else { return nil }
    let centre = Vector3(-p[3] / (2 * p[0]), -p[4] / (2 * p[1]), -p[5] / (2 * p[2]))
    let g = 1 + p[0] * centre.x * centre.x + p[1] * centre.y * centre.y + p[2] * centre.z * centre.z
    guard g > 0 else { return nil }
    let radii = Vector3((g / p[0]).squareRoot(), (g / p[1]).squareRoot(), (g / p[2]).squareRoot()) * radius
    guard radii.isFinite else { return nil }
    return (origin + centre * radius, radii)
  }
}

/// Normal equations AᵀA x = Aᵀb, accumulated row by row and solved by Gaussian elimination with
/// partial pivoting.
struct LinearLeastSquares {
  let unknowns: Int
  private var normal: [Double]
  private var right: [Double]

  init(unknowns: Int) {
    self.unknowns = unknowns
    normal = [Double](repeating: 0, count: unknowns * unknowns)
    right = [Double](repeating: 0, count: unknowns)
  }

  mutating func add(_ row: [Double], _ value: Double) {
    for i in 0..<unknowns {
      right[i] += row[i] * value
      for j in 0..<unknowns { normal[i * unknowns + j] += row[i] * row[j] }
    }
  }

  /// Nil when the system is singular (the readings do not determine the unknowns).
  func solve() -> [Double]? {
    let n = unknowns
    var a = normal
    var b = right
    let scale = a.map(abs).max() ?? 0
    guard scale > 0 else { return nil }
    for column in 0..<n {
      var pivot = column
      for row in column..<n where abs(a[row * n + column]) > abs(a[pivot * n + column]) { pivot = row }
      guard abs(a[pivot * n + column]) > scale * 1e-12 else { return nil }
      if pivot != column {
        for k in 0..<n { a.swapAt(column * n + k, pivot * n + k) }
        b.swapAt(column, pivot)
      }
      for row in (column + 1)..<n {
        let factor = a[row * n + column] / a[column * n + column]
        for k in column..<n { a[row * n + k] -= factor * a[column * n + k] }
        b[row] -= factor * b[column]
      }
    }
    var x = [Double](repeating: 0, count: n)
    for row in stride(from: n - 1, through: 0, by: -1) {
      var sum = b[row]
      for k in (row + 1)..<n { sum -= a[row * n + k] * x[k] }
      x[row] = sum / a[row * n + row]
    }
    return x.allSatisfy(\.isFinite) ? x : nil
  }
}

extension Double {
  fileprivate var cubeRoot: Double { Double.pow(self, 1.0 / 3) }
}
