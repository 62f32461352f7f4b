import CDevCapsShims

/// UPower as the GLib thread sees it: the bus-name watch, the client and its devices' signal
/// handlers, the pending snapshot. Created, used and dropped on that thread only, whose
/// thread-default main context is `context`. Its closures hold it `unowned`: each is
/// disconnected, unwatched or destroyed before it goes, so none is called after.
final class UPowerSession {
  private let mailbox: Mailbox
  private let context: UnsafeMutableRawPointer
  private var client: UPowerClient? = nil
  /// The client's handlers and every device's `notify` handler (each holds its object).
  private var connections: [SignalConnection] = []
  private var watchedDevices = Set<String>()
  private var nameWatch: UInt32 = 0
  /// Set until GLib releases the name watch's closure, which it does after the unwatch.
  private weak var nameWatchClosure: GLibClosure<Bool>? = nil
  private var pendingSnapshot: GLibTimeout? = nil
  private var reportedFirst = false

  private init(mailbox: Mailbox, context: UnsafeMutableRawPointer) {
    self.mailbox = mailbox
    self.context = context
  }

  /// The GLib thread's body: watch until asked to stop, then take everything down.
  static func run(mailbox: Mailbox, run: Run) {
    devcaps_g_main_context_push_thread_default(run.context)
    let session = UPowerSession(mailbox: mailbox, context: run.context)
    session.watchName()
    while !run.stopRequested.load(ordering: .acquiring) {
      _ = devcaps_g_main_context_iteration(run.context, 1)
    }
    session.finish()
    devcaps_g_main_context_pop_thread_default(run.context)
  }

  private func watchName() {
    let closure = GLibClosure<Bool> { [unowned self] present in self.nameChanged(present: present) }
    nameWatchClosure = closure
    nameWatch = devcaps_g_bus_watch_upower(
      { box, present in GLibClosure<Bool>.call(box, present != 0) },
      closure.retainedForGLib, { box in GLibClosure<Bool>.release(box) })
    // 0 only when the C side could not allocate its half (the closure is released already).
    if nameWatch == 0 { reportAbsent() }
  }

  private func nameChanged(present: Bool) {
    if present {
      connect()
    } else if client != nil {
      disconnect(announce: true)
    } else {
      reportAbsent()
    }
  }

  /// `.absent`, when nothing was reported yet.
  private func reportAbsent() {
    guard !reportedFirst else { return }
    reportedFirst = true
    mailbox.send(.absent)
  }

  private func connect() {
    guard client == nil else { return }
    guard let upower = try? UPowerClient() else {
      reportAbsent()
      return
    }
    reportedFirst = true
    client = upower
    // A refused connection has been logged by GLib; the others, and the snapshots they
    // trigger, still cover what it would have.
    let handlers = [
      SignalConnection(notifyOf: upower.client) { [unowned self] _ in self.scheduleSnapshot() },
      SignalConnection("device-added", of: upower.client) { [unowned self] in self.scheduleSnapshot() },
      SignalConnection("device-removed", of: upower.client) { [unowned self] in self.scheduleSnapshot() },
    ]
    connections.append(contentsOf: handlers.compactMap { $0 })
    mailbox.send(.appeared(snapshot(upower)))
  }

  private func disconnect(announce: Bool) {
    connections.removeAll()
    watchedDevices.removeAll()
    pendingSnapshot = nil
    let had = client != nil
    client = nil
    if announce && had { mailbox.send(.vanished) }
  }

  /// Reads the client and its devices, connecting `notify` on devices not yet watched.
  private func snapshot(_ upower: UPowerClient) -> PowerInfo {
    for device in upower.devices() {
      defer { devcaps_g_object_unref(device) }
      guard watchedDevices.insert(UPowerDeviceReading.objectPath(device)).inserted else { continue }
      let handler = SignalConnection(notifyOf: device) { [unowned self] property in
        // The update time alone changes on every poll of upowerd: not a change.
        if property == "update-time" { return }
        self.scheduleSnapshot()
      }
      if let handler { connections.append(handler) }
    }
    return upower.read()
  }

  private func scheduleSnapshot() {
    guard pendingSnapshot == nil else { return }
    pendingSnapshot = GLibTimeout(context: context, milliseconds: 50) { [unowned self] in
      self.pendingSnapshot = nil
      if let client = self.client { self.mailbox.send(.changed(self.snapshot(client))) }
    }
  }

  /// Unwatches the name and drops the client, then iterates the context until GLib has
  /// released the name watch's closure: GDBus does that from an idle on this context, after
  /// any call under way has finished. At most 2 s, so that a bus that stopped answering cannot
  /// hold `stop()` forever. What else is queued (a proxy's unsubscription) runs last.
  private func finish() {
    if nameWatch != 0 { devcaps_g_bus_unwatch_name(nameWatch) }
    disconnect(announce: false)
    var expired = false
    let deadline = GLibTimeout(context: context, milliseconds: 2000) { expired = true }
    while nameWatchClosure != nil && !expired {
      _ = devcaps_g_main_context_iteration(context, 1)
    }
    withExtendedLifetime(deadline) {}
    while devcaps_g_main_context_iteration(context, 0) != 0 {}
  }
}
