/// Device motion from the chosen sensors: at every tick the newest sample of each source goes
/// into the estimator with the tick's monotonic time, and out comes a `DeviceMotionUpdate`.
/// Heading events are derived from the same samples.
final class DeviceMotionTracker {
  struct Sources {
    var accelerometer: (any SampleSource)?
    var gyroscope: (any SampleSource)?
    var magnetometer: (any SampleSource)?
    var rotation: (any SampleSource)?
  }

  let choice: MotionSensorChoice
  private let sources: Sources
  private var estimator: DeviceMotionEstimator
  private let clock: () -> Double
  private let sensorIDs: [String]
  private var delivered = 0
  private var firstTime: Double?
  /// The count of samples delivered when the rate started counting (the first, or a restart).
  private var rateFrom = 0
  /// Problems already told, so a sensor that keeps failing is said once, not at every tick.
  private var toldProblems: Set<String> = []
  /// An optional sensor's problem, said once and taken by `takeNote()`.
  private var pendingNote: String?

  func takeNote() -> String? {
    defer { pendingNote = nil }
    return pendingNote
  }

  init(
    choice: MotionSensorChoice, sources: Sources, referenceFrame: AttitudeReferenceFrame,
    calibration: MagnetometerCalibration?, clock: @escaping () -> Double = MonotonicClock.now
  ) {
    self.choice = choice
    self.sources = sources
    self.clock = clock
    // The gyroscope's range from its scan type and scale: readings at it are clipped.
    estimator = DeviceMotionEstimator(
      source: choice.source, referenceFrame: referenceFrame, calibration: calibration,
      gyroscopeRange: choice.gyroscope?.iio?.group(.gyroscope)?.fullScale)
    sensorIDs = choice.sensors.map(\.id).reduce(into: []) { ids, id in if !ids.contains(id) { ids.append(id) } }
  }

  /// What a tick gives: a sample, nothing yet, or the end of the stream.
  enum Tick {
    /// A sample; the first is the stream's initial state.
    case motion(DeviceMotionUpdate, initial: Bool)
    case waiting
    /// A sample could not be read this time (said once per distinct problem).
    case skipped(String?)
    case ended(SampleError)
  }

  func tick() -> Tick {
    var input = MotionInput(timestamp: clock())
    // No array per tick: the four kinds one by one.
    for kind in SensorInfo.Kind.motionKinds {
      guard let source = source(of: kind) else { continue }
      switch source.sample(kind) {
      case .success(let sample):
        switch kind {
        case .rotation: input.hubOrientation = sample.quaternion
        case .accelerometer: input.acceleration = sample.vector
        case .gyroscope: input.rotationRate = sample.vector
        default: input.magneticField = sample.vector
        }
      case .failure(.noDataYet):
        if isRequired(kind) { return .waiting }
      case .failure(let problem) where problem.endsStream:
        return .ended(problem)
      case .failure(let problem):
        // A required reading missing skips the tick; an optional one is left out of it.
        let told = toldProblems.insert(problem.description).inserted ? problem.description : nil
        if isRequired(kind) { return .skipped(told) }
        if let told { pendingNote = told + " (samples go on without the \(kind.rawValue))" }
      }
    }
    let now = input.timestamp
    guard let motion = estimator.update(input) else { return .waiting }
    delivered += 1
    // The rate counts from the first sample, or from the last restart (a process stopped with
    // Ctrl-Z for seconds), as a replay's does: an average over the pause would say 12 Hz at 50.
    if firstTime == nil || motion.restarted { (firstTime, rateFrom) = (now, delivered) }
    let elapsed = now - (firstTime ?? now)
    let counted = delivered - rateFrom
    let rate = counted > 0 && elapsed > 0 ? Double(counted) / elapsed : nil
    return .motion(
      DeviceMotionUpdate(motion: motion, sensors: sensorIDs, rateHz: rate, input: input), initial: delivered == 1)
  }

  private func source(of kind: SensorInfo.Kind) -> (any SampleSource)? {
    switch kind {
    case .rotation: sources.rotation
    case .accelerometer: sources.accelerometer
    case .gyroscope: sources.gyroscope
    case .magnetometer: sources.magnetometer
    default: nil
    }
  }

  /// The readings the source cannot do without.
  private func isRequired(_ kind: SensorInfo.Kind) -> Bool {
    switch choice.source {
    case .hub: kind == .rotation
    case .fusion: kind == .accelerometer || kind == .gyroscope
    case .accelerometer: kind == .accelerometer
    }
  }

  /// A heading event when `filter` passes the heading (the first is the current heading).
  func headingEvent(_ update: DeviceMotionUpdate, filter: inout HeadingFilter) -> StreamEvent? {
    let sensor = choice.magnetometer?.id ?? choice.rotation?.id ?? ""
    guard let (change, first) = filter.update(update.motion, sensor: sensor) else { return nil }
    return StreamEvent(.heading(change), initial: first)
  }
}

extension SensorInfo.Kind {
  /// What device motion reads, best source first.
  static let motionKinds: [SensorInfo.Kind] = [.rotation, .accelerometer, .gyroscope, .magnetometer]
}
