/// One run of a stream: the loop, where events go, `maximumChanges` and the duration. Sources
/// publish events into it; it ends the loop when enough changes were seen.
final class StreamSession {
  let loop = EventLoop()
  private let emit: (StreamEvent) -> Void
  private let maximumChanges: Int?
  private var changes = 0
  private var timers: [LoopTimer] = []
  private var monitors: [UdevMonitor] = []

  init(maximumChanges: Int?, emit: @escaping (StreamEvent) -> Void) {
    self.maximumChanges = maximumChanges
    self.emit = emit
  }

  func publish(_ events: [DeviceEvent]) {
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
  func finishIfCountReached() {
    if let maximumChanges, changes >= maximumChanges { loop.stop(.finished) }
  }

  func stop(after seconds: Double) {
    guard let timer = LoopTimer(interval: seconds, repeating: false) else { return }
    timers.append(timer)
    loop.watch(timer.fd) { [unowned self] in
      timer.acknowledge()
      self.loop.stop(.finished)
    }
  }

  /// Calls `tick` at `hertz`, from a timerfd: no busy loop, no drift from sleeping.
  func every(hertz: Double, _ tick: @escaping () -> Void) {
    guard let timer = LoopTimer(interval: 1 / hertz, repeating: true) else { return }
    timers.append(timer)
    loop.watch(timer.fd) {
      timer.acknowledge()
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
  func onStop(_ cleanup: @escaping () -> Void) { cleanups.append(cleanup) }

  func run() -> EventLoop.Stop {
    finishIfCountReached()
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
