/// Builds the `pci` section from /sys/bus/pci/devices: each device's uevent (class, IDs,
/// subsystem, driver), by the kernel's files alone (no udev, no pci.ids). A field the uevent
/// lacks is read from its attribute file (`class`, `vendor`, …; the `driver` link), as a tree
/// copied without uevents has them.
struct PCIProbe {
  let context: ProbeContext
  static let directory = "/sys/bus/pci/devices/"

  func probe() -> [PCIDeviceInfo] {
    context.entries(PCIProbe.directory).map(device)
  }

  func device(_ address: String) -> PCIDeviceInfo {
    let base = PCIProbe.directory + address + "/"
    let read = context.bytes(base + "uevent").map(PCIUevent.parse)
    let uevent = read ?? PCIUevent()
    func id(_ known: UInt16?, _ file: String) -> String? {
      (known.map(UInt64.init) ?? attribute(base + file, maximum: 0xFFFF)).map { PCIDeviceInfo.hex($0, width: 4) }
    }
    return PCIDeviceInfo(
      address: address,
      classCode: (uevent.classCode.map(UInt64.init) ?? attribute(base + "class", maximum: 0xFF_FFFF))
        .map { PCIDeviceInfo.hex($0, width: 6) },
      vendorId: id(uevent.vendor, "vendor"), deviceId: id(uevent.device, "device"),
      subsystemVendorId: id(uevent.subsystemVendor, "subsystem_vendor"),
      subsystemDeviceId: id(uevent.subsystemDevice, "subsystem_device"),
      // A uevent without DRIVER means no driver is bound: the link is read only without a uevent.
      driver: read != nil ? uevent.driver : context.linkName(base + "driver"))
  }

  /// A hexadecimal attribute file (`0x8086`) no larger than `maximum`; a larger value is logged.
  private func attribute(_ path: String, maximum: UInt64) -> UInt64? {
    guard let value = context.hexInteger(path) else { return nil }
    guard value <= maximum else {
      context.diagnostics.record(path, "0x\(String(value, radix: 16)) is larger than a PCI field holds")
      return nil
    }
    return value
  }
}
