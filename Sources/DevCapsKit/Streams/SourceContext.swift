/// What the sources of one stream share while they are opened: its options, the session they
/// publish into and whose loop they are watched by, the probe context they read the machine
/// with, and libudev.
struct SourceContext {
  let options: StreamOptions
  let session: StreamSession
  let probes: ProbeContext
  let udev: Udev

  /// The machine's sensors, as `list` reports them.
  func sensors() -> [SensorInfo] { SensorProbe(context: probes, udev: udev).probe() }

  /// A note for the person watching (a rate the driver could not give); nowhere without one.
  var note: (String) -> Void { options.note ?? { _ in } }
}

extension SourceContext {
  /// A motion sensor's feed, wired into the session's loop (AccelerometerFeed): `also` adds
  /// groups read with it, `hertz` is the stream's rate.
  func feed(_ sensor: SensorInfo, also: [SensorInfo.Kind] = [], hertz: Double? = nil) throws(UpdateError)
    -> any SampleSource
  {
    try AccelerometerFeed.open(
      sensor, also: also, context: probes, session: session, udev: udev, hertz: hertz, note: note)
  }

  /// The stream ends, saying so, when `sensor` is removed.
  func stopWhenRemoved(_ sensor: SensorInfo) {
    session.stopWhenRemoved(sensor, udev: udev)
  }
}
