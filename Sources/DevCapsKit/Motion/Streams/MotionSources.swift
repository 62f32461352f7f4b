/// The accelerometer and proximity streams: which sensor (IIO first, then an input device), read
/// buffered, polled or from its event node, sampled on a timer at the requested rate, and the end
/// of the stream when the sensor is removed.
enum MotionSources {
  /// orientation, shake and proximity for `watch`.
  static func openWatch(
    _ kind: StreamKind, options: StreamOptions, session: StreamSession, context: ProbeContext, udev: Udev
  ) throws(StreamError) -> [SensorInfo] {
    let wantsMotion = [.orientation, .shake, .all].contains(kind)
    let wantsProximity = kind == .proximity || kind == .all
    guard wantsMotion || wantsProximity else { return [] }
    let sensors = SensorProbe(context: context, udev: udev).probe()
    var used: [SensorInfo] = []
    if wantsMotion {
      switch AccelerometerChoice.choose(sensors) {
      case .found(let sensor):
        do {
          let hertz = options.rate ?? (kind != .orientation ? StreamKind.shake : .orientation).defaultHertz!
          let source = try AccelerometerFeed.open(
            sensor, context: context, session: session, udev: udev, hertz: hertz, note: options.note ?? { _ in })
          startMotion(kind, sensor: sensor, source: source, options: options, session: session, udev: udev)
          used.append(sensor)
        } catch {
          if kind != .all { throw error }
        }
      case .unavailable(let reason):
        if kind != .all { throw .unavailable(reason) }
      }
    }
    if wantsProximity,
      let sensor = try startProximity(
        kind, sensors: sensors, options: options, session: session, context: context, udev: udev)
    {
      used.append(sensor)
    }
    return used
  }

  private static func startMotion(
    _ kind: StreamKind, sensor: SensorInfo, source: any SampleSource, options: StreamOptions, session: StreamSession,
    udev: Udev
  ) {
    let orientation = kind != .shake
    let shake = kind != .orientation
    let tracker = MotionTracker(sampler: source, shake: shake ? options.shake : nil)
    stopWhenRemoved(session, udev: udev, sensor: sensor)
    session.every(hertz: options.rate ?? (shake ? StreamKind.shake : .orientation).defaultHertz!) { [unowned session] in
      switch tracker.read() {
      case .success(let sample):
        var events: [DeviceEvent] = []
        if orientation, let update = tracker.orientationUpdate(sample) { events.append(.orientation(update)) }
        if shake, let found = tracker.shake(sample) { events.append(.shake(found)) }
        session.publish(events)
      case .failure(.noDataYet):
        break
      case .failure(let problem):
        session.loop.stop(.failure(problem.description))
      }
    }
  }

  private static func startProximity(
    _ kind: StreamKind, sensors: [SensorInfo], options: StreamOptions, session: StreamSession, context: ProbeContext,
    udev: Udev
  ) throws(StreamError) -> SensorInfo? {
    // An IIO sensor first; else an input device's SW_FRONT_PROXIMITY switch.
    let tracker: ProximityTracker
    if let sensor = sensors.first(where: { $0.type == .proximity && $0.bus == "iio" }),
      let iio = ProximityTracker(sensor: sensor)
    {
      tracker = iio
    } else if let sensor = sensors.first(where: { $0.type == .proximity && $0.bus == "input" }) {
      do {
        tracker = ProximityTracker(
          switchSensor: sensor, source: try InputFeed.open(sensor, session: session, udev: udev))
      } catch {
        if kind == .all { return nil }
        throw error
      }
    } else {
      if kind == .all { return nil }
      throw .unavailable(
        "no proximity sensor found (no IIO device with in_proximity* channels, no input device with SW_FRONT_PROXIMITY)"
      )
    }
    let sensor = tracker.sensor
    stopWhenRemoved(session, udev: udev, sensor: sensor)
    let poll = { [unowned session] in
      switch tracker.poll() {
      case .success(let update): session.publish(update.map { [.proximity($0)] } ?? [])
      case .failure(let problem): session.loop.stop(.failure(problem.description))
      }
    }
    poll()
    session.every(hertz: options.rate ?? StreamKind.proximity.defaultHertz!, poll)
    return sensor
  }

  /// `up-angle`: the display accelerometer at the rate asked for; the first sample is the
  /// initial state.
  static func openUpAngle(
    options: StreamOptions, session: StreamSession, context: ProbeContext, udev: Udev
  ) throws(StreamError) -> [SensorInfo] {
    let sensor = try displayAccelerometer(context: context, udev: udev)
    let source = try AccelerometerFeed.open(
      sensor, context: context, session: session, udev: udev, hertz: options.rate ?? StreamKind.upAngleDefaultHertz,
      note: options.note ?? { _ in })
    let tracker = MotionTracker(sampler: source, relativeTo: options.relativeTo)
    stopWhenRemoved(session, udev: udev, sensor: sensor)
    var initial = true
    session.every(hertz: options.rate ?? StreamKind.upAngleDefaultHertz) { [unowned session] in
      switch tracker.read() {
      case .success(let sample):
        var reading = tracker.upAngleSample(sample)
        reading.initial = initial
        initial = false
        session.publish([.upAngle(reading)])
      case .failure(.noDataYet):
        break
      case .failure(let problem):
        session.loop.stop(.failure(problem.description))
      }
    }
    return [sensor]
  }

  /// The display accelerometer, or why there is none (naming what was found instead).
  static func displayAccelerometer(context: ProbeContext, udev: Udev) throws(StreamError) -> SensorInfo {
    switch AccelerometerChoice.choose(SensorProbe(context: context, udev: udev).probe()) {
    case .found(let sensor): return sensor
    case .unavailable(let reason): throw .unavailable(reason)
    }
  }

  /// A udev `remove` of the sensor (an input sensor's `inputN` device or its `eventN` node) ends
  /// the stream.
  static func stopWhenRemoved(_ session: StreamSession, udev: Udev, sensor: SensorInfo) {
    stopWhenRemoved(
      session, udev: udev, bus: sensor.bus, syspath: sensor.syspath, what: "the \(sensor.type.rawValue) \(sensor.id)")
  }

  /// A udev `remove` of the device at `syspath` (on bus `input`, also of its `eventN` node) ends
  /// the stream, saying `what` was removed.
  static func stopWhenRemoved(_ session: StreamSession, udev: Udev, bus: String, syspath: String, what: String) {
    session.watchUdev(udev, subsystems: [bus]) { [unowned session] event in
      let removed = event.device.syspath
      let isNode = bus == "input" && removed.hasPrefix(syspath + "/")
      if event.action == "remove" && ((syspath + "/").hasPrefix(removed + "/") || isNode) {
        session.loop.stop(.failure("\(what) was removed"))
      }
    }
  }

}
