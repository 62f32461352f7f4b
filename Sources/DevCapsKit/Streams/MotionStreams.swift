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

  public func upAngleSample(_ sample: Sample) -> UpAngleSample {
    UpAngleSample(
      angleDegrees: sample.angle, orientation: sample.orientation, gravity: sample.gravity, sensor: sampler.sensor.id,
      relativeTo: relativeTo, problem: sample.problem)
  }

  /// An orientation update when the state changed since the last one reported (the first is the
  /// initial state).
  public func orientationUpdate(_ sample: Sample) -> OrientationUpdate? {
    guard sample.problem == nil, sample.orientation != reportedOrientation else { return nil }
    let initial = reportedOrientation == nil
    reportedOrientation = sample.orientation
    return OrientationUpdate(orientation: sample.orientation, angleDegrees: sample.angle, sensor: sampler.sensor.id, initial: initial)
  }

  public func shake(_ sample: Sample) -> ShakeEvent? {
    guard let gravity = sample.gravity, var detector = shake else { return nil }
    let found = detector.update(gravity, at: MonotonicClock.now() - start)
    shake = detector
    guard let found else { return nil }
    return ShakeEvent(detector: detector.settings.kind, peakG: found.peakG, sensor: sampler.sensor.id)
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

  /// An update when `near` changed (the first is the initial state); `.gone` ends the stream.
  public func poll() -> Result<ProximityUpdate?, AccelerometerSampler.Problem> {
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
    return .success(ProximityUpdate(near: near, value: value, sensor: sensor.id, initial: initial, problem: problem))
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
