import CDevCapsShims

/// A connection to upowerd through libupower-glib, which is loaded on first use. Owns its
/// UpClient; devices are read into values at once, so no GObject escapes.
final class UPowerClient {
  let client: UnsafeMutableRawPointer

  struct Unavailable: Error, CustomStringConvertible {
    var description: String
  }

  /// Connects to the system bus and upowerd; fails when either, or libupower-glib, is absent.
  init() throws(Unavailable) {
    var reason: UnsafePointer<CChar>? = nil
    guard devcaps_upower_load(&reason) != 0 else {
      throw Unavailable(description: reason.map { String(cString: $0) } ?? "libupower-glib cannot be loaded")
    }
    var message: UnsafeMutablePointer<CChar>? = nil
    guard let client = devcaps_up_client_new(&message) else {
      let text = message.map { String(cString: $0) } ?? "upowerd is not running"
      if let message { devcaps_g_free(message) }
      throw Unavailable(description: text)
    }
    if let message { devcaps_g_free(message) }
    // libupower-glib creates a client even when nobody owns the name; a daemon version proves
    // upowerd answered. Checked before `self.client` is set: a throw after that would run
    // deinit, and the client would be released twice.
    guard devcaps_up_client_get_daemon_version(client) != nil else {
      devcaps_g_object_unref(client)
      throw Unavailable(description: "upowerd is not running on the system bus")
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

/// One UpDevice's properties, read at once.
struct UPowerDeviceReading {
  var kind: String
  var powerSupply: Bool
  var online: Bool
  var isPresent: Bool
  var nativePath: String
  var percentage: Double
  var state: UInt32
  var timeToEmpty: Int64
  var timeToFull: Int64
  var energy: Double
  var energyFull: Double
  var energyFullDesign: Double
  var energyRate: Double
  var technology: String?
  var vendor: String?
  var model: String?
  var chargeCycles: Int32
  var warningLevel: String?
  var objectPath: String

  init(_ pointer: UnsafeMutableRawPointer) {
    func string(_ name: String) -> String? {
      guard let value = devcaps_object_get_string(pointer, name) else { return nil }
      defer { devcaps_g_free(value) }
      let text = String(cString: value)
      return text.isEmpty ? nil : text
    }
    kind = String(cString: devcaps_up_device_kind_to_string(devcaps_object_get_uint(pointer, "kind")))
    powerSupply = devcaps_object_get_bool(pointer, "power-supply") != 0
    online = devcaps_object_get_bool(pointer, "online") != 0
    isPresent = devcaps_object_get_bool(pointer, "is-present") != 0
    nativePath = string("native-path") ?? ""
    percentage = devcaps_object_get_double(pointer, "percentage")
    state = devcaps_object_get_uint(pointer, "state")
    timeToEmpty = Int64(devcaps_object_get_int64(pointer, "time-to-empty"))
    timeToFull = Int64(devcaps_object_get_int64(pointer, "time-to-full"))
    energy = devcaps_object_get_double(pointer, "energy")
    energyFull = devcaps_object_get_double(pointer, "energy-full")
    energyFullDesign = devcaps_object_get_double(pointer, "energy-full-design")
    energyRate = devcaps_object_get_double(pointer, "energy-rate")
    let technologyNumber = devcaps_object_get_uint(pointer, "technology")
    technology = technologyNumber == 0 ? nil : String(cString: devcaps_up_device_technology_to_string(technologyNumber))
    vendor = string("vendor")
    model = string("model")
    chargeCycles = devcaps_object_get_int(pointer, "charge-cycles")
    let level = devcaps_object_get_uint(pointer, "warning-level")
    warningLevel = level == 0 ? nil : String(cString: devcaps_up_device_level_to_string(level))
    objectPath = UPowerDeviceReading.objectPath(pointer)
  }

  /// The device's D-Bus object path, which names it for as long as upowerd runs.
  static func objectPath(_ pointer: UnsafeMutableRawPointer) -> String {
    devcaps_up_device_object_path(pointer).map { value in
      defer { devcaps_g_free(value) }
      return String(cString: value)
    } ?? ""
  }

  var hasBattery: Bool { isPresent || percentage > 0 }

  /// The kernel's name for a sysfs-backed device (`/sys/…/BAT0` → `BAT0`).
  var id: String {
    let name = nativePath.split(separator: "/").last.map(String.init) ?? nativePath
    return name.isEmpty ? (objectPath.split(separator: "/").last.map(String.init) ?? "unknown") : name
  }

  /// UPower's states in devcaps' words (the README's battery-state table).
  static func state(_ number: UInt32) -> BatteryState {
    switch number {
    case 1: return .charging
    case 2: return .discharging
    case 3: return .empty
    case 4: return .full
    case 5: return .notCharging
    case 6: return .discharging
    default: return .unknown
    }
  }

  var battery: BatteryInfo {
    var battery = BatteryInfo(id: id, state: UPowerDeviceReading.state(state))
    battery.level = isPresent ? percentage / 100 : nil
    // UPower reports 0 for "unknown" and for "not applicable" alike.
    battery.timeToEmptySeconds = timeToEmpty > 0 ? timeToEmpty : nil
    battery.timeToFullSeconds = timeToFull > 0 ? timeToFull : nil
    battery.energyWh = energyFull > 0 ? energy : nil
    battery.energyFullWh = energyFull > 0 ? energyFull : nil
    battery.energyFullDesignWh = energyFullDesign > 0 ? energyFullDesign : nil
    battery.energyRateW = energyFull > 0 ? energyRate : nil
    if energyFull > 0 && energyFullDesign > 0 { battery.health = energyFull / energyFullDesign }
    battery.technology = technology
    battery.vendor = vendor
    battery.model = model
    battery.chargeCycles = chargeCycles > 0 ? Int64(chargeCycles) : nil
    battery.warningLevel = warningLevel
    return battery
  }

  var peripheral: PeripheralInfo {
    PeripheralInfo(id: id, kind: kind, model: model, level: percentage / 100, state: UPowerDeviceReading.state(state))
  }
}
