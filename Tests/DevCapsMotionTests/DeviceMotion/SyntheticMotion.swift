import DevCapsMotion
import RealModule

/// Sensor readings a perfect IMU would give along a known trajectory, with optional bias and
/// deterministic noise: the truth the device-motion tests compare against.
struct SyntheticMotion {
  /// Device to earth (z up, x north) at time t.
  var orientation: (Double) -> Quaternion
  /// What the hand adds, in g, device frame.
  var userAcceleration: (Double) -> Vector3 = { _ in .zero }
  var gyroscopeBias = Vector3.zero
  var noise = 0.0
  /// The earth's field (north, west, up), µT: 48 µT at 60° inclination, as in central Europe.
  var earthField = Vector3(24, 0, -41.6)
  var hardIron = Vector3.zero
  /// A magnet near the device, in the earth frame (north, west, up), µT, at time t.
  var magneticDisturbance: (Double) -> Vector3 = { _ in .zero }
  var rate = 100.0

  private var random = SplitMix(seed: 0x5EED)

  init(orientation: @escaping (Double) -> Quaternion) { self.orientation = orientation }

  mutating func input(at t: Double, magnetometer: Bool = false, gyroscope: Bool = true) -> MotionInput {
    let q = orientation(t)
    let gravity = q.inverseRotate(Vector3(0, 0, -1))
    let acceleration = gravity + userAcceleration(t) + jitter()
    // Body rate from the change of orientation over a short step.
    let h = 1e-4
    let step = (q.conjugate * orientation(t + h)).normalized
    let angle = step.w < 0 ? -2 * Double.acos(min(1, -step.w)) : 2 * Double.acos(min(1, step.w))
    let axis = Vector3(step.x, step.y, step.z).normalized ?? .zero
    let rate = axis * (angle / h) + gyroscopeBias + jitter() * 0.05
    let field = q.inverseRotate(earthField + magneticDisturbance(t)) + hardIron + jitter() * 0.5
    return MotionInput(
      timestamp: t, acceleration: acceleration, rotationRate: gyroscope ? rate : nil,
      magneticField: magnetometer ? field : nil)
  }

  private mutating func jitter() -> Vector3 {
    guard noise > 0 else { return .zero }
    return Vector3(random.gaussian(), random.gaussian(), random.gaussian()) * noise
  }

  /// Runs an estimator over `seconds` and hands every output with its time to `check`.
  mutating func run(
    _ estimator: inout DeviceMotionEstimator, seconds: Double, magnetometer: Bool = false, gyroscope: Bool = true,
    check: (Double, DeviceMotion) -> Void = { _, _ in }
  ) {
    let count = Int(seconds * rate)
    for index in 0...count {
      let t = Double(index) / rate
      if let motion = estimator.update(input(at: t, magnetometer: magnetometer, gyroscope: gyroscope)) {
        check(t, motion)
      }
    }
  }
}

/// A small deterministic generator (SplitMix64), so the noisy tests give the same numbers every run.
struct SplitMix {
  private var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) / Double(1 << 53)
  }

  /// Box–Muller.
  mutating func gaussian() -> Double {
    let u = max(next(), 1e-12)
    return (-2 * Double.log(u)).squareRoot() * Double.cos(2 * Double.pi * next())
  }
}

func degrees(_ radians: Double) -> Double { radians * 180 / Double.pi }
func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }

/// The difference of two angles in degrees, wrapped into −180…180.
func angleDifference(_ a: Double, _ b: Double) -> Double {
  var d = (a - b).truncatingRemainder(dividingBy: 360)
  if d > 180 { d -= 360 }
  if d < -180 { d += 360 }
  return d
}

extension InertialFilter.Settings {
  /// The defaults, with the heading following the field at rest at the pace it has in motion.
  static var inMotionPaceAtRest: Self {
    var settings = Self()
    settings.restMagneticTimeConstant = settings.magneticTimeConstant
    return settings
  }
}
