#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One reading of `watch altitude` (`CMAltitudeData`): the air pressure, and the altitude
/// relative to the stream's first reading by the international barometric formula.
public struct AltitudeUpdate: Sendable, Equatable {
  /// Air pressure in kPa: `in_pressure_input`, else (raw + offset) × scale; nil when the reading
  /// failed.
  public var pressureKilopascals: Double?
  /// Metres above (positive) or below the first reading of the stream; 0 in the first event.
  public var relativeAltitudeMeters: Double?
  /// The sensor's kernel name (`iio:device0`).
  public var sensor: String
  /// Why the reading failed, when it did.
  public var problem: String?

  /// An update as a test or a replay makes one.
  public init(
    pressureKilopascals: Double?, relativeAltitudeMeters: Double?, sensor: String,
    problem: String? = nil
  ) {
    self.pressureKilopascals = pressureKilopascals
    self.relativeAltitudeMeters = relativeAltitudeMeters
    self.sensor = sensor
    self.problem = problem
  }

  /// The pressure at sea level of the International Standard Atmosphere, in kPa.
  public static let standardSeaLevelKilopascals = 101.325

  /// The altitude of a pressure in the International Standard Atmosphere's troposphere, in
  /// metres: 44 330 × (1 − (p / 101.325 kPa)^(1 / 5.255)). Only differences of it are reported:
  /// the weather moves the sea-level pressure by a few kPa, and with it this absolute value by
  /// tens of metres, but hardly the difference between two readings a few minutes apart.
  public static func standardAltitudeMeters(kilopascals: Double) -> Double {
    44_330 * (1 - pow(kilopascals / standardSeaLevelKilopascals, 1 / 5.255))
  }
}

extension AltitudeUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case pressureKilopascals, relativeAltitudeMeters, sensor, problem }

  /// `pressureKilopascals`, `relativeAltitudeMeters`, `sensor`, `problem`
  /// when there is one.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(pressureKilopascals.flatMap { $0.isFinite ? $0 : nil }, forKey: .pressureKilopascals)
    try container.encode(relativeAltitudeMeters.flatMap { $0.isFinite ? $0 : nil }, forKey: .relativeAltitudeMeters)
    try container.encode(sensor, forKey: .sensor)
    if let problem { try container.encode(problem, forKey: .problem) }
  }
}
