/// The accelerometer of a motion stream: its IIO buffer when that is idle and writable, polled
/// sysfs otherwise, and polled again if the buffer delivers nothing within 500 ms or ends.
public enum AccelerometerFeed {
  /// A source for the tracker; with a session, a buffered source is wired into its loop.
  public static func open(
    _ sensor: SensorInfo, context: ProbeContext, session: StreamSession?, note: @escaping (String) -> Void
  ) -> GravitySource? {
    guard let polled = AccelerometerSampler(sensor: sensor, context: context) else { return nil }
    guard let session, sensor.buffered else { return polled }
    let buffered: BufferedAccelerometer
    do {
      buffered = try BufferedAccelerometer(sensor: sensor, context: context)
    } catch {
      return polled
    }
    return BufferedFeed(buffered: buffered, polled: polled, session: session, note: note)
  }
}

/// A buffered source that falls back to polling by itself.
final class BufferedFeed: GravitySource {
  private var buffered: BufferedAccelerometer?
  private let polled: AccelerometerSampler
  private let session: StreamSession
  private let note: (String) -> Void

  init(buffered: BufferedAccelerometer, polled: AccelerometerSampler, session: StreamSession, note: @escaping (String) -> Void) {
    self.buffered = buffered
    self.polled = polled
    self.session = session
    self.note = note
    session.loop.watch(buffered.descriptor) { [weak self] in
      guard let self, let buffered = self.buffered else { return }
      if !buffered.drain() { self.fallBack("the IIO buffer of \(buffered.sensor.id) ended") }
    }
    session.once(after: 0.5) { [weak self] in
      guard let self, let buffered = self.buffered, buffered.scansRead == 0 else { return }
      self.fallBack("no data from the IIO buffer of \(buffered.sensor.id) within 500 ms")
    }
    session.onStop { [weak self] in self?.restore() }
  }

  var sensor: SensorInfo { polled.sensor }
  var mode: String { buffered == nil ? "polled" : "buffered" }

  func sample() -> Result<Vector3, AccelerometerSampler.Problem> {
    buffered?.sample() ?? polled.sample()
  }

  private func fallBack(_ reason: String) {
    guard let buffered else { return }
    session.loop.unwatch(buffered.descriptor)
    restore()
    self.buffered = nil
    note("\(reason); polling sysfs instead")
  }

  private func restore() {
    do {
      try buffered?.restore()
    } catch {
      note(error.description)
    }
  }
}
