import RealModule

/// Three shake detectors, as docs/explanation/motion.md defines them. Samples are acceleration including
/// gravity in g after the mount matrix, with their time in seconds.
public struct ShakeDetector: Sendable {
  /// The detector: `count` (axis crossings), `threshold` (one axis beyond the threshold), `angle` (a fast change of direction).
  public enum Kind: String, Sendable, CaseIterable, Encodable {
    case threshold, count, angle
  }

  /// A detector's kind and thresholds.
  public struct Settings: Sendable, Equatable {
    /// Which detector.
    public var kind: Kind = .count
    /// g: an axis beyond ±threshold (threshold and count detectors).
    public var threshold: Double = 1.5
    /// radians: the angle detector's change in direction.
    public var sensitivity: Double = 0.5
    /// seconds between two shakes (threshold and angle detectors).
    public var lockout: Double = 0.5
    /// The defaults of docs/explanation/motion.md: count, 1.5 g, 0.5 rad, 0.5 s.
    public init() {}
  }

  /// A shake found.
  public struct Shake: Sendable, Equatable {
    /// The largest acceleration during it, in g.
    public var peakG: Double
  }

  /// The detector's settings.
  public let settings: Settings
  private var lastShake = -Double.infinity
  private var peak = 0.0
  // count: when each excursion started, within the window; whether the last sample was outside.
  private var excursions: [Double] = []
  private var wasBeyond = false
  static let countWindow = 1.5
  static let countNeeded = 5
  // angle: the last three vectors at 10 Hz.
  private var thinnedAt = -Double.infinity
  private var previous: Vector3? = nil
  private var last: Vector3? = nil

  /// A detector with no samples seen yet.
  public init(settings: Settings) { self.settings = settings }

  /// Feeds one sample (g, seconds); a shake when this sample completes one.
  public mutating func update(_ a: Vector3, at time: Double) -> Shake? {
    guard a.isFinite else { return nil }
    peak = max(peak, a.magnitude)
    let shook: Bool
    switch settings.kind {
    case .threshold:
      let beyond = max(abs(a.x), abs(a.y), abs(a.z)) > settings.threshold
      shook = beyond && time - lastShake >= settings.lockout
    case .count:
      let beyond = max(abs(a.x), abs(a.y), abs(a.z)) > settings.threshold
      if beyond && !wasBeyond { excursions.append(time) }
      wasBeyond = beyond
      excursions.removeAll { time - $0 > ShakeDetector.countWindow }
      shook = excursions.count >= ShakeDetector.countNeeded
      if shook { excursions.removeAll() }
    case .angle:
      shook = angleUpdate(a, at: time)
    }
    guard shook else { return nil }
    lastShake = time
    defer { peak = 0 }
    return Shake(peakG: peak)
  }

  private mutating func angleUpdate(_ current: Vector3, at time: Double) -> Bool {
    // Thinned to 10 Hz, as the classic AccelerometerHelper sampled.
    guard time - thinnedAt >= 0.1 - 1e-9 else { return false }
    thinnedAt = time
    defer {
      previous = last
      last = current
    }
    guard let last, let previous else { return false }
    guard let earlier = ShakeDetector.angle(last, previous), let now = ShakeDetector.angle(current, last) else {
      return false
    }
    return earlier - now > settings.sensitivity && time - lastShake >= settings.lockout
  }

  /// The angle between two vectors in radians; nil when either is zero.
  static func angle(_ a: Vector3, _ b: Vector3) -> Double? {
    let lengths = a.magnitude * b.magnitude
    guard lengths > 0 else { return nil }
    return Double.acos(max(-1, min(1, a.dot(b) / lengths)))
  }
}
