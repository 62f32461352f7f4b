/// The barometer (`CMAltimeter`): air pressure, and the altitude gained or lost since the updates
/// began.
///
/// ```swift
/// if Altimeter.isRelativeAltitudeAvailable {
///   for try await update in Altimeter().relativeAltitudeUpdates(interval: .seconds(1)) {
///     print(update.relativeAltitudeMeters ?? .nan, "m at", update.pressureKilopascals ?? .nan, "kPa")
///   }
/// }
/// ```
public struct Altimeter: Sendable {
  /// A barometer: an IIO device with an `in_pressure` channel (bmp280, lps22hb, ms5611, …).
  public static var isRelativeAltitudeAvailable: Bool {
    (ReportBuilder().build(sections: [.sensors]).sensors ?? []).contains { $0.type == .pressure && $0.bus == "iio" }
  }

  public init() {}

  /// The first IIO barometer read once per `interval` (1 ms … 10 s; sensors rarely measure more
  /// than a few times a second, and a faster interval reads the same value again): each update
  /// has the pressure and the altitude relative to the first good reading, by the international
  /// barometric formula (``AltitudeUpdate/standardAltitudeMeters(kilopascals:)``). A machine
  /// without a barometer throws ``UpdateError/unavailable(_:)``.
  public func relativeAltitudeUpdates(interval: Duration = .seconds(1)) -> Updates<AltitudeUpdate> {
    .events(.altitude, interval: interval) { event in
      guard case .altitude(let update) = event else { return nil }
      return update
    }
  }

  /// `relativeAltitudeUpdates(interval:)` with `interval` in seconds.
  @_disfavoredOverload
  public func relativeAltitudeUpdates(interval: Double) -> Updates<AltitudeUpdate> {
    relativeAltitudeUpdates(interval: MotionManager.duration(seconds: interval))
  }
}
