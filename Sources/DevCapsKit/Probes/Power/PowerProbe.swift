#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The `power` section: UPower when upowerd answers, sysfs when it does not, `none` when there
/// is no power supply at all. Never an error.
struct PowerProbe {
  let context: ProbeContext
  /// Asked only for the sysfs fallback: when UPower answers, libudev is not loaded.
  let udev: () -> Udev?

  init(context: ProbeContext, udev: @escaping () -> Udev?) {
    self.context = context
    self.udev = udev
  }

  func probe() -> PowerInfo {
    let asked = context.made.removeValue(forKey: PowerProbe.pendingQueryKey) as? PowerDaemonsQuery
    let answers = (asked ?? PowerProbe.startQuery(context: context))?.collect()
    if let reason = answers?.timedOut { context.diagnostics.record("system bus", reason) }
    var power: PowerInfo
    if let upower = try? answers?.upower.get() {
      power = upower
    } else {
      power = SysfsPower(context: context, udev: udev()).read()
    }
    power.powerProfile = try? answers?.profile.get()
    return power
  }

  /// Where `ask(in:)` leaves the questions for the probe to collect.
  static let pendingQueryKey = "power daemons' answers"

  /// Asks the daemons now, when the report starts, so that they answer while the file probes run.
  static func ask(in context: ProbeContext) {
    if let query = startQuery(context: context) { context.made[pendingQueryKey] = query }
  }

  /// The daemons' questions, asked now; nil without a system bus (nothing to wait for). The
  /// power supplies' names (a directory listing, nothing read) let the devices be asked for at once.
  static func startQuery(context: ProbeContext) -> PowerDaemonsQuery? {
    guard systemBusMayExist else { return nil }
    return try? PowerDaemonsQuery.start(supplies: context.entries("/sys/class/power_supply")).get()
  }

  /// Without a system bus there is no upowerd to ask: then GLib and libupower-glib are not even
  /// loaded (they cost milliseconds), and sysfs answers at once.
  static var systemBusMayExist: Bool {
    if let address = getenv("DBUS_SYSTEM_BUS_ADDRESS"), address.pointee != 0 {
      let text = String(cString: address)
      guard text.hasPrefix("unix:path=") else { return true }
      let path = String(text.dropFirst("unix:path=".count).prefix { $0 != "," })
      return FileSystem.isAccessible(path, F_OK)
    }
    return FileSystem.isAccessible("/run/dbus/system_bus_socket", F_OK)
  }
}
