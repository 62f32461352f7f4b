#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The `power` section: UPower when upowerd answers, sysfs when it does not, `none` when there
/// is no power supply at all. Never an error.
struct PowerProbe {
  let context: ProbeContext
  let udev: Udev?

  init(context: ProbeContext, udev: Udev?) {
    self.context = context
    self.udev = udev
  }

  func probe() -> PowerInfo {
    var power: PowerInfo
    if PowerProbe.systemBusMayExist, let client = try? UPowerClient() {
      power = client.read()
    } else {
      power = SysfsPower(context: context, udev: udev).read()
    }
    power.powerProfile = try? PowerProfilesClient.read().get()
    return power
  }

  /// Without a system bus there is no upowerd to ask: then GLib and libupower-glib are not even
  /// loaded (they cost milliseconds), and sysfs answers at once.
  static var systemBusMayExist: Bool {
    if let address = getenv("DBUS_SYSTEM_BUS_ADDRESS"), address.pointee != 0 {
      let text = String(cString: address)
      guard text.hasPrefix("unix:path=") else { return true }
      let path = String(text.dropFirst("unix:path=".count).prefix { $0 != "," })
      return access(path, F_OK) == 0
    }
    return access("/run/dbus/system_bus_socket", F_OK) == 0
  }
}
