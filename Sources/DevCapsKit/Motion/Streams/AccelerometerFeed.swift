/// The accelerometer (or another motion sensor) of a motion stream. An IIO one: its buffer when
/// that is idle and writable, polled sysfs otherwise, and polled again if the buffer delivers
/// nothing within 500 ms or ends. An input one: its event node, read as events arrive.
enum AccelerometerFeed {
  /// A source for the tracker; with a session, a buffered or input source is wired into its
  /// loop. Without one (a single reading), an input accelerometer's sample is the state the
  /// kernel holds (EVIOCGABS). `also` adds groups of the same IIO device read with it (a
  /// combined chip's gyroscope: one buffer, one timestamp for both). `hertz`, the stream's rate,
  /// sets the sensor's own sampling rate when devcaps takes its buffer (the nearest its driver
  /// offers, said in a note when it is not the rate asked for).
  static func open(
    _ sensor: SensorInfo, also: [SensorInfo.Kind] = [], context: ProbeContext, session: StreamSession?, udev: Udev,
    hertz: Double? = nil, note: @escaping (String) -> Void
  ) throws(UpdateError) -> any SampleSource {
    if sensor.bus == "input" {
      guard let session else { return try InputFeed.source(sensor, udev: udev) }
      return try InputFeed.open(sensor, session: session, udev: udev)
    }
    let kinds = [sensor.type] + also
    guard let device = sensor.iio, let polled = IIOPolledSource(device: device, kinds: kinds) else {
      let type = sensor.iio.flatMap { $0.group(sensor.type)?.type } ?? IIOChannelGroup.type(of: sensor.type)
      throw .unavailable(
        .init(
          .unsuitableHardware, "the \(sensor.type.rawValue) \(sensor.id) has no \(type)_{x,y,z}_raw attributes to read")
      )
    }
    // A hub's rotation is four components in one scan element, which scans cannot decode yet.
    guard let session, sensor.buffered, !kinds.contains(.rotation) else { return polled }
    let buffered: IIOBufferedSource
    do {
      buffered = try IIOBufferedSource(device: device, kinds: kinds, hertz: hertz)
    } catch {
      return polled
    }
    if let hertz, let got = buffered.samplingFrequency, got != hertz {
      note("\(sensor.id) samples at \(got) Hz, the nearest rate its driver offers to \(hertz) Hz")
    }
    return BufferedFeed(buffered: buffered, polled: polled, session: session, note: note)
  }
}

/// An input sensor's event node, read whenever the loop finds it readable; the trackers take the
/// newest sample at their own rate. When the node ends (the device was unplugged) the source
/// reports the sensor gone, which ends the stream.
enum InputFeed {
  static func open(_ sensor: SensorInfo, session: StreamSession, udev: Udev) throws(UpdateError) -> InputEventSource {
    let source = try source(sensor, udev: udev)
    let descriptor = source.descriptor
    session.loop.watch(descriptor) { [unowned session] in
      if !source.drain() { session.loop.unwatch(descriptor) }
    }
    session.onStop { _ = source.stop() }
    return source
  }

  /// The source, opened with its current state, not yet read from.
  static func source(_ sensor: SensorInfo, udev: Udev) throws(UpdateError) -> InputEventSource {
    do {
      return try InputEventSource(sensor: sensor, udev: udev)
    } catch {
      let message = "cannot read the \(sensor.type.rawValue) \(sensor.name ?? sensor.id) (\(sensor.id)): \(error)"
      throw .unavailable(error.reason(message))
    }
  }
}

/// A streaming source that falls back to polling by itself.
final class BufferedFeed: SampleSource {
  private var buffered: (any StreamingSampleSource)?
  private let polled: any SampleSource
  private let session: StreamSession
  private let note: (String) -> Void

  init(
    buffered: any StreamingSampleSource, polled: any SampleSource, session: StreamSession,
    note: @escaping (String) -> Void
  ) {
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

  func sample(_ kind: SensorInfo.Kind) -> Result<SensorSample, SampleError> {
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
  private func reportRestore(_ failures: [SysfsWriteError]) {
    for failure in failures { note("could not restore the IIO buffer's settings: \(failure)") }
  }
}
