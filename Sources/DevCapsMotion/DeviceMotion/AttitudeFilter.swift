/// Which filter the estimator's `fusion` source runs, with its settings.
public enum AttitudeFilter: Sendable, Equatable {
  /// ``InertialFilter``, the default: averages the hand's accelerations out in the gyroscope's
  /// frame and ignores a magnetometer whose field changed strength or dip.
  case inertial(InertialFilter.Settings = InertialFilter.Settings())
  /// ``AHRSFilter``: x-io's Fusion, checked sample by sample against imufusion.
  case fusion(AHRSFilter.Settings = AHRSFilter.Settings())
}

/// One of the two filters, running; a value with no heap storage. Both filters are kept, the
/// one not chosen never run, rather than an enum of the two: an enum's payload cannot be changed
/// where it lies, so every step copied the whole filter out and back in (a twentieth of a
/// replayed row).
struct RunningFilter: Sendable {
  /// Whether ``inertial`` is the filter that runs; else ``fusion`` is.
  private let runsInertial: Bool
  private var inertial: InertialFilter
  private var fusion: AHRSFilter

  /// `learnsBias` false keeps the inertial filter from learning a bias in motion too (the
  /// estimator's own learner was turned off).
  init(_ choice: AttitudeFilter, initial: Quaternion, learnsBias: Bool) {
    switch choice {
    case .inertial(var settings):
      settings.learnsBiasInMotion = settings.learnsBiasInMotion && learnsBias
      runsInertial = true
      inertial = InertialFilter(settings: settings, initial: initial)
      fusion = AHRSFilter()
    case .fusion(let settings):
      runsInertial = false
      inertial = InertialFilter()
      fusion = AHRSFilter(settings: settings, initial: initial)
    }
  }

  mutating func update(rotationRate: Vector3, up: Vector3?, magneticField: Vector3?, interval: Double) {
    if runsInertial {
      inertial.update(rotationRate: rotationRate, up: up, magneticField: magneticField, interval: interval)
    } else {
      fusion.update(rotationRate: rotationRate, up: up, magneticField: magneticField, interval: interval)
    }
  }

  /// Carries the estimate across a gap of `seconds` in the samples, turning at `rotationRate`
  /// (rad/s, bias removed): the inertial filter then takes the tilt again from the accelerometer;
  /// Fusion's filter only integrates.
  mutating func bridge(rotationRate: Vector3, seconds: Double) {
    if runsInertial {
      inertial.bridge(rotationRate: rotationRate, seconds: seconds)
    } else {
      fusion.update(rotationRate: rotationRate, up: nil, magneticField: nil, interval: seconds)
    }
  }

  /// The gyroscope read at the end of its range: the inertial filter leans on the accelerometer
  /// and magnetometer for a while; Fusion's filter goes on as it is.
  mutating func gyroscopeClipped() {
    if runsInertial { inertial.gyroscopeClipped() }
  }

  /// Whether `turnIntegrated(by:)` does anything: only the inertial filter's integration can be
  /// turned after the fact.
  var takesMissedTurns: Bool { runsInertial }

  /// A clipped axis's missed turn, re-integrated where it happened: the inertial filter's
  /// integration is turned by `correction` (device frame, after what it integrated); Fusion's
  /// filter goes on as it is.
  mutating func turnIntegrated(by correction: Quaternion) {
    if runsInertial { inertial.turnIntegrated(by: correction) }
  }

  /// The field showed a clipped gyroscope missed a turn: the inertial filter leans on the field
  /// for a while; Fusion's filter goes on as it is.
  mutating func turnMissed() {
    if runsInertial { inertial.turnMissed() }
  }

  var quaternion: Quaternion {
    runsInertial ? inertial.quaternion : fusion.quaternion
  }

  /// The bias the filter takes off the rotation rates it is given (rad/s).
  var gyroscopeBias: Vector3 {
    runsInertial ? inertial.gyroscopeBias : .zero
  }

  /// The bias the inertial filter learned in motion, which it stops removing.
  mutating func handOverBias() -> Vector3 {
    runsInertial ? inertial.handOverGyroscopeBias() : .zero
  }

  /// Whether the last field had the learned strength (within twice the tolerance, whatever the
  /// attitude): a field to read a clipped gyroscope's turn from. Fusion's filter learns none.
  var fieldHoldsStrength: Bool {
    runsInertial && inertial.fieldHoldsStrength
  }

  /// The inertial filter rejects no accelerometer sample: it averages them instead.
  var status: FusionStatus {
    runsInertial
      ? FusionStatus(
        initialising: inertial.isInitialising, accelerometerRejected: false,
        magnetometerRejected: inertial.magnetometerIgnored)
      : FusionStatus(
        initialising: fusion.isInitialising, accelerometerRejected: fusion.accelerometerIgnored,
        magnetometerRejected: fusion.magnetometerIgnored)
  }
}
