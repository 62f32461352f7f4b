/// The barometer (`CMAltimeter`): air pressure, and the altitude gained or lost since the updates
/// began.
///
/// ```swift
/// let altimeter = Altimeter()
/// if altimeter.isRelativeAltitudeAvailable {
///   for try await update in altimeter.relativeAltitudeUpdates(interval: .seconds(1)) {
///     print(update.relativeAltitudeMeters ?? .nan, "m at", update.pressureKilopascals ?? .nan, "kPa")
///   }
/// }
/// ```
public struct Altimeter: Sendable {
  /// Whether this altimeter's updates have a source: its replay, or a barometer on this machine.
  public var isRelativeAltitudeAvailable: Bool { replayed != nil || Self.isRelativeAltitudeAvailable }

  /// A barometer on this machine: an IIO device with an `in_pressure` channel (bmp280, lps22hb,
  /// ms5611, …).
  public static var isRelativeAltitudeAvailable: Bool {
    (ReportBuilder().build(sections: [.sensors]).sensors ?? []).contains { $0.type == .pressure && $0.bus == "iio" }
  }

  /// Updates an app's tests give, in place of the barometer's (see <doc:TestingYourApp>).
  private let replayed: [AltitudeUpdate]?

  /// An altimeter over the machine's barometer; nothing is read until its updates are iterated.
  public init() { replayed = nil }

  /// An altimeter whose ``relativeAltitudeUpdates(interval:)-(Duration)`` are these, in order,
  /// then the end (the interval still checked): for an app's tests.
  public init(replaying updates: [AltitudeUpdate]) { replayed = updates }

  /// The first IIO barometer read once per `interval` (1 ms … 10 s; sensors rarely measure more
  /// than a few times a second, and a faster interval reads the same value again): each update
  /// has the pressure and the altitude relative to the first good reading, by the international
  /// barometric formula (``AltitudeUpdate/standardAltitudeMeters(kilopascals:)``). A machine
  /// without a barometer throws ``UpdateError/unavailable(_:)``.
  public func relativeAltitudeUpdates(interval: Duration = .seconds(1)) -> Updates<AltitudeUpdate> {
    if let replayed {
      return Updates.replaying(replayed).wrapping { open throws(UpdateError) in
        _ = try Updates<AltitudeUpdate>.hertz(interval)
        return try open()
      }
    }
    return .events(.altitude, interval: interval, buffering: .newest(1)) { event in
      guard case .altitude(let update) = event.event else { return nil }
      return update
    }
  }

  /// `relativeAltitudeUpdates(interval:)` with `interval` in seconds.
  @_disfavoredOverload
  public func relativeAltitudeUpdates(interval: Double) -> Updates<AltitudeUpdate> {
    relativeAltitudeUpdates(interval: MotionManager.duration(seconds: interval))
  }
}
