import CDevCapsShims

/// A connection to upowerd through libupower-glib, which is loaded on first use. Owns its
/// UpClient; devices are read into values at once, so no GObject escapes.
final class UPowerClient {
  let client: UnsafeMutableRawPointer

  struct UnavailableError: Error, CustomStringConvertible {
    var description: String
  }

  /// Connects to the system bus and upowerd; fails when either, or libupower-glib, is absent.
  init() throws(UnavailableError) {
    var reason: UnsafePointer<CChar>? = nil
    guard devcaps_upower_load(&reason) != 0 else {
      throw UnavailableError(description: reason.map { String(cString: $0) } ?? "libupower-glib cannot be loaded")
    }
    var message: UnsafeMutablePointer<CChar>? = nil
    guard let client = devcaps_up_client_new(&message) else {
      let text = message.map { String(cString: $0) } ?? "upowerd is not running"
      if let message { devcaps_g_free(message) }
      throw UnavailableError(description: text)
    }
    if let message { devcaps_g_free(message) }
    // libupower-glib creates a client even when nobody owns the name; a daemon version proves
    // upowerd answered. Checked before `self.client` is set: a throw after that would run
    // deinit, and the client would be released twice.
    guard devcaps_up_client_get_daemon_version(client) != nil else {
      devcaps_g_object_unref(client)
      throw UnavailableError(description: "upowerd is not running on the system bus")
    }
    self.client = client
  }

  deinit { devcaps_g_object_unref(client) }

  func read() -> PowerInfo {
    var power = PowerInfo(source: .upower)
    power.onBattery = devcaps_up_client_get_on_battery(client) != 0
    power.lidPresent = devcaps_up_client_get_lid_is_present(client) != 0
    power.lidClosed = power.lidPresent == true ? devcaps_up_client_get_lid_is_closed(client) != 0 : nil
    if let display = devcaps_up_client_get_display_device(client) {
      if devcaps_object_get_bool(display, "is-present") != 0 {
        power.level = devcaps_object_get_double(display, "percentage") / 100
      }
      devcaps_g_object_unref(display)
    }
    for device in devices() {
      UPowerClient.add(UPowerDeviceReading(device), to: &power)
      devcaps_g_object_unref(device)
    }
    return power
  }

  /// The devices, each with a reference of its own that the caller releases.
  func devices() -> [UnsafeMutableRawPointer] {
    guard let array = devcaps_up_client_get_devices(client) else { return [] }
    defer { devcaps_ptr_array_unref(array) }
    var devices: [UnsafeMutableRawPointer] = []
    for index in 0..<devcaps_ptr_array_length(array) {
      if let device = devcaps_ptr_array_index(array, index) {
        devcaps_g_object_ref(device)
        devices.append(device)
      }
    }
    return devices
  }

  static func add(_ device: UPowerDeviceReading, to power: inout PowerInfo) {
    switch device.kind {
    case "line-power":
      power.linePowerOnline = (power.linePowerOnline ?? false) || device.online
    case "battery" where device.powerSupply:
      power.batteries.append(device.battery)
    default:
      if device.hasBattery && device.kind != "line-power" { power.peripherals.append(device.peripheral) }
    }
  }
}
