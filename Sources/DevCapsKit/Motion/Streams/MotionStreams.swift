#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Events from an accelerometer: the up-angle at every sample, orientation changes, shakes.
final class MotionTracker {
  /// Any source that delivers the accelerometer group: polled, buffered falling back to polled,
  /// or an input device's event node.
  var sampler: any SampleSource
  private(set) var classifier = OrientationClassifier()
  let relativeTo: Orientation?
  private var shake: ShakeDetector?
  private var reportedOrientation: Orientation? = nil
  /// The last angle there was: a device lying flat keeps pointing where it pointed.
  private(set) var lastAngle: Double? = nil
  /// Seconds on a monotonic clock: the shake detectors' time. Injected by tests that replay
  /// samples at a pace of their own.
  private let clock: () -> Double
  private let start: Double

  init(
    sampler: any SampleSource, relativeTo: Orientation? = nil, shake: ShakeDetector.Settings? = nil,
    clock: @escaping () -> Double = MonotonicClock.now
  ) {
    self.sampler = sampler
    self.relativeTo = relativeTo
    self.shake = shake.map(ShakeDetector.init)
    self.clock = clock
    start = clock()
  }

  struct Sample {
    var gravity: Vector3?
    /// Relative to `relativeTo` when one is set.
    var angle: Double?
    var orientation: Orientation
    var problem: String?
  }

  /// Reads one sample; `.gone` ends the stream (the sensor was removed), `.noDataYet` means
  /// there is nothing to report yet.
  func read() -> Result<Sample, SampleError> {
    switch sampler.sample(.accelerometer) {
    case .failure(.noDataYet):
      return .failure(.noDataYet)
    case .success(let sample):
      guard let gravity = sample.vector else { return .failure(.notDelivered(kind: .accelerometer, id: sampler.id)) }
      let orientation = classifier.update(gravity)
      var angle = UpAngle.degrees(gravity)
      if let raw = angle, let relativeTo { angle = UpAngle.relative(raw, to: relativeTo) }
      if angle != nil { lastAngle = angle }
      return .success(Sample(gravity: gravity, angle: angle, orientation: orientation, problem: nil))
    case .failure(let problem) where problem.endsStream:
      return .failure(problem)
    case .failure(let problem):
      return .success(Sample(gravity: nil, angle: nil, orientation: classifier.current, problem: problem.description))
    }
  }

  func upAngleSample(_ sample: Sample) -> UpAngleSample {
    UpAngleSample(
      angleDegrees: sample.angle, orientation: sample.orientation, gravity: sample.gravity, sensor: sampler.id,
      relativeTo: relativeTo, problem: sample.problem)
  }

  /// An orientation event when the state changed since the last one reported (the first is the
  /// initial state).
  func orientationEvent(_ sample: Sample) -> StreamEvent? {
    guard sample.problem == nil, sample.orientation != reportedOrientation else { return nil }
    let initial = reportedOrientation == nil
    reportedOrientation = sample.orientation
    let update = OrientationUpdate(orientation: sample.orientation, angleDegrees: sample.angle, sensor: sampler.id)
    return StreamEvent(.orientation(update), initial: initial)
  }

  func shake(_ sample: Sample) -> ShakeEvent? {
    guard let gravity = sample.gravity, var detector = shake else { return nil }
    let found = detector.update(gravity, at: clock() - start)
    shake = detector
    guard let found else { return nil }
    return ShakeEvent(detector: detector.settings.kind, peakG: found.peakG, sensor: sampler.id)
  }
}

extension SampleError {
  /// The sensor is gone or was never there: no later sample will come.
  var endsStream: Bool {
    switch self {
    case .gone, .notDelivered: return true
    case .noDataYet, .unreadable, .garbage: return false
    }
  }
}

/// Proximity: an IIO sensor's raw value polled against the near level of its channel
/// description, or an input switch's state (1 near, 0 far); events when `near` changes.
final class ProximityTracker {
  let sensor: SensorInfo
  private let source: any SampleSource
  private let nearLevel: Double?
  private var reported: Bool?? = nil

  init(sensor: SensorInfo, source: any SampleSource, nearLevel: Double?) {
    self.sensor = sensor
    self.source = source
    self.nearLevel = nearLevel
  }

  /// An IIO sensor's tracker; nil for a sensor without a proximity channel to poll.
  convenience init?(sensor: SensorInfo) {
    guard sensor.type == .proximity, let group = sensor.channelGroup, let source = IIOPolledSource(sensor: sensor)
    else { return nil }
    self.init(sensor: sensor, source: source, nearLevel: group.nearLevel)
  }

  /// An input switch's tracker: `SW_FRONT_PROXIMITY` set is near.
  convenience init(switchSensor sensor: SensorInfo, source: InputEventSource) {
    self.init(sensor: sensor, source: source, nearLevel: 1)
  }

  /// An event when `near` changed (the first is the initial state); `.gone` ends the stream.
  func poll() -> Result<StreamEvent?, SampleError> {
    let value: Double?
    var problem: String? = nil
    switch source.sample(.proximity) {
    case .success(let sample): value = sample.scalar
    case .failure(let failure) where failure.endsStream: return .failure(failure)
    case .failure(let failure):
      value = nil
      problem = failure.description
    }
    let near = value.flatMap { raw in nearLevel.map { raw >= $0 } }
    if problem == nil, let reported, reported == near { return .success(nil) }
    if problem != nil, reported != nil { return .success(nil) }
    let initial = reported == nil
    reported = .some(near)
    let update = ProximityUpdate(near: near, value: value, sensor: source.id, problem: problem)
    return .success(StreamEvent(.proximity(update), initial: initial))
  }
}

/// Seconds on CLOCK_MONOTONIC, for detectors that need intervals.
enum MonotonicClock {
  static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }
}
