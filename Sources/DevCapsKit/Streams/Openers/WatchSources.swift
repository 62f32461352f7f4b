/// Which sources `watch KIND` opens: its kind's openers in the table of stream kinds
/// (Streams/StreamKinds.swift). In `all`, a stream without a source on this machine is left out;
/// asked for by name, its absence is `UpdateError.unavailable`.
enum WatchSources {
  static func open(_ kind: StreamKind, _ sources: SourceContext) throws(UpdateError) -> [SensorInfo] {
    var sampled: [SensorInfo] = []
    var polled: [SensorInfo] = []
    for opener in kind.entry.openers {
      let sensors = try opener.open(kind, sources)
      switch opener {
      case .light, .altitude, .steps: polled += sensors
      default:
        // Device motion reads the accelerometer the accelerometer streams may read already.
        sampled += sensors.filter { sensor in !sampled.contains { $0.id == sensor.id && $0.type == sensor.type } }
      }
    }
    return sampled + polled
  }
}
