/// How a stream samples and when it ends by itself.
public struct StreamOptions: Sendable {
  /// Samples per second for orientation, proximity, shake, motion, heading and the up-angle,
  /// readings per second for thermal, light, altitude and steps (``rates``); nil picks each
  /// stream's ``StreamKind/defaultHertz``.
  public var rate: Double?
  /// The shake detector and its thresholds (docs/explanation/motion.md).
  public var shake = ShakeDetector.Settings()
  /// The up-angle relative to an interface orientation instead of the device's upright.
  public var relativeTo: Orientation?
  /// Device motion's attitude reference frame (`motion`, `heading`).
  public var referenceFrame = AttitudeReferenceFrame.xArbitraryZVertical
  /// A heading event when the heading moved by more than this many degrees.
  public var headingThreshold = 1.0
  /// Where magnetometer calibrations are kept (`MagnetometerCalibrationStore` writes them);
  /// nil: `$XDG_STATE_HOME/devcaps`, else `~/.local/state/devcaps`.
  public var calibrationDirectory: String?
  /// False gives the magnetometer's raw field (what a calibration is fitted to).
  public var appliesMagnetometerCalibration = true
  /// End after this many change events (the initial state does not count); 0 ends right after
  /// the initial state.
  public var maximumChanges: Int?
  /// What the events wait in while the consumer is busy (``Updates`` of samples keep the newest).
  var buffering = UpdateBuffering.unbounded
  /// End after this many seconds.
  public var duration: Double?
  /// Told when the stream changes how it reads (an IIO buffer that delivers nothing falls back to
  /// polling); the CLI prints it on stderr.
  public var note: (@Sendable (String) -> Void)?

  /// The defaults: each stream's own rate, no end.
  public init() {}

  /// The rates a stream accepts, in samples per second.
  public static let rates: ClosedRange<Double> = 0.1...1000

  /// Whether one source opened with these options gives what one opened with `other` gives, so
  /// that loops over both can share it: every setting the same but the buffering (each loop's
  /// own), and neither with a `note` (a closure, which cannot be compared).
  func sharesSource(with other: StreamOptions) -> Bool {
    note == nil && other.note == nil && rate == other.rate && shake == other.shake && relativeTo == other.relativeTo
      && referenceFrame == other.referenceFrame && headingThreshold == other.headingThreshold
      && calibrationDirectory == other.calibrationDirectory
      && appliesMagnetometerCalibration == other.appliesMagnetometerCalibration
      && maximumChanges == other.maximumChanges && duration == other.duration
  }
}

extension UpdateError {
  static func threadUnavailable(_ error: Errno) -> UpdateError {
    .unavailable(.init(.systemResources, "cannot start the stream's thread: \(error)"))
  }
}
