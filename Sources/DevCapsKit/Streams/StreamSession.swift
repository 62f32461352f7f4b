/// One run of a stream: the loop, where events go, `maximumChanges` and the duration. Sources
/// publish events into it; it ends the loop when enough changes were seen.
final class StreamSession {
  let loop = EventLoop()
  /// Hands an event to the consumer; false when the consumer is gone (the stream then ends).
  private let emit: (StreamEvent) -> Bool
  private let maximumChanges: Int?
  private var changes = 0
  private var timers: [LoopTimer] = []
  private var monitors: [UdevMonitor] = []
  /// The events whose current state arrives with a source's first sample (device motion, the
  /// orientation, the up angle) rather than at the start, one entry a source: `--count 0`
  /// (`--once`) ends once each has come, not at the first of them (`watch all --once`).
  private var awaitedInitialEvents: [String] = []

  /// How long `--once` waits for the awaited states (a buffered sensor that sends nothing is
  /// polled after 0.5 s; a loaded CI machine is slower).
  static let firstStateWait = 5.0

  /// A source's current state is the first `name` event it publishes.
  func awaitInitialEvent(named name: String) { awaitedInitialEvents.append(name) }

  init(maximumChanges: Int?, emit: @escaping (StreamEvent) -> Bool) {
    self.maximumChanges = maximumChanges
    self.emit = emit
  }

  /// Events, each a change unless `initial` (the state the stream starts with).
  func publish(_ events: [DeviceEvent], initial: Bool = false) {
    for event in events {
      guard publish(event, initial: initial) else { return }
    }
  }

  /// Events stamped already, some of the initial state and some changes.
  func publish(_ events: [StreamEvent]) {
    for event in events {
      guard publish(event) else { return }
    }
  }

  /// One event (no array to make: a motion sample at 200 Hz); false once `--count` is reached
  /// or the consumer is gone.
  @discardableResult
  func publish(_ event: DeviceEvent, initial: Bool = false) -> Bool {
    publish(StreamEvent(event, initial: initial))
  }

  /// One event stamped already; false once `--count` is reached or the consumer is gone.
  @discardableResult
  func publish(_ stamped: StreamEvent) -> Bool {
    // `--count 0` (`--once`) prints states only: a change that comes while a source's state is
    // still awaited (a motion sample after the first) is not printed and does not end the stream.
    if stamped.isChange, maximumChanges == 0 { return !awaitedInitialEvents.isEmpty }
    guard emit(stamped) else {
      loop.stop(.finished)
      return false
    }
    if !awaitedInitialEvents.isEmpty, !stamped.isChange,
      let index = awaitedInitialEvents.firstIndex(of: stamped.event.name)
    {
      awaitedInitialEvents.remove(at: index)
      if awaitedInitialEvents.isEmpty { finishIfCountReached() }
    }
    if stamped.isChange {
      changes += 1
      if let maximumChanges, changes >= maximumChanges {
        loop.stop(.finished)
        return false
      }
    }
    return true
  }

  /// `--count 0` ends right after the initial state.
  func finishIfCountReached() {
    if let maximumChanges, changes >= maximumChanges { loop.stop(.finished) }
  }

  func stop(after seconds: Double) {
    // Past 31 years is as good as never, and the timer takes less than 10⁹ s.
    guard let timer = timer(min(seconds, 999_999_999), repeating: false) else { return }
    loop.watch(timer.fd) { [unowned self] in
      guard self.acknowledge(timer) > 0 else { return }
      self.loop.stop(.finished)
    }
  }

  /// Calls `tick` at `hertz`, from a timerfd: no busy loop, no drift from sleeping.
  func every(hertz: Double, _ tick: @escaping () -> Void) {
    guard let timer = timer(1 / hertz, repeating: true) else { return }
    loop.watch(timer.fd) { [unowned self] in
      guard self.acknowledge(timer) > 0 else { return }
      tick()
    }
  }

  /// Delivers udev events of these subsystems to `handler`.
  @discardableResult
  func watchUdev(_ udev: Udev, subsystems: [String], _ handler: @escaping (UdevMonitor.Event) -> Void) -> Bool {
    guard let monitor = UdevMonitor(udev: udev, subsystems: subsystems) else { return false }
    monitors.append(monitor)
    loop.watch(monitor.fd) {
      while let event = monitor.receive() { handler(event) }
    }
    return true
  }

  /// Calls `action` once, after `seconds`.
  func once(after seconds: Double, _ action: @escaping () -> Void) {
    guard let timer = timer(seconds, repeating: false) else { return }
    loop.watch(timer.fd) { [unowned self] in
      guard self.acknowledge(timer) > 0 else { return }
      self.loop.unwatch(timer.fd)
      action()
    }
  }

  /// A timer kept for the session; when the system refuses one, the session ends with the reason.
  private func timer(_ seconds: Double, repeating: Bool) -> LoopTimer? {
    do {
      let timer = try LoopTimer(interval: seconds, repeating: repeating)
      timers.append(timer)
      return timer
    } catch {
      loop.stop(.failure("cannot create a timer of \(seconds) s (timerfd): \(error)"))
      return nil
    }
  }

  /// How many times the timer fired; a timer that cannot be read ends the session.
  private func acknowledge(_ timer: LoopTimer) -> UInt64 {
    do {
      return try timer.acknowledge()
    } catch {
      loop.stop(.failure("reading a timer (timerfd): \(error)"))
      return 0
    }
  }

  private var cleanups: [() -> Void] = []

  /// Runs when the loop ends, however it ends (restoring what a source changed).
  func onStop(_ cleanup: @escaping () -> Void) { cleanups.append(cleanup) }

  func run() -> EventLoop.Stop {
    if awaitedInitialEvents.isEmpty {
      finishIfCountReached()
    } else if maximumChanges == 0 {
      // `--once` waits for each source's first state, but not for ever: a sensor whose every
      // sample is skipped ends it with the reason, rather than a command that never returns.
      once(after: Self.firstStateWait) { [unowned self] in
        guard !self.awaitedInitialEvents.isEmpty else { return }
        let names = self.awaitedInitialEvents.joined(separator: ", ")
        self.loop.stop(.failure("no \(names) state: no usable sample within \(Int(Self.firstStateWait)) s"))
      }
    }
    let stop = loop.run()
    cleanUp()
    return stop
  }

  /// Closes and restores every source, once.
  func cleanUp() {
    let pending = cleanups
    cleanups.removeAll()
    for cleanup in pending.reversed() { cleanup() }
    loop.unwatchAll()
    timers.removeAll()
    monitors.removeAll()
  }
}

extension StreamSession {
  /// Stops the run on `thread` (woken through `waker`) and waits until every source is closed
  /// and restored; a session whose thread never started is cleaned up here. False then.
  @discardableResult
  func stop(running thread: WorkerThread?, waker: LoopWaker) -> Bool {
    guard let thread else {
      cleanUp()
      return false
    }
    waker.wake()
    thread.join()
    return true
  }

  /// A udev `remove` of the sensor (an input sensor's `inputN` device or its `eventN` node) ends
  /// the stream.
  func stopWhenRemoved(_ sensor: SensorInfo, udev: Udev) {
    stopWhenRemoved(
      bus: sensor.bus, syspath: sensor.syspath, what: "the \(sensor.type.rawValue) \(sensor.id)", udev: udev)
  }

  /// A udev `remove` of the device at `syspath` (on bus `input`, also of its `eventN` node) ends
  /// the stream, saying `what` was removed.
  func stopWhenRemoved(bus: String, syspath: String, what: String, udev: Udev) {
    watchUdev(udev, subsystems: [bus]) { [unowned self] event in
      let removed = event.device.syspath
      let isNode = bus == "input" && removed.hasPrefix(syspath + "/")
      if event.action == "remove" && ((syspath + "/").hasPrefix(removed + "/") || isNode) {
        loop.stop(.failure("\(what) was removed"))
      }
    }
  }
}
