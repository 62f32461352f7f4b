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
  /// made anew for each iteration), nil skipping it. Delivered as fast as the loop takes them.
  func updates<Element: Sendable>(_ makeTransform: @escaping @Sendable () -> (MotionInput) -> Element?) -> Updates<
    Element
  > {
    let simulation = self
    return Updates { () throws(UpdateError) in
      if case .function(let hertz, _, _) = simulation, !(hertz > 0 && hertz.isFinite) {
        throw .unavailable("a simulation's rate must be a positive number of readings per second, not \(hertz)")
      }
      return SimulatedFeed(readings: simulation, transform: makeTransform())
    }
  }
}

/// One iteration over a simulation's readings.
private final class SimulatedFeed<Element: Sendable>: UpdateFeed {
  private let readings: MotionSimulation
  private let transform: (MotionInput) -> Element?
  private var index = 0

  init(readings: MotionSimulation, transform: @escaping (MotionInput) -> Element?) {
    self.readings = readings
    self.transform = transform
  }

  func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> Element? {
    while !Task.isCancelled, let reading = nextReading() {
      if let element = transform(reading) { return element }
    }
    return nil
  }

  private func nextReading() -> MotionInput? {
    defer { index += 1 }
    switch readings {
    case .replay(let inputs):
      return index < inputs.count ? inputs[index] : nil
    case .function(let hertz, let duration, let reading):
      let time = Double(index) / hertz
      if let duration, time > duration { return nil }
      return reading(time)
    }
  }
}
