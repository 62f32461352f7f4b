import CDevCapsShims
import Synchronization

/// `watch power-profile`: the profile now, then a line when it changes. A GLib thread of its own
/// waits for PropertiesChanged and for either bus name changing owner, and wakes the stream's
/// loop through an eventfd; the profile is then read again. Nothing polls. The daemon going
/// away is `source-lost`; coming back, `source-restored` and the profile.
final class PowerProfilesWatcher {
  static let source = "power-profiles-daemon"
  private var last: PowerProfileInfo?

  private init(first: PowerProfileInfo) { last = first }

  /// The profile read again; events when something changed.
  private func check() -> [StreamEvent] {
    let now = try? PowerProfilesClient.read().get()
    guard now != last else { return [] }
    defer { last = now }
    guard let now else { return [StreamEvent(.sourceLost(source: Self.source))] }
    // After a return, the profile is the current state again, as battery's is after UPower's.
    guard last != nil else {
      return [
        StreamEvent(.sourceRestored(source: Self.source)),
        StreamEvent(.powerProfile(PowerProfileUpdate(profile: now)), initial: true),
      ]
    }
    return [StreamEvent(.powerProfile(PowerProfileUpdate(profile: now)))]
  }

  /// Opens the watch in `session`. Asked for by name, no daemon is unavailable with the reason;
  /// in `all`, it is left out.
  static func open(_ kind: StreamKind, _ sources: SourceContext) throws(UpdateError) {
    let session = sources.session
    let first: PowerProfileInfo
    switch PowerProfilesClient.read() {
    case .success(let profile): first = profile
    case .failure(let error):
      if kind == .all { return }
      throw .unavailable(.init(.serviceMissing, error.description))
    }
    // The profile is read without GLib (SystemBusConnection); its signals are followed with GIO.
    var reason: UnsafePointer<CChar>? = nil
    guard devcaps_upower_load(&reason) != 0 else {
      throw .unavailable(.init(.serviceMissing, reason.map { String(cString: $0) } ?? "GIO cannot be loaded"))
    }
    guard let waker = LoopWaker(), let run = try? Run() else {
      throw .unavailable(
        .init(.systemResources, "cannot create an eventfd or a GLib main context to follow power-profiles-daemon"))
    }
    let thread: WorkerThread
    do {
      thread = try WorkerThread(named: "devcaps-profile") {
        devcaps_g_main_context_push_thread_default(run.context)
        let subscription = devcaps_power_profiles_subscribe(waker.fd.rawValue)
        while !run.stopRequested.load(ordering: .acquiring) {
          _ = devcaps_g_main_context_iteration(run.context, 1)
        }
        if let subscription { devcaps_power_profiles_unsubscribe(subscription) }
        while devcaps_g_main_context_iteration(run.context, 0) != 0 {}
        devcaps_g_main_context_pop_thread_default(run.context)
      }
    } catch {
      throw .unavailable(.init(.systemResources, "cannot start a thread to follow power-profiles-daemon: \(error)"))
    }
    let watcher = PowerProfilesWatcher(first: first)
    session.loop.watch(waker.fd) { [unowned session] in
      waker.acknowledge()
      session.publish(watcher.check())
    }
    session.onStop {
      run.requestStop()
      thread.join()
    }
    session.publish(.powerProfile(PowerProfileUpdate(profile: first)), initial: true)
  }
}
