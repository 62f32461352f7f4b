/// Passes a heading on when it moved by more than `threshold` degrees, the shorter way round,
/// since the last one passed (`CLLocationManager.headingFilter`); the first always passes, and
/// a threshold of 0 passes every one.
struct HeadingFilter: Sendable {
  let threshold: Double
  private(set) var reported: Double?

  init(threshold: Double) {
    self.threshold = threshold
  }

  /// Whether `heading` (degrees) is reported; true also makes it the one later headings are
  /// measured from.
  mutating func admit(_ heading: Double) -> Bool {
    if let reported, threshold > 0 {
      var change = abs(heading - reported).truncatingRemainder(dividingBy: 360)
      if change > 180 { change = 360 - change }
      guard change > threshold else { return false }
    }
    reported = heading
    return true
  }

  /// The heading update of a device-motion sample read from `sensor` when the filter passes its
  /// heading, and whether it is the first; nil without a heading or when it did not move enough.
  mutating func update(_ motion: DeviceMotion, sensor: String) -> (update: HeadingUpdate, first: Bool)? {
    guard let heading = motion.heading else { return nil }
    let first = reported == nil
    guard admit(heading) else { return nil }
    let update = HeadingUpdate(
      headingDegrees: heading, accuracy: motion.magneticField?.accuracy ?? .uncalibrated, source: motion.source,
      sensor: sensor)
    return (update, first)
  }
}
