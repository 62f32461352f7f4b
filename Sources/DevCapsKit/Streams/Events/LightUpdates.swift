/// The ambient light at the start of `watch light`, or a change of it.
public struct LightUpdate: Sendable, Equatable {
  /// Illuminance in lux: `in_illuminance_input`, else (raw + offset) × scale, as iio-sensor-proxy
  /// reports it; nil when the reading failed.
  public var lux: Double?
  /// The sensor's kernel name (`iio:device2`).
  public var sensor: String
  /// Why the reading failed, when it did.
  public var problem: String?

  /// An update as a test or a replay makes one.
  public init(lux: Double?, sensor: String, problem: String? = nil) {
    self.lux = lux
    self.sensor = sensor
    self.problem = problem
  }
}

extension LightUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case lux, sensor, problem }

  /// `lux`, `sensor`, `problem` when there is one.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(lux.flatMap { $0.isFinite ? $0 : nil }, forKey: .lux)
    try container.encode(sensor, forKey: .sensor)
    if let problem { try container.encode(problem, forKey: .problem) }
  }
}
