import ArgumentParser
import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Stream changes: displays, sensors, and more, as they happen.",
    discussion: """
      A watch prints the current state first (one line per device), then one line per change, \
      until --count changes were seen, --timeout seconds passed, or it is interrupted. It is \
      event-driven: udev events, not polling.

      Streams:
        battery       every battery's level, state and time left, and peripherals' levels
        lid           the lid opening and closing (UPower)
        displays      connectors connected, disconnected, or whose modes changed
        sensors       sensors added or removed
        orientation   the 7 device orientations, on change (display accelerometer)
        proximity     near or far, on change (IIO proximity sensor)
        shake         shakes, by --detector count (default), threshold or angle
        all           every stream above that this machine has a source for, merged

      battery and lid follow UPower's signals; when upowerd goes away a source-lost line is \
      printed and the watch goes on until it is back (source-restored, then the current state). \
      Without UPower at start, battery follows udev power_supply events through sysfs.

      orientation, proximity and shake poll sysfs at --rate samples per second (defaults 10, 5       and 50) with a timer; displays and sensors wait for udev events.

      Shake detectors (motion.md): threshold fires when an axis passes ±--threshold g (1.5) at       most once per --lockout seconds (0.5); count fires at five excursions past ±--threshold       within 1.5 s, at any rate; angle fires when the direction's change drops by more than       --sensitivity radians (0.5) between 10 Hz samples, at most once per --lockout.

      Exit status: 0 at --count or --timeout or when the reader of stdout goes away, 69 when \
      a source the stream needs is unavailable, 130 on SIGINT, 143 on SIGTERM.

      Examples:
        devcaps watch displays
        devcaps watch all --json | jq -c 'select(.event == "display")'
        devcaps watch sensors --count 1 --timeout 30
      """)

  @Argument(help: ArgumentHelp("What to watch: \(StreamKind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "stream"))
  var stream: StreamKind

  @Flag(name: .long, help: "One JSON object per line (Schemas/event.schema.json).")
  var json = false

  @Option(name: .long, help: "End after this many changes (the initial state does not count).")
  var count: Int?

  @Option(name: .long, help: "End after this many seconds.")
  var timeout: Double?

  @Option(name: .long, help: "Samples per second for orientation, proximity and shake (0.1 to 1000).")
  var rate: Double?

  @Option(name: .long, help: "Shake detector: count, threshold or angle.")
  var detector: ShakeDetector.Kind = .count

  @Option(name: .long, help: "Shake threshold in g, for the count and threshold detectors.")
  var threshold: Double = 1.5

  @Option(name: .long, help: "Shake sensitivity in radians, for the angle detector.")
  var sensitivity: Double = 0.5

  @Option(name: .long, help: "Seconds between two shakes, for the threshold and angle detectors.")
  var lockout: Double = 0.5

  func validate() throws {
    if let rate { try MotionOptions.validate(rate: rate) }
    guard threshold > 0 && threshold.isFinite else { throw ValidationError("--threshold must be a positive number of g") }
    guard sensitivity > 0 && sensitivity <= .pi else { throw ValidationError("--sensitivity must be between 0 and π radians") }
    guard lockout >= 0 && lockout.isFinite else { throw ValidationError("--lockout must be 0 or more seconds") }
    if let count, count < 0 { throw ValidationError("--count must be 0 or more, not \(count)") }
    if let timeout, !(timeout > 0 && timeout < 1e9) { throw ValidationError("--timeout must be a positive number of seconds") }
  }

  func run() throws {
    let printer = StreamPrinter(json: json)
    let session = StreamSession(maximumChanges: count, emit: printer.print)
    guard let udev = Udev() else {
      Output.error("cannot use udev (udev_new failed)")
      throw ExitCode(69)
    }
    let context = ProbeContext()
    var watchers: [(start: () -> [StreamEvent], subsystems: [String], handle: (UdevMonitor.Event) -> [StreamEvent])] = []
    if stream == .displays || stream == .all {
      let watcher = DisplayWatcher(context: context, udev: udev)
      watchers.append((watcher.start, DisplayWatcher.subsystems, watcher.handle))
    }
    if stream == .sensors || stream == .all {
      let watcher = SensorWatcher(context: context, udev: udev)
      watchers.append((watcher.start, SensorWatcher.subsystems, watcher.handle))
    }
    // Monitors first, so no event between the initial reading and the first receive is lost.
    for watcher in watchers {
      guard session.watchUdev(udev, subsystems: watcher.subsystems, { session.publish(watcher.handle($0)) }) else {
        Output.error("cannot listen to udev events for \(watcher.subsystems.joined(separator: ", "))")
        throw ExitCode(69)
      }
    }
    for watcher in watchers { session.publish(watcher.start()) }
    try startPower(session: session, udev: udev, context: context)
    try startMotion(session: session, udev: udev, context: context)
    Output.warn(context.diagnostics.entries)
    if let timeout { session.stop(after: timeout) }
    try StreamExit.finish(session.run())
  }
}

extension WatchCommand {
  /// Orientation, proximity and shake: sampled on timers. In `all` a missing sensor just leaves
  /// its stream out; asked for by name, it is exit 69.
  func startMotion(session: StreamSession, udev: Udev, context: ProbeContext) throws {
    let wantsMotion = [.orientation, .shake, .all].contains(stream)
    let wantsProximity = stream == .proximity || stream == .all
    let sensors = (wantsMotion || wantsProximity) ? SensorProbe(context: context, udev: udev).probe() : []
    if wantsMotion {
      var sampler: GravitySource? = nil
      switch AccelerometerChoice.choose(sensors) {
      case .found(let sensor):
        sampler = AccelerometerFeed.open(sensor, context: context, session: session, note: { Output.error("note: \($0)") })
      case .unavailable(let reason):
        if stream != .all {
          Output.error(reason)
          throw ExitCode(69)
        }
      }
      if let sampler {
        var settings = ShakeDetector.Settings()
        settings.kind = detector
        settings.threshold = threshold
        settings.sensitivity = sensitivity
        settings.lockout = lockout
        let orientation = stream != .shake
        let shake = stream != .orientation
        let tracker = MotionTracker(sampler: sampler, shake: shake ? settings : nil)
        MotionOptions.stopWhenRemoved(session, udev: udev, sensor: sampler.sensor)
        session.every(hertz: rate ?? (shake ? 50 : 10)) {
          switch tracker.read() {
          case .success(let sample):
            var events: [StreamEvent] = []
            if orientation, let event = tracker.orientationEvent(sample) { events.append(event) }
            if shake, let event = tracker.shakeEvent(sample) { events.append(event) }
            session.publish(events)
          case .failure(.noDataYet):
            break
          case .failure(let problem):
            session.loop.stop(.failure(problem.description))
          }
        }
      } else if stream != .all {
        Output.error("the accelerometer has no in_accel_{x,y,z}_raw attributes to read")
        throw ExitCode(69)
      }
    }
    if wantsProximity {
      let iio = sensors.first { $0.type == .proximity && $0.bus == "iio" }
      guard let sensor = iio, let tracker = ProximityTracker(sensor: sensor, context: context, udev: udev) else {
        if stream == .all { return }
        let input = sensors.first { $0.type == .proximity }
        Output.error(input.map { "found the proximity switch \($0.name ?? $0.id) (\($0.id)), an input device; devcaps reads IIO proximity sensors" } ?? "no proximity sensor found (no IIO device with in_proximity* channels)")
        throw ExitCode(69)
      }
      MotionOptions.stopWhenRemoved(session, udev: udev, sensor: sensor)
      func poll() {
        switch tracker.poll() {
        case .success(let event): session.publish(event.map { [$0] } ?? [])
        case .failure(let problem): session.loop.stop(.failure(problem.description))
        }
      }
      poll()
      session.every(hertz: rate ?? 5, poll)
    }
  }
}

extension WatchCommand {
  /// Battery and lid: UPower's signals on its own GLib thread; sysfs and udev without UPower.
  func startPower(session: StreamSession, udev: Udev, context: ProbeContext) throws {
    let battery = (stream == .battery || stream == .all) ? PowerStream(kind: .battery) : nil
    let lid = (stream == .lid || stream == .all) ? PowerStream(kind: .lid) : nil
    let streams = [battery, lid].compactMap { $0 }
    guard !streams.isEmpty else { return }
    let watcher: UPowerWatcher
    do {
      watcher = try UPowerWatcher()
      try watcher.start()
    } catch {
      Output.error("cannot start watching UPower: \(error)")
      throw ExitCode(69)
    }
    // The first message says whether upowerd is there; D-Bus answers within moments.
    var ready = pollfd(fd: watcher.fd, events: Int16(POLLIN), revents: 0)
    _ = poll(&ready, 1, 5000)
    let first = watcher.receive()
    if first.contains(where: { if case .appeared = $0 { return true } else { return false } }) {
      for message in first { session.publish(streams.flatMap { $0.handle(message) }) }
      session.loop.watch(watcher.fd) {
        for message in watcher.receive() { session.publish(streams.flatMap { $0.handle(message) }) }
      }
      session.onStop { watcher.stop() }
      return
    }
    watcher.stop()
    if lid != nil && stream == .lid {
      Output.error("watch lid needs UPower: org.freedesktop.UPower is not on the system bus")
      throw ExitCode(69)
    }
    guard let battery else { return }
    let power = SysfsPower(context: context, udev: udev).read()
    if power.source == .none {
      if stream == .all { return }
      Output.error("no power source: UPower is not running and /sys/class/power_supply has no battery or line power")
      throw ExitCode(69)
    }
    session.watchUdev(udev, subsystems: ["power_supply"]) { _ in
      session.publish(battery.diff(SysfsPower(context: ProbeContext(root: context.root, diagnostics: context.diagnostics), udev: udev).read(), initial: false))
    }
    session.publish(battery.diff(power, initial: true))
  }
}

enum StreamKind: String, ExpressibleByArgument, CaseIterable {
  case battery, lid, displays, sensors, orientation, proximity, shake, all
}

extension ShakeDetector.Kind: ExpressibleByArgument {}
