/// `watch thermal`: the state by ``ThermalRule``, read again on each `thermal` uevent (the
/// kernel sends one when a zone crosses a trip point, for the drivers that notify) and at a low
/// rate in between, as most zones notify nothing. An event only when the state changes.
final class ThermalWatcher {
  static let subsystems = ["thermal"]

  private let context: ProbeContext
  private var state: ThermalState?

  init(context: ProbeContext) { self.context = context }

  func start() -> [DeviceEvent] {
    let thermal = read()
    state = thermal.state
    return [.thermal(ThermalUpdate(thermal))]
  }

  /// The state read again; an event when it changed.
  func check() -> [DeviceEvent] {
    let thermal = read()
    guard thermal.state != state else { return [] }
    state = thermal.state
    return [.thermal(ThermalUpdate(thermal))]
  }

  private func read() -> ThermalInfo {
    // Each reading needs fresh files: a context caches them for the run of one report.
    ThermalProbe(context: context.refreshed()).probe()
  }

  /// Opens the watch in `session`. Asked for by name, a machine without thermal zones is
  /// unavailable; in `all`, it is left out.
  static func open(_ kind: StreamKind, _ sources: SourceContext) throws(UpdateError) {
    let (options, session) = (sources.options, sources.session)
    let watcher = ThermalWatcher(context: sources.probes)
    let initial = watcher.start()
    guard case .thermal(let update) = initial.first, !update.zones.isEmpty else {
      if kind == .all { return }
      throw .unavailable(.init(.noHardware, "no thermal zones in \(ThermalProbe.directory)"))
    }
    guard
      session.watchUdev(
        sources.udev, subsystems: subsystems, { [unowned session] _ in session.publish(watcher.check()) })
    else {
      throw .unavailable(.init(.serviceMissing, "cannot listen to udev events for thermal"))
    }
    session.every(hertz: options.hertz(of: .thermal, watching: kind)) { [unowned session] in
      session.publish(watcher.check())
    }
    session.publish(initial, initial: true)
  }
}
