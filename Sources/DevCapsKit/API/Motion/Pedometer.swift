/// The hardware step counter (`CMPedometer`) that bma400, bmi323 and similar accelerometers
/// carry, through IIO (`in_steps_input`, switched on by `in_steps_en`).
///
/// ```swift
/// if Pedometer.isStepCountingAvailable {
///   for try await update in Pedometer().updates() {
///     stepsLabel.text = "\(update.steps ?? 0) steps"
///   }
/// }
/// ```
public struct Pedometer: Sendable {
  /// A step counter: an IIO device with an `in_steps` channel.
  public static var isStepCountingAvailable: Bool {
    (ReportBuilder().build(sections: [.sensors]).sensors ?? []).contains { $0.type == .stepCounter && $0.bus == "iio" }
  }

  public init() {}

  /// The steps since the updates began: 0 at once, then one update per change, the counter read
  /// once a second. A counter that is off is switched on for the updates, which needs write access
  /// to its `in_steps_en` (root, or a udev rule), and off again when they end. A machine without a
  /// step counter, or one that cannot be switched on, throws ``UpdateError/unavailable(_:)``.
  public func updates() -> Updates<PedometerUpdate> {
    .events(.steps) { event in
      guard case .steps(let update) = event else { return nil }
      return update
    }
  }
}
