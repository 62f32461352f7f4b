/// `watch motion`, `watch heading` and `devcaps motion`: the sensors device motion reads (a hub's
/// rotation, else accelerometer + gyroscope, else the accelerometer; a magnetometer when there is
/// one), each opened buffered or polled as the accelerometer streams are, sampled together on a
/// timer at the requested rate (default 50 Hz for motion, 10 Hz for heading).
enum DeviceMotionSources {
  static func open(_ kind: StreamKind, _ sources: SourceContext) throws(UpdateError) -> [SensorInfo] {
    let wantsMotion = kind == .motion || kind == .all
    let wantsHeading = kind == .heading || kind == .all
    let choice: MotionSensorChoice
    switch MotionSensorChoice.choose(sources.sensors(), referenceFrame: sources.options.referenceFrame) {
    case .found(let found): choice = found
    case .unavailable(let reason):
      if kind == .all { return [] }
      throw .unavailable(reason)
    }
    if kind == .heading && choice.magnetometer == nil {
      throw .unavailable(.init(.noHardware, "a heading needs a magnetometer (IIO in_magn_{x,y,z}); none found"))
    }
    do {
      return try start(choice, motion: wantsMotion, heading: wantsHeading, kind, sources)
    } catch {
      if kind == .all { return [] }
      throw error
    }
  }

  private static func start(
    _ choice: MotionSensorChoice, motion: Bool, heading: Bool, _ kind: StreamKind, _ sources: SourceContext
  ) throws(UpdateError) -> [SensorInfo] {
    let (options, session, note) = (sources.options, sources.session, sources.note)
    let hertz = options.hertz(of: motion ? .motion : .heading, watching: kind)
    var inputs = DeviceMotionTracker.Sources()
    if let accelerometer = choice.accelerometer {
      // A combined chip's gyroscope is read with its accelerometer: one buffer, one scan.
      let combined = choice.gyroscope.map { $0.id == accelerometer.id && $0.bus == "iio" } ?? false
      let source = try sources.feed(accelerometer, also: combined ? [.gyroscope] : [], hertz: hertz)
      inputs.accelerometer = source
      if combined { inputs.gyroscope = source }
    }
    if let gyroscope = choice.gyroscope, inputs.gyroscope == nil {
      inputs.gyroscope = try sources.feed(gyroscope, hertz: hertz)
    }
    if let magnetometer = choice.magnetometer {
      inputs.magnetometer = try sources.feed(magnetometer, hertz: hertz)
    }
    if let rotation = choice.rotation {
      inputs.rotation = try sources.feed(rotation)
    }
    var calibration: MagnetometerCalibration?
    if let magnetometer = choice.magnetometer, options.appliesMagnetometerCalibration {
      let store = MagnetometerCalibrationStore(stateDirectory: options.calibrationDirectory)
      do {
        calibration = try store.load(for: magnetometer)
      } catch {
        sources.probes.diagnostics.record(
          store.path(for: magnetometer) ?? "magnetometer calibration",
          error.description + "; the field is used uncalibrated")
      }
    }
    let tracker = DeviceMotionTracker(
      choice: choice, sources: inputs, referenceFrame: options.referenceFrame, calibration: calibration)
    for sensor in choice.sensors { sources.stopWhenRemoved(sensor) }
    var headingFilter = HeadingFilter(threshold: options.headingThreshold)
    // With motion, the heading's first comes in the same tick as the motion's.
    session.awaitInitialEvent(named: motion ? "motion" : "heading")
    session.every(hertz: hertz) { [unowned session] in
      let tick = tracker.tick()
      if let problem = tracker.takeNote() { note("skipping a reading: \(problem)") }
      switch tick {
      case .motion(let update, let initial):
        if motion && !session.publish(.motion(update), initial: initial) { return }
        if heading, let change = tracker.headingEvent(update, filter: &headingFilter) { session.publish(change) }
      case .waiting:
        break
      case .skipped(let problem):
        if let problem { note("skipping a sample: \(problem)") }
      case .ended(let problem):
        session.loop.stop(.failure(problem.description))
      }
    }
    return choice.sensors
  }
}
