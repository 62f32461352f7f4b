extension Device {
  /// The ambient light in lux now, then one update when it changes by more than 1 % (or 1 lx),
  /// from the first IIO light sensor (`in_illuminance_input`, else (raw + offset) × scale, as
  /// iio-sensor-proxy reads it), polled once a second: the kernel sends no event for it. A
  /// machine without one throws ``UpdateError/unavailable(_:)``.
  public static func ambientLightUpdates() -> Updates<LightUpdate> {
    .events(.light) { event in
      guard case .light(let update) = event.event else { return nil }
      return update
    }
  }
}
