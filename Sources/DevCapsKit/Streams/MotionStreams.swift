#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Events from an accelerometer: the up-angle at every sample, orientation changes, shakes.
public final class MotionTracker {
  /// Swapped from buffered to polled when the buffer stops delivering.
  public var sampler: GravitySource
  public private(set) var classifier = OrientationClassifier()
  public let relativeTo: Orientation?
  private var shake: ShakeDetector?
  private var reportedOrientation: Orientation? = nil
  /// The last angle there was: a device lying flat keeps pointing where it pointed.
  public private(set) var lastAngle: Double? = nil
  private let start = MonotonicClock.now()

  public init(sampler: GravitySource, relativeTo: Orientation? = nil, shake: ShakeDetector.Settings? = nil) {
    self.sampler = sampler
    self.relativeTo = relativeTo
    self.shake = shake.map(ShakeDetector.init)
  }

  public struct Sample {
    public var gravity: Vector3?
    /// Relative to `relativeTo` when one is set.
    public var angle: Double?
    public var orientation: Orientation
    public var problem: String?
  }

  /// Reads one sample; `.gone` ends the stream (the sensor was removed), `.noDataYet` means
  /// there is nothing to report yet.
  public func read() -> Result<Sample, AccelerometerSampler.Problem> {
    switch sampler.sample() {
    case .failure(.noDataYet):
      return .failure(.noDataYet)
    case .success(let gravity):
      let orientation = classifier.update(gravity)
      var angle = UpAngle.degrees(gravity)
      if let raw = angle, let relativeTo { angle = UpAngle.relative(raw, to: relativeTo) }
      if angle != nil { lastAngle = angle }
      return .success(Sample(gravity: gravity, angle: angle, orientation: orientation, problem: nil))
    case .failure(.gone(let id)):
      return .failure(.gone(id))
    case .failure(let problem):
      return .success(Sample(gravity: nil, angle: nil, orientation: classifier.current, problem: problem.description))
    }
  }

  public func upAngleEvent(_ sample: Sample) -> StreamEvent {
    var fields = [
      JSONMember("angleDegrees", .optional(sample.angle)),
      JSONMember("orientation", .string(sample.orientation.rawValue)),
      JSONMember("rotation", .optional(sample.orientation.rotation)),
      JSONMember("gravity", sample.gravity.map(MotionTracker.vectorJSON) ?? .null),
      JSONMember("sensor", .string(sampler.sensor.id)),
    ]
    if let relativeTo { fields.append(JSONMember("relativeTo", .string(relativeTo.rawValue))) }
    if let problem = sample.problem { fields.append(JSONMember("problem", .string(problem))) }
    let text: String
    if let problem = sample.problem {
      text = "no reading: \(problem)"
    } else {
      let angle = sample.angle.map { Units.fixed($0, decimals: 1) + "°" } ?? "lying flat"
      text = "\(angle) \(sample.orientation.rawValue) " + MotionTracker.vectorText(sample.gravity!)
    }
    return StreamEvent(name: "up-angle", fields: fields, text: text, isChange: true)
  }

  /// An orientation event when the state changed since the last one reported (the first is the
  /// initial state).
  public func orientationEvent(_ sample: Sample) -> StreamEvent? {
    guard sample.problem == nil, sample.orientation != reportedOrientation else { return nil }
    let initial = reportedOrientation == nil
    reportedOrientation = sample.orientation
    var fields = [
      JSONMember("orientation", .string(sample.orientation.rawValue)),
      JSONMember("rotation", .optional(sample.orientation.rotation)),
      JSONMember("angleDegrees", .optional(sample.angle)),
      JSONMember("sensor", .string(sampler.sensor.id)),
    ]
    if initial { fields.append(JSONMember("initial", .bool(true))) }
    let text = "orientation \(sample.orientation.rawValue)" + (sample.orientation.rotation.map { " (\($0))" } ?? "")
    return StreamEvent(name: "orientation", fields: fields, text: text, isChange: !initial)
  }

  public func shakeEvent(_ sample: Sample) -> StreamEvent? {
    guard let gravity = sample.gravity, var detector = shake else { return nil }
    let found = detector.update(gravity, at: MonotonicClock.now() - start)
    shake = detector
    guard let found else { return nil }
    let fields = [
      JSONMember("detector", .string(detector.settings.kind.rawValue)),
      JSONMember("peakG", .optional(found.peakG)),
      JSONMember("sensor", .string(sampler.sensor.id)),
    ]
    return StreamEvent(name: "shake", fields: fields, text: "shake (\(detector.settings.kind.rawValue)), peak \(Units.fixed(found.peakG, decimals: 2)) g", isChange: true)
  }

  static func vectorJSON(_ v: Vector3) -> JSONValue {
    .object([JSONMember("x", .optional(v.x)), JSONMember("y", .optional(v.y)), JSONMember("z", .optional(v.z))])
  }

  public static func vectorText(_ v: Vector3) -> String {
    "(\(Units.fixed(v.x, decimals: 2)), \(Units.fixed(v.y, decimals: 2)), \(Units.fixed(v.z, decimals: 2))) g"
  }
}

/// Proximity from an IIO sensor: near against the near level, events when that changes.
public final class ProximityTracker {
  public let sensor: SensorInfo
  private let reader: SysfsValueReader
  private let nearLevel: Double?
  private var reported: Bool?? = nil

  public init?(sensor: SensorInfo, context: ProbeContext, udev: Udev) {
    let attributes = Set(context.liveEntries(sensor.syspath))
    guard let channel = attributes.sorted().first(where: { $0.hasPrefix("in_proximity") && ($0.hasSuffix("_raw") || $0.hasSuffix("_input")) })
    else { return nil }
    self.sensor = sensor
    reader = SysfsValueReader(path: sensor.syspath + "/" + channel)
    let property = udev.devices(subsystem: "iio").first { $0.syspath == sensor.syspath }?.property("PROXIMITY_NEAR_LEVEL")
    let attribute = context.liveBytes(sensor.syspath + "/in_proximity_nearlevel").map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() }
    nearLevel = property.flatMap(Double.init) ?? attribute.flatMap(Double.init)
  }

  /// An event when `near` changed (the first is the initial state); `.gone` ends the stream.
  public func poll() -> Result<StreamEvent?, AccelerometerSampler.Problem> {
    let value: Double?
    var problem: String? = nil
    switch reader.read() {
    case .success(let raw): value = raw
    case .failure(.gone): return .failure(.gone(sensor.id))
    case .failure(.garbage(let text)):
      value = nil
      problem = "\(reader.path) holds \(text.quotedForMessage), not a number"
    case .failure(.unreadable(let code)):
      value = nil
      problem = "\(reader.path): \(ReadFailure(errno: code).description)"
    }
    let near = value.flatMap { raw in nearLevel.map { raw >= $0 } }
    if problem == nil, let reported, reported == near { return .success(nil) }
    if problem != nil, reported != nil { return .success(nil) }
    let initial = reported == nil
    reported = .some(near)
    var fields = [JSONMember("near", .optional(near)), JSONMember("value", .optional(value)), JSONMember("sensor", .string(sensor.id))]
    if initial { fields.append(JSONMember("initial", .bool(true))) }
    if let problem { fields.append(JSONMember("problem", .string(problem))) }
    let text = problem.map { "proximity unknown: \($0)" } ?? (near.map { $0 ? "proximity near" : "proximity far" } ?? "proximity unknown (no near level)")
    return .success(StreamEvent(name: "proximity", fields: fields, text: text, isChange: !initial))
  }
}

/// Seconds on CLOCK_MONOTONIC, for detectors that need intervals.
public enum MonotonicClock {
  public static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }
}
