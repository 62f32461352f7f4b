/// What one polled-sensor stream decides: which sensor it reads, how it readies it, and which
/// readings make events.
protocol PolledSensorRule: AnyObject {
  /// The stream (`light`), the sensor it reads, and why it cannot start on a machine without one.
  static var stream: StreamKind { get }
  static var sensorKind: SensorInfo.Kind { get }
  static var missing: String { get }
  init()
  /// Readies the sensor before the first reading (a counter switched on), putting it back when
  /// the session stops; a sensor that cannot be readied is why the stream cannot start.
  static func prepare(_ sensor: SensorInfo, _ sources: SourceContext) throws(UpdateError)
  /// The event a reading makes, if any: the value in the group's unit, or why there is none. The
  /// first event a rule makes is the stream's initial state.
  func event(sensor: String, value: Double?, problem: String?) -> DeviceEvent?
}

extension PolledSensorRule {
  static func prepare(_ sensor: SensorInfo, _ sources: SourceContext) throws(UpdateError) {}
}

/// The watches over one slowly changing IIO value — ambient light, air pressure, a step counter:
/// the machine's first IIO sensor of a kind, read by a timer at a low rate (1 Hz unless `--rate`
/// says otherwise), since the kernel sends no event for a polled channel. Each reading goes to
/// the stream's rule, which decides whether it makes an event; between readings nothing runs.
enum PolledSensorWatch {
  /// Opens the watch of `Rule` in `session` when `kind` asks for it. Asked for by name, a
  /// machine without the sensor (or whose sensor cannot be readied) is unavailable; in `all`, it
  /// is left out, with the reason as a note when there is a sensor.
  static func open<Rule: PolledSensorRule>(
    _: Rule.Type, _ kind: StreamKind, _ sources: SourceContext
  ) throws(UpdateError) -> [SensorInfo] {
    let (options, session) = (sources.options, sources.session)
    let sensors = sources.sensors()
    guard let sensor = sensors.first(where: { $0.type == Rule.sensorKind && $0.bus == "iio" }),
      let source = IIOPolledSource(sensor: sensor)
    else {
      if kind == .all { return [] }
      throw .unavailable(.init(.noHardware, Rule.missing))
    }
    do throws(UpdateError) {
      try Rule.prepare(sensor, sources)
    } catch {
      if kind == .all {
        options.note?("\(Rule.stream.rawValue) left out: \(error.description)")
        return []
      }
      throw error
    }
    sources.stopWhenRemoved(sensor)
    let rule = Rule()
    var initial = true
    let poll = { [unowned session] in
      var value: Double? = nil
      var problem: String? = nil
      switch source.sample(Rule.sensorKind) {
      case .success(let sample): value = sample.scalar
      case .failure(let failure) where failure.endsStream:
        return session.loop.stop(.failure(failure.description))
      case .failure(let failure): problem = failure.description
      }
      guard let event = rule.event(sensor: sensor.id, value: value, problem: problem) else { return }
      session.publish(event, initial: initial)
      initial = false
    }
    poll()
    session.every(hertz: options.hertz(of: Rule.stream, watching: kind), poll)
    return [sensor]
  }
}
