#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Battery and lid: UPower's signals on its own GLib thread when upowerd answers; without it,
/// the battery from sysfs on udev `power_supply` events, and no lid.
enum PowerSources {
  static func open(_ kind: StreamKind, _ sources: SourceContext) throws(UpdateError) {
    let (session, context, udev) = (sources.session, sources.probes, sources.udev)
    let battery = kind != .lid ? PowerStream(kind: .battery) : nil
    let lid = kind != .battery ? PowerStream(kind: .lid) : nil
    let streams = [battery, lid].compactMap { $0 }
    let watcher: UPowerWatcher
    do {
      watcher = try UPowerWatcher()
      try watcher.start()
    } catch {
      throw .unavailable(.init(.serviceMissing, "cannot start watching UPower: \(error)"))
    }
    // The first message says whether upowerd is there; D-Bus answers within moments.
    var ready = pollfd(fd: watcher.fd.rawValue, events: Int16(POLLIN), revents: 0)
    _ = try? FileDescriptor.poll(&ready, timeout: 5000)
    let first = watcher.receive()
    if first.contains(where: { if case .appeared = $0 { return true } else { return false } }) {
      for message in first { session.publish(streams.flatMap { $0.handle(message) }) }
      session.loop.watch(watcher.fd) { [unowned session] in
        for message in watcher.receive() { session.publish(streams.flatMap { $0.handle(message) }) }
      }
      session.onStop { watcher.stop() }
      return
    }
    watcher.stop()
    if lid != nil && kind == .lid {
      throw .unavailable(
        .init(.serviceMissing, "watch lid needs UPower: org.freedesktop.UPower is not on the system bus"))
    }
    guard let battery else { return }
    let power = SysfsPower(context: context, udev: udev).read()
    if power.source == .none {
      if kind == .all { return }
      throw .unavailable(
        .init(
          .noHardware, "no power source: UPower is not running and /sys/class/power_supply has no battery or line power"
        ))
    }
    session.watchUdev(udev, subsystems: ["power_supply"]) { [unowned session] _ in
      session.publish(battery.diff(SysfsPower(context: context.refreshed(), udev: udev).read(), initial: false))
    }
    session.publish(battery.diff(power, initial: true))
  }
}
