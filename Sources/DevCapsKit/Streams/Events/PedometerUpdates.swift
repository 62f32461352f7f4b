/// The steps counted since `watch steps` began (`CMPedometerData`), at its start and on each
/// change.
public struct PedometerUpdate: Sendable, Equatable {
  /// Steps since the stream's first reading (0 in the first event); nil when the reading failed.
  public var steps: Int?
  /// The hardware counter as read (`in_steps_input`): steps since the counter was switched on or
  /// the sensor was reset.
  public var counter: Int?
  /// The sensor's kernel name (`iio:device1`).
  public var sensor: String
  /// Why the reading failed, when it did.
  public var problem: String?

  /// An update as a test or a replay makes one.
  public init(steps: Int?, counter: Int?, sensor: String, problem: String? = nil) {
    self.steps = steps
    self.counter = counter
    self.sensor = sensor
    self.problem = problem
  }
}

extension PedometerUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case steps, counter, sensor, problem }

  /// `steps`, `counter`, `sensor`, `problem` when there is one.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(steps, forKey: .steps)
    try container.encode(counter, forKey: .counter)
    try container.encode(sensor, forKey: .sensor)
    if let problem { try container.encode(problem, forKey: .problem) }
  }
}
