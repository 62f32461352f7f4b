/// One run of a stream: the loop, the sink lines go to, `--count` and `--timeout`. Watchers
/// publish events into it; it ends the loop when enough changes were seen.
public final class StreamSession {
  public let loop = EventLoop()
  private let emit: (StreamEvent) -> Void
  private let maximumChanges: Int?
  private var changes = 0
  private var timers: [LoopTimer] = []
  private var monitors: [UdevMonitor] = []

  public init(maximumChanges: Int?, emit: @escaping (StreamEvent) -> Void) {
    self.maximumChanges = maximumChanges
    self.emit = emit
    do {
      try loop.handleTerminationSignals()
    } catch {
      loop.stop(.failure("cannot receive SIGINT and SIGTERM (signalfd): \(error)"))
    }
    loop.stopWhenOutputCloses()
  }

  public func publish(_ events: [StreamEvent]) {
    for event in events {
      emit(event)
      if event.isChange {
        changes += 1
        if let maximumChanges, changes >= maximumChanges {
          loop.stop(.finished)
          return
        }
      }
    }
  }

  /// `--count 0` ends right after the initial state.
  public func finishIfCountReached() {
    if let maximumChanges, changes >= maximumChanges { loop.stop(.finished) }
  }

  public func stop(after seconds: Double) {
    guard let timer = timer(seconds, repeating: false) else { return }
    loop.watch(timer.fd) { [unowned self] in
      guard self.acknowledge(timer) > 0 else { return }
      self.loop.stop(.finished)
    }
  }

  /// Calls `tick` at `hertz`, from a timerfd: no busy loop, no drift from sleeping.
  public func every(hertz: Double, _ tick: @escaping () -> Void) {
    guard let timer = timer(1 / hertz, repeating: true) else { return }
    loop.watch(timer.fd) { [unowned self] in
      guard self.acknowledge(timer) > 0 else { return }
      tick()
    }
  }

  /// Delivers udev events of these subsystems to `handler`.
  @discardableResult
  public func watchUdev(_ udev: Udev, subsystems: [String], _ handler: @escaping (UdevMonitor.Event) -> Void) -> Bool {
    guard let monitor = UdevMonitor(udev: udev, subsystems: subsystems) else { return false }
    monitors.append(monitor)
    loop.watch(monitor.fd) {
      while let event = monitor.receive() { handler(event) }
    }
    return true
  }

  /// Calls `action` once, after `seconds`.
  public func once(after seconds: Double, _ action: @escaping () -> Void) {
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
  public func onStop(_ cleanup: @escaping () -> Void) { cleanups.append(cleanup) }

  public func run() -> EventLoop.Stop {
    finishIfCountReached()
    let stop = loop.run()
    for cleanup in cleanups.reversed() { cleanup() }
    return stop
  }
}
