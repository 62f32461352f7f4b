import CDevCapsShims

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

  /// UPower's states in devcaps' words (docs/guides/streams.md, the battery stream).
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
