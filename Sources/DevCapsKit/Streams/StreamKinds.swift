/// The streams devcaps can watch.
public enum StreamKind: String, Sendable, CaseIterable {
  case battery, lid, displays, sensors, orientation, proximity, shake, motion, heading, thermal, light, altitude, steps
  case powerProfile = "power-profile"
  case tabletMode = "tablet-mode"
  case usb
  case all
}

/// The one table of stream kinds: for each, how it samples (its default rate, and whether
/// `--rate` reaches it in `all`) and the opener of its sources. `watch KIND` opens its kind's
/// opener; `watch all` opens every opener once, each leaving out what the machine has no source
/// for. The command's help lines are its own table (`WatchCommand.streams`).
struct StreamKindEntry: Sendable {
  /// How often a stream reads its source.
  enum Sampling: Sendable {
    /// Only waits for events.
    case events
    /// Samples at this rate; `--rate` sets it, in `all` too (the motion streams' sample rate).
    case samples(Double)
    /// Reads at this slow rate; `--rate` sets it only when the stream is asked for by name.
    case readings(Double)
  }

  let sampling: Sampling
  /// The openers of its sources (all of them, in opening order, for `all`).
  let openers: [StreamOpener]
}

/// What opens a group of streams' sources. Kinds that share a source share an opener: battery
/// and lid (UPower's signals), orientation, proximity and shake (the accelerometer), motion and
/// heading (device motion). Each opener is handed the kind asked for: its own, or `all`.
enum StreamOpener: CaseIterable {
  case udev, power, powerProfile, tabletMode, usb, thermal, light, altitude, steps, motion, deviceMotion

  /// Opens the sources in `sources`' session; the sensors it samples.
  func open(_ kind: StreamKind, _ sources: SourceContext) throws(UpdateError) -> [SensorInfo] {
    switch self {
    case .udev: return try UdevWatchers.open(kind, sources)
    case .power: try PowerSources.open(kind, sources)
    case .powerProfile: try PowerProfilesWatcher.open(kind, sources)
    case .tabletMode: try TabletModeWatcher.open(kind, sources)
    case .usb: try PresenceWatcher<USBDeviceInfo>.openUSB(kind, sources)
    case .thermal: try ThermalWatcher.open(kind, sources)
    case .light: return try PolledSensorWatch.open(LightWatcher.self, kind, sources)
    case .altitude: return try PolledSensorWatch.open(AltitudeWatcher.self, kind, sources)
    case .steps: return try PolledSensorWatch.open(StepCounterWatcher.self, kind, sources)
    case .motion: return try MotionSources.openWatch(kind, sources)
    case .deviceMotion: return try DeviceMotionSources.open(kind, sources)
    }
    return []
  }
}

extension StreamKind {
  /// The kind's row of the table.
  var entry: StreamKindEntry {
    switch self {
    case .battery, .lid: StreamKindEntry(sampling: .events, openers: [.power])
    case .displays, .sensors: StreamKindEntry(sampling: .events, openers: [.udev])
    case .tabletMode: StreamKindEntry(sampling: .events, openers: [.tabletMode])
    case .usb: StreamKindEntry(sampling: .events, openers: [.usb])
    case .powerProfile: StreamKindEntry(sampling: .events, openers: [.powerProfile])
    case .orientation: StreamKindEntry(sampling: .samples(10), openers: [.motion])
    case .proximity: StreamKindEntry(sampling: .samples(5), openers: [.motion])
    case .shake: StreamKindEntry(sampling: .samples(50), openers: [.motion])
    case .motion: StreamKindEntry(sampling: .samples(50), openers: [.deviceMotion])
    case .heading: StreamKindEntry(sampling: .samples(10), openers: [.deviceMotion])
    // Heat builds in seconds, not milliseconds.
    case .thermal: StreamKindEntry(sampling: .readings(0.2), openers: [.thermal])
    case .light: StreamKindEntry(sampling: .readings(1), openers: [.light])
    case .altitude: StreamKindEntry(sampling: .readings(1), openers: [.altitude])
    case .steps: StreamKindEntry(sampling: .readings(1), openers: [.steps])
    case .all: StreamKindEntry(sampling: .events, openers: StreamOpener.allCases)
    }
  }

  /// Samples (or, for the polled environment sensors, readings) per second when
  /// ``StreamOptions/rate`` is nil; nil for the streams that only wait for events. From the one
  /// table of stream kinds: the streams use it, and `devcaps --help` is written from it.
  public var defaultHertz: Double? {
    switch entry.sampling {
    case .events: nil
    case .samples(let hertz), .readings(let hertz): hertz
    }
  }

  /// `devcaps up-angle`'s default: the display accelerometer 10 times a second.
  public static let upAngleDefaultHertz = 10.0
}

extension StreamOptions {
  /// The one place a stream's rate is decided: `stream`'s, while `asked` (it, or `all`) is
  /// watched. `--rate` where it reaches the stream, else the stream's default.
  func hertz(of stream: StreamKind, watching asked: StreamKind) -> Double {
    switch stream.entry.sampling {
    case .events: rate ?? 1
    case .samples(let hertz): rate ?? hertz
    case .readings(let hertz): stream == asked ? rate ?? hertz : hertz
    }
  }

  /// `up-angle`'s rate: `--rate`, else ``StreamKind/upAngleDefaultHertz``.
  var upAngleHertz: Double { rate ?? StreamKind.upAngleDefaultHertz }
}
