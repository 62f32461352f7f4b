/// Which filter the estimator's `fusion` source runs, with its settings.
public enum AttitudeFilter: Sendable, Equatable {
  /// ``InertialFilter``, the default: averages the hand's accelerations out in the gyroscope's
  /// frame and ignores a magnetometer whose field changed strength or dip.
  case inertial(InertialFilter.Settings = InertialFilter.Settings())
  /// ``AHRSFilter``: x-io's Fusion, checked sample by sample against imufusion.
  case fusion(AHRSFilter.Settings = AHRSFilter.Settings())
}

/// One of the two filters, running; a value with no heap storage.
enum RunningFilter: Sendable {
  case inertial(InertialFilter)
  case fusion(AHRSFilter)

  /// `learnsBias` false keeps the inertial filter from learning a bias in motion too (the
  /// estimator's own learner was turned off).
  init(_ choice: AttitudeFilter, initial: Quaternion, learnsBias: Bool) {
    switch choice {
    case .inertial(var settings):
      settings.learnsBiasInMotion = settings.learnsBiasInMotion && learnsBias
      self = .inertial(InertialFilter(settings: settings, initial: initial))
    case .fusion(let settings): self = .fusion(AHRSFilter(settings: settings, initial: initial))
    }
  }

  mutating func update(rotationRate: Vector3, up: Vector3?, magneticField: Vector3?, interval: Double) {
    switch self {
    case .inertial(var filter):
      filter.update(rotationRate: rotationRate, up: up, magneticField: magneticField, interval: interval)
      self = .inertial(filter)
    case .fusion(var filter):
      filter.update(rotationRate: rotationRate, up: up, magneticField: magneticField, interval: interval)
      self = .fusion(filter)
    }
  }

  /// Carries the estimate across a gap of `seconds` in the samples, turning at `rotationRate`
  /// (rad/s, bias removed): the inertial filter then takes the tilt again from the accelerometer;
  /// Fusion's filter only integrates.
  mutating func bridge(rotationRate: Vector3, seconds: Double) {
    switch self {
    case .inertial(var filter):
      filter.bridge(rotationRate: rotationRate, seconds: seconds)
      self = .inertial(filter)
    case .fusion(var filter):
      filter.update(rotationRate: rotationRate, up: nil, magneticField: nil, interval: seconds)
      self = .fusion(filter)
    }
  }

  /// The gyroscope read at the end of its range: the inertial filter leans on the accelerometer
  /// and magnetometer for a while; Fusion's filter goes on as it is.
  mutating func gyroscopeClipped() {
    guard case .inertial(var filter) = self else { return }
    filter.gyroscopeClipped()
    self = .inertial(filter)
  }

  /// Whether `turnIntegrated(by:)` does anything: only the inertial filter's integration can be
  /// turned after the fact.
  var takesMissedTurns: Bool {
    if case .inertial = self { true } else { false }
  }

  /// A clipped axis's missed turn, re-integrated where it happened: the inertial filter's
  /// integration is turned by `correction` (device frame, after what it integrated); Fusion's
  /// filter goes on as it is.
  mutating func turnIntegrated(by correction: Quaternion) {
    guard case .inertial(var filter) = self else { return }
    filter.turnIntegrated(by: correction)
    self = .inertial(filter)
  }

  /// The field showed a clipped gyroscope missed a turn: the inertial filter leans on the field
  /// for a while; Fusion's filter goes on as it is.
  mutating func turnMissed() {
    guard case .inertial(var filter) = self else { return }
    filter.turnMissed()
    self = .inertial(filter)
  }

  var quaternion: Quaternion {
    switch self {
    case .inertial(let filter): filter.quaternion
    case .fusion(let filter): filter.quaternion
    }
  }

  /// The bias the filter takes off the rotation rates it is given (rad/s).
  var gyroscopeBias: Vector3 {
    switch self {
    case .inertial(let filter): filter.gyroscopeBias
    case .fusion: .zero
    }
  }

  /// The bias the inertial filter learned in motion, which it stops removing.
  mutating func handOverBias() -> Vector3 {
    guard case .inertial(var filter) = self else { return .zero }
    let part = filter.handOverGyroscopeBias()
    self = .inertial(filter)
    return part
  }

  /// Whether the last field had the learned strength (within twice the tolerance, whatever the
  /// attitude): a field to read a clipped gyroscope's turn from. Fusion's filter learns none.
  var fieldHoldsStrength: Bool {
    guard case .inertial(let filter) = self else { return false }
    return filter.fieldHoldsStrength
  }

  /// The inertial filter rejects no accelerometer sample: it averages them instead.
  var status: FusionStatus {
    switch self {
    case .inertial(let filter):
      FusionStatus(
        initialising: filter.isInitialising, accelerometerRejected: false,
        magnetometerRejected: filter.magnetometerIgnored)
    case .fusion(let filter):
      FusionStatus(
        initialising: filter.isInitialising, accelerometerRejected: filter.accelerometerIgnored,
        magnetometerRejected: filter.magnetometerIgnored)
    }
  }
}
