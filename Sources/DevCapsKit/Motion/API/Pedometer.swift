/// The hardware step counter (`CMPedometer`) that bma400, bmi323 and similar accelerometers
/// carry, through IIO (`in_steps_input`, switched on by `in_steps_en`).
///
/// ```swift
/// let pedometer = Pedometer()
/// if pedometer.isStepCountingAvailable {
///   for try await update in pedometer.updates() {
///     stepsLabel.text = "\(update.steps ?? 0) steps"
///   }
/// }
/// ```
public struct Pedometer: Sendable {
  /// Whether this pedometer's ``updates()`` have a source: its replay, or a step counter on this
  /// machine.
  public var isStepCountingAvailable: Bool { replayed != nil || Self.isStepCountingAvailable }

  /// A step counter on this machine: an IIO device with an `in_steps` channel.
  public static var isStepCountingAvailable: Bool {
    (ReportBuilder().build(sections: [.sensors]).sensors ?? []).contains { $0.type == .stepCounter && $0.bus == "iio" }
  }

  /// Updates an app's tests give, in place of the step counter's (see <doc:TestingYourApp>).
  private let replayed: [PedometerUpdate]?

  /// A pedometer over the machine's step counter; nothing is read until ``updates()`` is iterated.
  public init() { replayed = nil }

  /// A pedometer whose ``updates()`` are these, in order, then the end: for an app's tests.
  public init(replaying updates: [PedometerUpdate]) { replayed = updates }

  /// The steps since the updates began: 0 at once, then one update per change, the counter read
  /// once a second. A counter that is off is switched on for the updates, which needs write access
  /// to its `in_steps_en` (root, or a udev rule), and off again when they end. A machine without a
  /// step counter, or one that cannot be switched on, throws ``UpdateError/unavailable(_:)``.
  public func updates() -> Updates<PedometerUpdate> {
    if let replayed { return .replaying(replayed) }
    return .events(.steps) { event in
      guard case .steps(let update) = event.event else { return nil }
      return update
    }
  }
}
