/// `watch steps` (`CMPedometer`): the first IIO step counter, switched on for the stream when it
/// is off and switched off again at its end; a line at the start and whenever the count changed.
final class StepCounterWatcher: PolledSensorRule {
  static let stream = StreamKind.steps
  static let sensorKind = SensorInfo.Kind.stepCounter
  static let missing = "no step counter found (no IIO device with an in_steps channel)"
  private var counting = StepCounting()
  private var reported: PedometerUpdate? = nil

  init() {}

  func event(sensor: String, value: Double?, problem: String?) -> DeviceEvent? {
    var update = PedometerUpdate(steps: nil, counter: nil, sensor: sensor, problem: problem)
    if let value {
      if let counter = Int(exactly: value), counter >= 0 {
        update.counter = counter
        update.steps = counting.steps(counter: counter)
      } else {
        update.problem = "expected a whole number of steps, found \(value)"
      }
    }
    if let reported, reported.steps == update.steps, reported.problem == update.problem { return nil }
    reported = update
    return .steps(update)
  }

  /// Switches the counter on when it is off, and off again when the session stops.
  static func prepare(_ sensor: SensorInfo, _ sources: SourceContext) throws(UpdateError) {
    guard let switchOff = try StepCounterSwitch.switchOn(sensor) else { return }
    let note = sources.note
    sources.session.onStop {
      if case .failure(let failure) = switchOff() { note("could not switch the step counter off: \(failure)") }
    }
  }
}

/// Steps since the first reading, from a hardware counter that only grows until it is reset
/// (power loss, the driver reloaded): a counter lower than the last one started again at 0, and
/// the steps it counted since are added to those before.
struct StepCounting {
  private var start: Int? = nil
  private var last = 0
  private var beforeReset = 0

  mutating func steps(counter: Int) -> Int {
    if start == nil { start = counter }
    if counter < last {
      beforeReset += last - start!
      start = 0
    }
    last = counter
    return beforeReset + counter - start!
  }
}

/// `in_steps_en`: a counter that is off counts nothing, and most drivers start it off.
enum StepCounterSwitch {
  /// Switches the sensor's counter on when it is off, and returns how to switch it off again;
  /// nil when it was on already or has no switch. A switch that cannot be written is why the
  /// stream cannot start.
  static func switchOn(_ sensor: SensorInfo) throws(UpdateError) -> (() -> Result<Void, SysfsWriteError>)? {
    let path = sensor.syspath + "/in_steps_en"
    let state: String
    switch SysfsAttribute.read(path) {
    case .success(let text): state = text
    case .failure(.failed(.missing)): return nil
    case .failure(let failure):
      throw .unavailable("cannot read whether the step counter \(sensor.id) is on, \(path): \(failure)")
    }
    guard state == "0" else { return nil }
    // A switch, not `if case`: Swift 6.3.1's release build crashed on the ownership of the
    // failure in the `if case` form ("Found outside of lifetime use").
    switch SysfsAttribute.write(path, "1") {
    case .success: break
    case .failure(let failure):
      let errno = failure.errno
      let message =
        "the step counter \(sensor.id) is off, and devcaps cannot switch it on: \(failure); as root: echo 1 > \(path)"
      throw .unavailable(.denied(errno, path: path, otherwise: .unsuitableHardware, message))
    }
    return { SysfsAttribute.write(path, "0") }
  }
}
