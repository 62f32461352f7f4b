/// The accelerometer of a motion stream: its IIO buffer when that is idle and writable, polled
/// sysfs otherwise, and polled again if the buffer delivers nothing within 500 ms or ends.
enum AccelerometerFeed {
  /// A source for the tracker; with a session, a buffered source is wired into its loop.
  static func open(
    _ sensor: SensorInfo, context: ProbeContext, session: StreamSession?, note: @escaping (String) -> Void
  ) -> (any SampleSource)? {
    guard let polled = IIOPolledSource(sensor: sensor) else { return nil }
    guard let session, sensor.buffered, let device = sensor.iio else { return polled }
    let buffered: IIOBufferedSource
    do {
      buffered = try IIOBufferedSource(device: device, kinds: [sensor.type])
    } catch {
      return polled
    }
    return BufferedFeed(buffered: buffered, polled: polled, session: session, note: note)
  }
}

/// A streaming source that falls back to polling by itself.
final class BufferedFeed: SampleSource {
  private var buffered: (any StreamingSampleSource)?
  private let polled: any SampleSource
  private let session: StreamSession
  private let note: (String) -> Void

  init(buffered: any StreamingSampleSource, polled: any SampleSource, session: StreamSession, note: @escaping (String) -> Void) {
    self.buffered = buffered
    self.polled = polled
    self.session = session
    self.note = note
    session.loop.watch(buffered.descriptor) { [weak self] in
      guard let self, let buffered = self.buffered else { return }
      if !buffered.drain() { self.fallBack("the IIO buffer of \(buffered.id) ended") }
    }
    session.once(after: 0.5) { [weak self] in
      guard let self, let buffered = self.buffered, buffered.samplesRead == 0 else { return }
      self.fallBack("no data from the IIO buffer of \(buffered.id) within 500 ms")
    }
    session.onStop { [weak self] in
      guard let self, let buffered = self.buffered else { return }
      self.reportRestore(buffered.stop())
    }
  }

  var id: String { polled.id }
  var kinds: [SensorInfo.Kind] { polled.kinds }
  var mode: SampleMode { buffered?.mode ?? polled.mode }

  func sample(_ kind: SensorInfo.Kind) -> Result<SensorSample, SampleProblem> {
    buffered?.sample(kind) ?? polled.sample(kind)
  }

  private func fallBack(_ reason: String) {
    guard let buffered else { return }
    session.loop.unwatch(buffered.descriptor)
    let failures = buffered.stop()
    self.buffered = nil
    note("\(reason); polling sysfs instead")
    reportRestore(failures)
  }

  /// An attribute the buffer's reader could not put back is said, not swallowed.
  private func reportRestore(_ failures: [SysfsWriteFailure]) {
    for failure in failures { note("could not restore the IIO buffer's settings: \(failure)") }
  }
}
