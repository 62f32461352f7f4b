/// `watch light`: an IIO ambient light sensor polled at a low rate (1 Hz unless `--rate` says
/// otherwise), since the kernel sends no event for a polled illuminance; a line when the light
/// changed by more than 1 % (or 1 lx in the dark), so that sensor noise prints nothing.
final class LightWatcher {
  static let defaultHertz = 1.0
  private let source: IIOPolledSource
  private var reported: Double?? = nil

  private init(source: IIOPolledSource) { self.source = source }

  private func poll() -> Result<DeviceEvent?, SampleProblem> {
    var lux: Double? = nil
    var problem: String? = nil
    switch source.sample(.light) {
    case .success(let sample): lux = sample.scalar
    case .failure(let failure) where failure.endsStream: return .failure(failure)
    case .failure(let failure): problem = failure.description
    }
    if let reported {
      guard Self.changed(from: reported, to: lux) else { return .success(nil) }
    }
    let initial = reported == nil
    reported = .some(lux)
    return .success(.light(LightUpdate(lux: lux, sensor: source.id, initial: initial, problem: problem)))
  }

  static func changed(from old: Double?, to new: Double?) -> Bool {
    guard let old, let new else { return (old == nil) != (new == nil) }
    return abs(new - old) > max(1, abs(old) * 0.01)
  }

  /// Opens the watch in `session`: the first IIO light sensor. Asked for by name, a machine
  /// without one is unavailable; in `all`, it is left out.
  static func open(
    _ kind: StreamKind, options: StreamOptions, session: StreamSession, context: ProbeContext, udev: Udev
  ) throws(StreamError)
    -> SensorInfo?
  {
    guard kind == .light || kind == .all else { return nil }
    let sensors = SensorProbe(context: context, udev: udev).probe()
    guard let sensor = sensors.first(where: { $0.type == .light && $0.bus == "iio" }),
      let source = IIOPolledSource(sensor: sensor)
    else {
      if kind == .all { return nil }
      throw .unavailable("no ambient light sensor found (no IIO device with an in_illuminance channel)")
    }
    let watcher = LightWatcher(source: source)
    MotionSources.stopWhenRemoved(session, udev: udev, sensor: sensor)
    let poll = { [unowned session] in
      switch watcher.poll() {
      case .success(let event): session.publish(event.map { [$0] } ?? [])
      case .failure(let problem): session.loop.stop(.failure(problem.description))
      }
    }
    poll()
    session.every(hertz: kind == .light ? options.rate ?? defaultHertz : defaultHertz, poll)
    return sensor
  }
}
