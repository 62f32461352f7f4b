/// Whether the hardware behind each of ``Device``'s streams is there, judged from sysfs alone:
/// a directory listing and a file or two per entry, no stream, no udev, no D-Bus. The streams'
/// own rules, cheaply: the same devices they would open.
struct SourcePresence {
  let context: ProbeContext

  /// A power supply of type `Battery` that powers the machine (not a mouse's: scope `Device`).
  var battery: Bool {
    let directory = "/sys/class/power_supply/"
    return context.entries(directory).contains { name in
      context.line(directory + name + "/type") == "Battery" && context.line(directory + name + "/scope") != "Device"
    }
  }

  /// An input device with an `SW_LID` switch, what UPower reads `LidIsPresent` from.
  var lid: Bool { hasSwitch(.lid) }

  /// An input device with an `SW_TABLET_MODE` switch.
  var tabletMode: Bool { hasSwitch(.tabletMode) }

  /// An IIO device with an `in_illuminance` channel.
  var ambientLight: Bool {
    let directory = "/sys/bus/iio/devices/"
    return context.entries(directory).contains { name in
      context.entries(directory + name).contains { $0.hasPrefix("in_illuminance") }
    }
  }

  /// A thermal zone; without one the thermal state is nominal for good.
  var thermalZones: Bool {
    context.entries(ThermalProbe.directory).contains { $0.hasPrefix("thermal_zone") }
  }

  private func hasSwitch(_ wanted: InputDevices.Switch) -> Bool {
    let directory = "/sys/class/input/"
    return context.entries(directory).contains { name in
      guard name.hasPrefix("input"), Int(name.dropFirst(5)) != nil,
        let bitmap = context.line(directory + name + "/capabilities/sw"), let bits = InputDevices.bits(bitmap)
      else { return false }
      return bits.contains(wanted.rawValue)
    }
  }
}

extension Device {
  /// Whether the machine has a battery that powers it (`/sys/class/power_supply`, peripherals'
  /// left out), as ``BatteryMonitor/updates`` would report it: a listing and two small files
  /// per power supply, no stream opened. `Device.current.batteryLevel` is nil without one.
  public static var isBatteryAvailable: Bool { SourcePresence(context: ProbeContext()).battery }

  /// Whether the machine has a lid switch (an input device with `SW_LID`), whose state
  /// ``lidUpdates()`` follows; no stream opened. Those updates also need upowerd on the system
  /// bus, and throw ``UpdateError/unavailable(_:)`` (kind ``UpdateError/Reason/Kind/serviceMissing``)
  /// without it.
  public static var isLidAvailable: Bool { SourcePresence(context: ProbeContext()).lid }

  /// Whether the machine has a tablet-mode switch (an input device with `SW_TABLET_MODE`), as
  /// ``tabletModeUpdates()`` reads; no stream opened. Its event node may still be unreadable to
  /// this user: the updates then throw ``UpdateError/Reason/Kind/permissionDenied(path:)``.
  public static var isTabletModeAvailable: Bool { SourcePresence(context: ProbeContext()).tabletMode }

  /// Whether the machine has an ambient light sensor (an IIO device with an `in_illuminance`
  /// channel), as ``ambientLightUpdates()`` reads; no stream opened.
  public static var isAmbientLightAvailable: Bool { SourcePresence(context: ProbeContext()).ambientLight }

  /// Whether the machine has thermal zones whose temperatures ``thermalState`` judges: without
  /// any, the state is nominal and ``thermalStateUpdates()`` gives it once and nothing after.
  public static var isThermalStateAvailable: Bool { SourcePresence(context: ProbeContext()).thermalZones }
}
