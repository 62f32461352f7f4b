import DevCapsKit

/// The pci section: one row per device, its class by name, vendor and model by name where the
/// pci.ids database is installed (IDs always), subsystem and driver.
extension HumanReport {
  func pciRows(_ devices: [PCIDeviceInfo]) -> [(String, String)] {
    if devices.isEmpty { return none("PCI devices") }
    let names = PCINames.lookUp(devices)
    return devices.map { device in
      let vendor = device.vendorId.flatMap { names.vendors[$0] }
      let model = device.pciId.flatMap { names.devices[$0] }
      let name = [vendor, model].compactMap { $0 }.joined(separator: " ")
      let subsystem = device.subsystemVendorId.flatMap { vendor in
        device.subsystemDeviceId.map { "subsystem " + vendor + ":" + $0 }
      }
      return (
        device.address,
        joined([
          device.classCode.map(HumanReport.pciClassName), name.isEmpty ? nil : name, device.pciId.map { "[\($0)]" },
          subsystem, device.driver ?? "no driver",
        ])
      )
    }
  }

  /// The base class's name (PCI Code and ID Assignment Specification), the code when unknown.
  static func pciClassName(_ code: String) -> String {
    let names: [Substring: String] = [
      "00": "Unclassified device", "01": "Mass storage controller", "02": "Network controller",
      "03": "Display controller", "04": "Multimedia controller", "05": "Memory controller", "06": "Bridge",
      "07": "Communication controller", "08": "Generic system peripheral", "09": "Input device controller",
      "0a": "Docking station", "0b": "Processor", "0c": "Serial bus controller", "0d": "Wireless controller",
      "0e": "Intelligent controller", "0f": "Satellite communications controller", "10": "Encryption controller",
      "11": "Signal processing controller", "12": "Processing accelerator", "13": "Non-essential instrumentation",
      "40": "Coprocessor",
    ]
    return names[code.prefix(2)] ?? "class " + code
  }
}
