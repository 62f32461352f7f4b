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
    loop.handleTerminationSignals()
    loop.stopWhenOutputCloses()
  }

  public func publish(_ events: [DeviceEvent]) {
    for event in events {
      let stamped = StreamEvent(event)
      emit(stamped)
      if stamped.isChange {
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
    guard let timer = LoopTimer(interval: seconds, repeating: false) else { return }
    timers.append(timer)
    loop.watch(timer.fd) { [unowned self] in
      timer.acknowledge()
      self.loop.stop(.finished)
    }
  }

  /// Calls `tick` at `hertz`, from a timerfd: no busy loop, no drift from sleeping.
  public func every(hertz: Double, _ tick: @escaping () -> Void) {
    guard let timer = LoopTimer(interval: 1 / hertz, repeating: true) else { return }
    timers.append(timer)
    loop.watch(timer.fd) {
      timer.acknowledge()
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
    guard let timer = LoopTimer(interval: seconds, repeating: false) else { return }
    timers.append(timer)
    loop.watch(timer.fd) { [unowned self] in
      timer.acknowledge()
      self.loop.unwatch(timer.fd)
      action()
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
