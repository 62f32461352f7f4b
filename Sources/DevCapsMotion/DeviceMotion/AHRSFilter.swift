import RealModule

/// An attitude and heading reference system over accelerometer + gyroscope (+ magnetometer):
/// Madgwick's revised complementary filter as x-io Technologies' Fusion library describes it —
/// the gyroscope is integrated, and the accelerometer (and magnetometer) pull the estimate
/// towards the measured up (and north) with a gain; the gain starts high and ramps down so the
/// first seconds converge fast; an accelerometer whose direction disagrees with the estimate by
/// more than the rejection angle is ignored while the hand moves the device (and trusted again if
/// it keeps disagreeing: the estimate is then what is wrong), likewise the magnetometer near iron.
///
/// Written here from the published algorithm. A value type that allocates nothing per sample.
/// The earth frame is x north (or arbitrary), y west, z up; `quaternion` turns device
/// coordinates into earth coordinates.
public struct AHRSFilter: Sendable {
  /// The filter's tuning: correction gain, rejection angles and recovery period.
  public struct Settings: Sendable, Equatable {
    /// How strongly the accelerometer and magnetometer correct the gyroscope (Fusion's 0.5).
    public var gain = 0.5
    /// An accelerometer further than this from the estimated up is ignored (degrees; 0 turns
    /// rejection off).
    public var accelerationRejectionDegrees = 10.0
    /// Likewise for the magnetometer's horizontal direction.
    public var magneticRejectionDegrees = 10.0
    /// After this long of continuous rejection the sensor is trusted again: seconds of the
    /// samples' timestamps, however unevenly they come.
    public var recoveryPeriod = 5.0

    /// The defaults: gain 0.5, both rejection angles 10°, recovery after 5 s.
    public init() {}
  }

  /// The gain at start, ramped down to `settings.gain` over `initialisationPeriod` seconds.
  static let initialGain = 10.0
  /// Seconds of sample timestamps over which the gain ramps down to `settings.gain`; nothing is
  /// rejected meanwhile.
  public static let initialisationPeriod = 3.0

  /// The tuning the filter was made with.
  public let settings: Settings
  /// The current estimate, unit length: turns device coordinates into the earth frame (z up; x north
  /// with a magnetometer, else wherever the start put it).
  public private(set) var quaternion = Quaternion.identity
  /// True while the gain is still ramping down.
  public private(set) var isInitialising = true
  /// Whether the last update ignored the accelerometer (the hand accelerated the device).
  public private(set) var accelerometerIgnored = false
  /// Whether the last update left a magnetometer reading out: a field parallel to up, or a
  /// horizontal direction beyond `magneticRejectionDegrees` of the estimate (iron nearby). False
  /// when there was no reading: nothing was left out.
  public private(set) var magnetometerIgnored = false

  private var rampedGain = initialGain
  private let accelerationRejection: Double
  private let magneticRejection: Double
  private var accelerationRecovery = RecoveryTrigger()
  private var magneticRecovery = RecoveryTrigger()

  /// A filter starting at `initial` (normalized), its gain ramping from 10 down to `settings.gain`
  /// over the first 3 seconds of updates.
  public init(settings: Settings = Settings(), initial: Quaternion = .identity) {
    self.settings = settings
    quaternion = initial.normalized
    accelerationRejection = Self.rejectionThreshold(degrees: settings.accelerationRejectionDegrees)
    magneticRejection = Self.rejectionThreshold(degrees: settings.magneticRejectionDegrees)
  }

  /// The feedback is half the sine of the error angle: compare squared magnitudes.
  private static func rejectionThreshold(degrees: Double) -> Double {
    guard degrees > 0 else { return .infinity }
    let half = 0.5 * Double.sin(degrees.radiansFromDegrees)
    return half * half
  }

  /// One step.
  /// - Parameters:
  ///   - rotationRate: gyroscope, rad/s, device frame, bias removed.
  ///   - up: the accelerometer's specific force (the negated gravity of docs/explanation/motion.md) in any unit,
  ///     or nil when there is no new accelerometer reading.
  ///   - magneticField: device frame, any unit, or nil.
  ///   - interval: seconds since the last step.
  public mutating func update(rotationRate: Vector3, up: Vector3?, magneticField: Vector3?, interval: Double) {
    guard interval > 0, interval.isFinite, rotationRate.isFinite else { return }
    if isInitialising {
      rampedGain -= (Self.initialGain - settings.gain) * interval / Self.initialisationPeriod
      if rampedGain <= settings.gain {
        rampedGain = settings.gain
        isInitialising = false
      }
    }
    let halfUp = halfEarthZ
    var feedback = Vector3.zero

    accelerometerIgnored = true
    if let measured = up?.normalized {
      let error = Self.feedback(sensor: measured, reference: halfUp)
      let accepted = isInitialising || error.dot(error) <= accelerationRejection
      if accelerationRecovery.admit(accepted: accepted, interval: interval, period: settings.recoveryPeriod) {
        accelerometerIgnored = false
        feedback = feedback + error
      }
    }

    magnetometerIgnored = magneticField != nil
    if let field = magneticField, let west = halfUp.cross(field).normalized {
      let error = Self.feedback(sensor: west, reference: halfEarthY)
      let accepted = isInitialising || error.dot(error) <= magneticRejection
      if magneticRecovery.admit(accepted: accepted, interval: interval, period: settings.recoveryPeriod) {
        magnetometerIgnored = false
        feedback = feedback + error
      }
    }

    let adjusted = rotationRate * 0.5 + feedback * rampedGain
    let delta =
      quaternion * Quaternion(w: 0, x: adjusted.x * interval, y: adjusted.y * interval, z: adjusted.z * interval)
    quaternion =
      Quaternion(
        w: quaternion.w + delta.w, x: quaternion.x + delta.x, y: quaternion.y + delta.y, z: quaternion.z + delta.z
      ).normalized
  }

  /// Half the earth's z (up) in device coordinates.
  private var halfEarthZ: Vector3 {
    let q = quaternion
    return Vector3(q.x * q.z - q.w * q.y, q.y * q.z + q.w * q.x, q.w * q.w - 0.5 + q.z * q.z)
  }

  /// Half the earth's y (west) in device coordinates.
  private var halfEarthY: Vector3 {
    let q = quaternion
    return Vector3(q.x * q.y + q.w * q.z, q.w * q.w - 0.5 + q.y * q.y, q.y * q.z - q.w * q.x)
  }

  /// The rotation that takes the reference towards the sensor, as a cross product; beyond 90°
  /// the cross product shrinks again, so it is scaled to full length there.
  private static func feedback(sensor: Vector3, reference: Vector3) -> Vector3 {
    let cross = sensor.cross(reference)
    if sensor.dot(reference) < 0, let unit = cross.normalized { return unit }
    return cross
  }
}

/// Fusion's recovery trigger, counted in seconds rather than in samples: each rejected sample
/// adds its interval, each accepted one takes off nine times its interval; once the count passes
/// the period, the sensor is trusted again for a period. Fusion counts samples of its nominal
/// rate, which is the same on an even clock; on a real one a sample's interval is what it covers.
struct RecoveryTrigger: Sendable {
  private var trigger = 0.0
  private var timeout = 0.0

  mutating func admit(accepted: Bool, interval: Double, period: Double) -> Bool {
    var admitted = accepted
    trigger += accepted ? -9 * interval : interval
    if trigger > timeout {
      timeout = 0
      admitted = true
    } else {
      timeout = period
    }
    trigger = max(0, min(trigger, period))
    return admitted
  }
}
