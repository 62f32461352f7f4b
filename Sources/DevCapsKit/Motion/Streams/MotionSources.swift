/// The accelerometer and proximity streams: which sensor (IIO first, then an input device), read
/// buffered, polled or from its event node, sampled on a timer at the requested rate, and the end
/// of the stream when the sensor is removed.
enum MotionSources {
  /// orientation, shake and proximity for `watch`.
  static func openWatch(_ kind: StreamKind, _ sources: SourceContext) throws(UpdateError) -> [SensorInfo] {
    let wantsMotion = [.orientation, .shake, .all].contains(kind)
    let wantsProximity = kind == .proximity || kind == .all
    let sensors = sources.sensors()
    var used: [SensorInfo] = []
    if wantsMotion {
      switch AccelerometerChoice.choose(sensors) {
      case .found(let sensor):
        do {
          let hertz = sources.options.hertz(of: kind == .orientation ? .orientation : .shake, watching: kind)
          startMotion(kind, sensor: sensor, source: try sources.feed(sensor, hertz: hertz), sources)
          used.append(sensor)
        } catch {
          if kind != .all { throw error }
        }
      case .unavailable(let reason):
        if kind != .all { throw .unavailable(reason) }
      }
    }
    if wantsProximity, let sensor = try startProximity(kind, sensors: sensors, sources) {
      used.append(sensor)
    }
    return used
  }

  private static func startMotion(
    _ kind: StreamKind, sensor: SensorInfo, source: any SampleSource, _ sources: SourceContext
  ) {
    let (options, session) = (sources.options, sources.session)
    let orientation = kind != .shake
    let shake = kind != .orientation
    let tracker = MotionTracker(sampler: source, shake: shake ? options.shake : nil)
    sources.stopWhenRemoved(sensor)
    // The orientation's current state comes with the first sample: `--once` waits for it.
    if orientation { session.awaitInitialEvent(named: "orientation") }
    session.every(hertz: options.hertz(of: shake ? .shake : .orientation, watching: kind)) { [unowned session] in
      switch tracker.read() {
      case .success(let sample):
        var events: [StreamEvent] = []
        if orientation, let event = tracker.orientationEvent(sample) { events.append(event) }
        if shake, let found = tracker.shake(sample) { events.append(StreamEvent(.shake(found))) }
        session.publish(events)
      case .failure(.noDataYet):
        break
      case .failure(let problem):
        session.loop.stop(.failure(problem.description))
      }
    }
  }

  private static func startProximity(
    _ kind: StreamKind, sensors: [SensorInfo], _ sources: SourceContext
  ) throws(UpdateError) -> SensorInfo? {
    let session = sources.session
    // An IIO sensor first; else an input device's SW_FRONT_PROXIMITY switch.
    let tracker: ProximityTracker
    if let sensor = sensors.first(where: { $0.type == .proximity && $0.bus == "iio" }),
      let iio = ProximityTracker(sensor: sensor)
    {
      tracker = iio
    } else if let sensor = sensors.first(where: { $0.type == .proximity && $0.bus == "input" }) {
      do {
        tracker = ProximityTracker(
          switchSensor: sensor, source: try InputFeed.open(sensor, session: session, udev: sources.udev))
      } catch {
        if kind == .all { return nil }
        throw error
      }
    } else {
      if kind == .all { return nil }
      throw .unavailable(
        .init(
          .noHardware,
          "no proximity sensor found (no IIO device with in_proximity* channels, no input device with SW_FRONT_PROXIMITY)"
        ))
    }
    let sensor = tracker.sensor
    sources.stopWhenRemoved(sensor)
    let poll = { [unowned session] in
      switch tracker.poll() {
      case .success(let event): if let event { session.publish(event) }
      case .failure(let problem): session.loop.stop(.failure(problem.description))
      }
    }
    poll()
    session.every(hertz: sources.options.hertz(of: .proximity, watching: kind), poll)
    return sensor
  }

  /// `up-angle`: the display accelerometer at the rate asked for; the first sample is the
  /// initial state.
  static func openUpAngle(_ sources: SourceContext) throws(UpdateError) -> [SensorInfo] {
    let (options, session) = (sources.options, sources.session)
    let sensor = try displayAccelerometer(context: sources.probes, udev: sources.udev)
    let source = try sources.feed(sensor, hertz: options.upAngleHertz)
    let tracker = MotionTracker(sampler: source, relativeTo: options.relativeTo)
    sources.stopWhenRemoved(sensor)
    session.awaitInitialEvent(named: "up-angle")
    var initial = true
    session.every(hertz: options.upAngleHertz) { [unowned session] in
      switch tracker.read() {
      case .success(let sample):
        session.publish(.upAngle(tracker.upAngleSample(sample)), initial: initial)
        initial = false
      case .failure(.noDataYet):
        break
      case .failure(let problem):
        session.loop.stop(.failure(problem.description))
      }
    }
    return [sensor]
  }

  /// The display accelerometer, or why there is none (naming what was found instead).
  static func displayAccelerometer(context: ProbeContext, udev: Udev) throws(UpdateError) -> SensorInfo {
    switch AccelerometerChoice.choose(SensorProbe(context: context, udev: udev).probe()) {
    case .found(let sensor): return sensor
    case .unavailable(let reason): throw .unavailable(reason)
    }
  }
}
