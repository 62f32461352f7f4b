/// Readings for a ``MotionManager`` in an app's tests: recorded ones, or ones a function of time
/// makes. The manager's updates then come from them, through the same filters, classifiers and
/// detectors as from hardware, with no udev, no umockdev and no root.
///
/// ```swift
/// let upright = MotionManager(source: .function(hertz: 50, duration: 2) { t in
///   MotionInput(timestamp: t, acceleration: Vector3(0, -1, 0), rotationRate: .zero)
/// })
/// ```
public enum MotionSimulation: Sendable {
  /// These readings, in order (``MotionRecording/parse(_:)`` reads devcaps' recordings).
  case replay([MotionInput])
  /// `reading(t)` at t = 0, 1/hertz, 2/hertz, … seconds, up to `duration` seconds, or without end
  /// when it is nil (the loop that iterates decides).
  case function(hertz: Double, duration: Double?, @Sendable (Double) -> MotionInput)

  /// The sensors the readings show, as the manager's ``MotionManager/sensors`` (bus `simulation`):
  /// those of the first reading.
  var sensors: [SensorInfo] {
    let first: MotionInput?
    switch self {
    case .replay(let inputs): first = inputs.first
    case .function(_, _, let reading): first = reading(0)
    }
    guard let first else { return [] }
    var kinds: [SensorInfo.Kind] = []
    if first.acceleration != nil { kinds.append(.accelerometer) }
    if first.rotationRate != nil { kinds.append(.gyroscope) }
    if first.magneticField != nil { kinds.append(.magnetometer) }
    if first.hubOrientation != nil { kinds.append(.rotation) }
    return kinds.map { SensorInfo(type: $0, id: "simulation", bus: "simulation", syspath: "") }
  }

  /// The source device motion reads from these readings, as it would pick on hardware.
  var deviceMotionSource: MotionSource {
    let kinds = Set(sensors.map(\.type))
    return kinds.contains(.rotation) ? .hub : kinds.contains(.gyroscope) ? .fusion : .accelerometer
  }

  /// Updates over the readings: `transform` makes an element of each reading (a stateful one,
  /// made anew for each iteration), nil skipping it. Every reading goes through the transform;
  /// an element is delivered when `interval` has passed in the readings' time since the last one
  /// (each one without an interval). Delivered as fast as the loop takes them, suspending between
  /// readings so that an endless simulation leaves its actor to the other tasks. Readings without
  /// any of the sensors `requiring` names throw ``UpdateError/unavailable(_:)``, as hardware
  /// without them does. On a `clock`, each reading waits until the clock reaches its time
  /// instead (see ``SimulationClock``).
  func updates<Element: Sendable>(
    interval: Duration? = nil, requiring kinds: [SensorInfo.Kind] = [], on clock: SimulationClock? = nil,
    _ makeTransform: @escaping @Sendable () -> (MotionInput) -> Element?
  ) -> Updates<Element> {
    let simulation = self
    let participant = clock.map(ClockParticipant.init)
    return Updates { () throws(UpdateError) in
      if case .function(let hertz, _, _) = simulation, !(hertz > 0 && hertz.isFinite) {
        throw .unavailable("a simulation's rate must be a positive number of readings per second, not \(hertz)")
      }
      var seconds: Double? = nil
      if let interval { seconds = 1 / (try Updates<Element>.hertz(interval)) }
      let present = Set(simulation.sensors.map(\.type))
      if let missing = kinds.first, !kinds.contains(where: present.contains) {
        throw .unavailable(
          .init(
            .noHardware, "no \(missing.rawValue) found (the simulation's readings have no \(Self.reading(of: missing)))"
          ))
      }
      let timing = clock.map { clock in (clock, clock.open(claimed: participant?.claim() ?? false)) }
      return SimulatedFeed(readings: simulation, interval: seconds, clock: timing, transform: makeTransform())
    }
  }

  /// What a reading holds for a sensor of `kind`.
  private static func reading(of kind: SensorInfo.Kind) -> String {
    switch kind {
    case .accelerometer: "acceleration"
    case .gyroscope: "rotation rate"
    case .magnetometer: "magnetic field"
    case .rotation: "hub orientation"
    default: kind.rawValue
    }
  }
}

/// One iteration over a simulation's readings.
private final class SimulatedFeed<Element: Sendable>: UpdateFeed {
  private let readings: MotionSimulation
  private let interval: Double?
  private let transform: (MotionInput) -> Element?
  /// The clock the readings wait for, and this feed's place on it; nil: as fast as the loop asks.
  private let clock: (clock: SimulationClock, id: Int)?
  private var index = 0
  private var delivered: Double?

  init(
    readings: MotionSimulation, interval: Double?, clock: (SimulationClock, Int)?,
    transform: @escaping (MotionInput) -> Element?
  ) {
    self.readings = readings
    self.interval = interval
    self.clock = clock.map { (clock: $0.0, id: $0.1) }
    self.transform = transform
  }

  deinit { clock.map { $0.clock.close($0.id) } }

  func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> Element? {
    while true {
      // A reading at a time, as a sensor gives them: the actor's other tasks run in between.
      guard let (time, reading) = await nextReadingWhenDue(isolation: actor) else {
        clock.map { $0.clock.close($0.id) }
        return nil
      }
      guard let element = transform(reading) else { continue }
      if let interval, let delivered, time - delivered < interval * (1 - 1e-9) { continue }
      delivered = time
      return element
    }
  }

  /// The next reading and its time in seconds, once it is due: at once (after the actor's
  /// other tasks), or when the clock reaches its time; nil at the end or once cancelled.
  private func nextReadingWhenDue(isolation actor: isolated (any Actor)?) async -> (Double, MotionInput)? {
    if let clock {
      guard let (time, reading) = nextReading(), await clock.clock.wait(clock.id, until: .seconds(time)) else {
        return nil
      }
      return (time, reading)
    }
    await Task.yield()
    guard !Task.isCancelled else { return nil }
    return nextReading()
  }

  /// The next reading and its time in seconds.
  private func nextReading() -> (Double, MotionInput)? {
    defer { index += 1 }
    switch readings {
    case .replay(let inputs):
      return index < inputs.count ? (inputs[index].timestamp, inputs[index]) : nil
    case .function(let hertz, let duration, let reading):
      let time = Double(index) / hertz
      if let duration, time > duration { return nil }
      return (time, reading(time))
    }
  }
}
