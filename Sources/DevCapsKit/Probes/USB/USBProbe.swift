/// Builds the `usb` section from libudev's `usb` subsystem (one enumeration, shared with the
/// report's other udev sections): each `usb_device` with an `idVendor` except the root hubs
/// (`usbN`, the host controllers' own), with the classes of its `usb_interface` children. Every
/// attribute is read once, through libudev; no device node is opened.
struct USBProbe {
  let context: ProbeContext
  let udev: Udev?

  func probe() -> [USBDeviceInfo] {
    guard let udev else { return [] }
    let all = udev.devices(subsystem: "usb")
    // An interface (`3-2:1.0`) sits in its device's directory.
    var interfaceClasses: [Substring: Set<String>] = [:]
    for interface in all where interface.devtype == "usb_interface" {
      guard let code = attribute(interface, "bInterfaceClass", USBAttributes.classCode) else { continue }
      interfaceClasses[InventoryProbe.directory(of: interface.syspath), default: []].insert(code)
    }
    let devices = all.filter { $0.devtype == "usb_device" && !USBAttributes.isRootHub($0.sysname) }
    return devices.compactMap { device in
      guard let vendor = device.attribute("idVendor") else { return nil }
      return USBDeviceInfo(
        port: device.sysname, vendorId: checked(device, "idVendor", vendor, USBAttributes.id),
        productId: attribute(device, "idProduct", USBAttributes.id),
        manufacturer: USBProbe.text(device.attribute("manufacturer")),
        product: USBProbe.text(device.attribute("product")),
        deviceClass: attribute(device, "bDeviceClass", USBAttributes.classCode),
        interfaceClasses: (interfaceClasses[Substring(device.syspath)] ?? []).sorted(),
        speedMbps: speed(device), removable: removable(device),
        busNumber: attribute(device, "busnum", USBAttributes.number),
        deviceNumber: attribute(device, "devnum", USBAttributes.number))
    }.sorted { USBAttributes.portOrder($0.port, $1.port) }
  }

  /// A string the device reports, nil when empty.
  static func text(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }

  private func attribute<Value>(_ device: UdevDevice, _ name: String, _ parse: (String) -> Value?) -> Value? {
    device.attribute(name).flatMap { checked(device, name, $0, parse) }
  }

  /// `text` parsed; text the kernel does not write is logged and gives nil.
  private func checked<Value>(_ device: UdevDevice, _ name: String, _ text: String, _ parse: (String) -> Value?)
    -> Value?
  {
    guard let value = parse(text) else {
      context.diagnostics.record(device.syspath + "/" + name, "not a USB \(name) value: \(text.quotedForMessage)")
      return nil
    }
    return value
  }

  private func speed(_ device: UdevDevice) -> Double? {
    guard let text = device.attribute("speed"), text != "unknown" else { return nil }
    return checked(device, "speed", text, USBAttributes.speed)
  }

  private func removable(_ device: UdevDevice) -> Bool? {
    device.attribute("removable").flatMap { checked(device, "removable", $0, USBAttributes.removable) } ?? nil
  }
}
