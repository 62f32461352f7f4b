import DevCapsKit

/// The usb section: one row per device, its port as the label: the strings it reports, its
/// IDs, its classes by name, its speed and whether it can be unplugged.
extension HumanReport {
  func usbRows(_ devices: [USBDeviceInfo]) -> [(String, String)] {
    if devices.isEmpty { return none("USB devices") }
    return devices.map { device in
      let name = [device.manufacturer, device.product].compactMap { $0 }.joined(separator: " ")
      // Class 00 means "each interface says"; the interfaces' classes follow.
      var classes: [String] = []
      for code in [device.deviceClass].compactMap({ $0 }).filter({ $0 != "00" }) + device.interfaceClasses
      where !classes.contains(code) {
        classes.append(code)
      }
      let removable = device.removable.map { $0 ? "removable" : "built in" }
      return (
        device.port,
        joined([
          name.isEmpty ? nil : name, device.usbId.map { "[\($0)]" },
          classes.isEmpty ? nil : classes.map(HumanReport.usbClassName).joined(separator: " + "),
          device.speedMbps.map { Units.plain($0) + " Mbit/s" }, removable,
        ])
      )
    }
  }

  /// The class's name (USB-IF's defined class codes), the code when unknown.
  static func usbClassName(_ code: String) -> String {
    let names: [String: String] = [
      "01": "audio", "02": "communications", "03": "HID", "05": "physical", "06": "imaging", "07": "printer",
      "08": "mass storage", "09": "hub", "0a": "CDC data", "0b": "smart card", "0d": "content security",
      "0e": "video", "0f": "personal healthcare", "10": "audio/video", "11": "billboard", "12": "USB-C bridge",
      "dc": "diagnostic", "e0": "wireless", "ef": "miscellaneous", "fe": "application specific",
      "ff": "vendor specific",
    ]
    return names[code] ?? "class " + code
  }
}
