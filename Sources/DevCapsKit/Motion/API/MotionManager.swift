/// The motion sensors (`CMMotionManager`): which ones the machine has, and their samples as
/// ``Updates``.
///
/// The sensors are found when the manager is made (libudev, a few milliseconds); the samples
/// come when an update sequence is iterated, and stop when its task is cancelled.
///
/// ```swift
/// let motion = MotionManager()
/// if motion.isAccelerometerAvailable {
///   for try await sample in motion.accelerometerUpdates(interval: .milliseconds(20)) {
///     print(sample.x, sample.y, sample.z)  // g
///   }
/// }
/// ```
public struct MotionManager: Sendable {
  /// The sensors found when the manager was made, as `devcaps list --only sensors` shows them.
  public let sensors: [SensorInfo]
  /// The last sample of each kind of update this manager (or a copy of it) is running.
  private let latest = LatestSamples()
  /// The readings of an app's tests, in place of the hardware.
  let simulation: MotionSimulation?
  /// The virtual time the simulation's readings come at; nil: as fast as the loop takes them.
  let clock: SimulationClock?

  /// Finds the machine's sensors.
  public init() {
    self.init(sensors: ReportBuilder().build(sections: [.sensors]).sensors ?? [])
  }

  /// A manager over sensors found before, in a report of this machine.
  public init(sensors: [SensorInfo]) {
    self.sensors = sensors
    simulation = nil
    clock = nil
  }

  /// A manager over simulated readings, for an app's tests: every update sequence comes from
  /// them, through the same device-motion filter, orientation classifier and shake detectors as
  /// on hardware. The interval is honoured in the readings' time (100 readings a second at an
  /// interval of 20 ms give 50 updates a second), not waited for: the updates come as fast as
  /// the loop takes them, the loop's actor free for other tasks between readings. Its
  /// ``sensors`` are those the first reading has, on bus `simulation`; updates of a sensor the
  /// readings lack throw ``UpdateError/unavailable(_:)``, as on hardware.
  ///
  /// On a `clock`, each reading comes when the clock reaches its time instead, in time order
  /// with the other sources on the clock: ``SimulationClock/advance(by:)`` by 2 s gives the
  /// updates of those 2 s at the interval asked for. Each update sequence made must then be
  /// iterated, as every sequence on the clock. See <doc:TestingYourApp>.
  public init(source: MotionSimulation, clock: SimulationClock? = nil) {
    sensors = source.sensors
    simulation = source
    self.clock = clock
  }

  /// An accelerometer: an IIO device with `in_accel_*` channels, or an input device udev marks
  /// `ID_INPUT_ACCELEROMETER`.
  public var isAccelerometerAvailable: Bool { has(.accelerometer) }
  /// A gyroscope: an IIO device with `in_anglvel_*` channels.
  public var isGyroAvailable: Bool { has(.gyroscope) }
  /// A magnetometer: an IIO device with `in_magn_*` (or `in_rot_from_north_magnetic*`) channels.
  public var isMagnetometerAvailable: Bool { has(.magnetometer) }
  /// The magnetometer device motion and headings read (the first IIO one with x, y and z), the
  /// one whose calibration ``MagnetometerCalibrationStore`` keeps; nil without one.
  public var magnetometer: SensorInfo? { MotionSensorChoice.magnetometer(among: sensors) }
  /// Device motion with yaw, as Core Motion means it: a sensor hub's fused rotation, or an
  /// accelerometer and a gyroscope. Without it, ``deviceMotionUpdates(interval:referenceFrame:)-(Duration,_)``
  /// still gives roll and pitch from an accelerometer alone (source `accelerometer`).
  public var isDeviceMotionAvailable: Bool { has(.rotation) || (has(.accelerometer) && has(.gyroscope)) }

  /// The last accelerometer sample of this manager's running ``accelerometerUpdates(interval:)-(Duration)``
  /// (`CMMotionManager.accelerometerData`); nil while none runs. Run the updates in a task of
  /// their own, and read this from a game loop:
  ///
  /// ```swift
  /// let motion = MotionManager()
  /// let sampling = Task { for try await _ in motion.accelerometerUpdates(interval: 0.02) {} }
  /// // … each frame:
  /// if let a = motion.accelerometerData { ball.roll(a.x, a.y) }
  /// // … at the end:
  /// sampling.cancel()
  /// ```
  public var accelerometerData: AccelerometerData? { latest.accelerometer.value }
  /// The last sample of this manager's running ``gyroUpdates(interval:)-(Duration)``; nil while none runs.
  public var gyroData: GyroData? { latest.gyroscope.value }
  /// The last sample of this manager's running ``magnetometerUpdates(interval:)-(Duration)``; nil while none runs.
  public var magnetometerData: MagnetometerData? { latest.magnetometer.value }
  /// The last sample of this manager's running ``deviceMotionUpdates(interval:referenceFrame:)-(Duration,_)``;
  /// nil while none runs.
  public var deviceMotion: DeviceMotion? { latest.deviceMotion.value }

  /// Accelerometer samples in g, one per `interval` (1 ms … 10 s), from the accelerometer in the
  /// display when there is one, else the first one found.
  public func accelerometerUpdates(interval: Duration) -> Updates<AccelerometerData> {
    vectorUpdates(.accelerometer, interval: interval, latest: latest.accelerometer, reading: { $0.acceleration }) {
      AccelerometerData(acceleration: $0, timestamp: $1, sensor: $2)
    }
  }

  /// Gyroscope samples in rad/s, one per `interval` (1 ms … 10 s).
  public func gyroUpdates(interval: Duration) -> Updates<GyroData> {
    vectorUpdates(.gyroscope, interval: interval, latest: latest.gyroscope, reading: { $0.rotationRate }) {
      GyroData(rotationRate: $0, timestamp: $1, sensor: $2)
    }
  }

  /// Magnetometer samples in µT, one per `interval` (1 ms … 10 s).
  public func magnetometerUpdates(interval: Duration) -> Updates<MagnetometerData> {
    vectorUpdates(.magnetometer, interval: interval, latest: latest.magnetometer, reading: { $0.magneticField }) {
      MagnetometerData(magneticField: $0, timestamp: $1, sensor: $2)
    }
  }

  /// Device motion (`CMDeviceMotion`): attitude (radians), gravity and user acceleration (g),
  /// rotation rate (rad/s), magnetic field and heading, one sample per `interval` (1 ms … 10 s),
  /// from the best source the machine has (`DeviceMotion.source`: a sensor hub's fusion,
  /// devcaps' own filter over accelerometer and gyroscope, or the accelerometer alone). The
  /// frames that use the magnetometer throw ``UpdateError/unavailable(_:)`` without one, and an
  /// interval outside 1 ms … 10 s ``UpdateError/invalidInterval(_:)``. The sensors are found
  /// again when the updates start (a hub may have appeared since), not taken from ``sensors``.
  public func deviceMotionUpdates(
    interval: Duration, referenceFrame: AttitudeReferenceFrame = .xArbitraryZVertical
  ) -> Updates<DeviceMotion> {
    if let simulation {
      let source = simulation.deviceMotionSource
      return simulated(
        interval: interval, requiring: [.accelerometer, .rotation],
        perIteration: {
          var estimator = DeviceMotionEstimator(source: source, referenceFrame: referenceFrame)
          return { estimator.update($0) }
        })!
        .keepingLatest(in: latest.deviceMotion)
    }
    var options = StreamOptions()
    options.referenceFrame = referenceFrame
    return Updates<DeviceMotion>.events(.motion, options: options, interval: interval, buffering: .newest(1)) {
      event in
      guard case .motion(let update) = event.event else { return nil }
      return update.motion
    }
    .keepingLatest(in: latest.deviceMotion)
  }

  /// The device orientation: the current one first, then one on each change. The display
  /// accelerometer is read 10 times a second; a machine whose only accelerometer is in the base
  /// throws ``UpdateError/unavailable(_:)``, naming it.
  public func orientationUpdates() -> Updates<DeviceOrientation> {
    if let simulation {
      return simulation.updates(requiring: [.accelerometer], on: clock) {
        var classifier = OrientationClassifier()
        var reported: DeviceOrientation? = nil
        return { reading in
          guard let gravity = reading.acceleration else { return nil }
          let orientation = classifier.update(gravity)
          guard orientation != reported else { return nil }
          reported = orientation
          return orientation
        }
      }
    }
    return .events(.orientation) { event in
      guard case .orientation(let update) = event.event else { return nil }
      return update.orientation
    }
  }

  private func has(_ kind: SensorInfo.Kind) -> Bool { sensors.contains { $0.type == kind } }

  /// The samples of one vector sensor: from the simulation's readings when there is one, else
  /// from the machine's sensor of `kind`; each also kept as the manager's current value.
  private func vectorUpdates<Element: Sendable>(
    _ kind: SensorInfo.Kind, interval: Duration, latest: LatestValue<Element>,
    reading: @escaping @Sendable (MotionInput) -> Vector3?,
    _ make: @escaping @Sendable (_ vector: Vector3, _ timestamp: Double, _ sensor: String) -> Element
  ) -> Updates<Element> {
    let updates: Updates<Element> =
      simulated(interval: interval, requiring: [kind]) { input in
        reading(input).map { make($0, input.timestamp, "simulation") }
      }
      ?? .samples(of: kind, among: sensors, interval: interval) { sample, sensor in
        make(sample.vector ?? .zero, sample.timestamp.seconds, sensor.id)
      }
    return updates.keepingLatest(in: latest)
  }

  /// The simulation's updates when there is one (one per interval of the readings' time, the
  /// interval checked as on hardware; unavailable without any of the sensors `kinds`), each
  /// reading through a transform made for the iteration; nil on hardware.
  func simulated<Element: Sendable>(
    interval: Duration? = nil, requiring kinds: [SensorInfo.Kind],
    perIteration makeTransform: @escaping @Sendable () -> (MotionInput) -> Element?
  ) -> Updates<Element>? {
    simulation?.updates(interval: interval, requiring: kinds, on: clock, makeTransform)
  }

  /// `simulated(interval:requiring:perIteration:)` with a transform that keeps no state.
  func simulated<Element: Sendable>(
    interval: Duration? = nil, requiring kinds: [SensorInfo.Kind],
    _ transform: @escaping @Sendable (MotionInput) -> Element?
  ) -> Updates<Element>? {
    simulated(interval: interval, requiring: kinds, perIteration: { transform })
  }

  /// The sensor of `kind` the updates read: one in the display first, IIO before input.
  static func preferred(_ kind: SensorInfo.Kind, among sensors: [SensorInfo]) -> SensorInfo? {
    let candidates = sensors.filter { $0.type == kind }
    return candidates.min { rank($0) < rank($1) }
  }

  private static func rank(_ sensor: SensorInfo) -> Int {
    (sensor.location == .base ? 2 : 0) + (sensor.bus == "iio" ? 0 : 1)
  }
}

/// The current values of one manager and its copies, as `CMMotionManager` keeps them.
private final class LatestSamples: Sendable {
  let accelerometer = LatestValue<AccelerometerData>()
  let gyroscope = LatestValue<GyroData>()
  let magnetometer = LatestValue<MagnetometerData>()
  let deviceMotion = LatestValue<DeviceMotion>()
}
