/// GPUs, cameras, sound cards, radios and input devices, from libudev enumerations and sysfs
/// attributes only: no device node is opened.
struct InventoryProbe {
  let context: ProbeContext
  let udev: Udev?

  init(context: ProbeContext, udev: Udev?) {
    self.context = context
    self.udev = udev
  }

  func gpus(_ drm: DRMDevices) -> [GPUInfo] {
    let renderNodes = drm.renderNodes
    return drm.cards.map { card in
      let hardware = card.parent
      // A card and its render node sit side by side in the device's drm/ directory.
      let render = renderNodes.first {
        InventoryProbe.directory(of: $0.syspath) == InventoryProbe.directory(of: card.syspath)
      }
      return GPUInfo(
        card: card.sysname, driver: hardware?.driver,
        vendor: hardware?.property("ID_VENDOR_FROM_DATABASE"), model: hardware?.property("ID_MODEL_FROM_DATABASE"),
        pciId: hardware.flatMap(InventoryProbe.pciId), renderNode: render?.sysname)
    }
  }

  static func directory(of path: String) -> Substring {
    path[..<(path.lastIndex(of: "/") ?? path.endIndex)]
  }

  /// `PCI_ID` (`8086:46A8`) or the `vendor` and `device` attributes (`0x8086`).
  static func pciId(_ device: UdevDevice) -> String? {
    if let id = device.property("PCI_ID") { return id.lowercased() }
    guard device.subsystem == "pci", let vendor = device.attribute("vendor"), let product = device.attribute("device")
    else { return nil }
    func bare(_ text: String) -> String { (text.hasPrefix("0x") ? String(text.dropFirst(2)) : text).lowercased() }
    return bare(vendor) + ":" + bare(product)
  }

  func cameras() -> [CameraInfo] {
    guard let udev else { return [] }
    return udev.devices(subsystem: "video4linux")
      .filter { $0.property("ID_V4L_CAPABILITIES")?.containsBytes(":capture:") == true }
      .map { device in
        CameraInfo(
          id: device.sysname, name: device.attribute("name"), panel: InventoryProbe.panel(device),
          driver: device.lineage.lazy.compactMap(\.driver).first)
      }
  }

  /// The ACPI `_PLD` panel the firmware gives the camera or one of its parents.
  static func panel(_ device: UdevDevice) -> String? {
    device.lineage.lazy.compactMap { $0.attribute("physical_location/panel") }.first
  }

  func audioCards() -> [AudioCardInfo] {
    guard let udev else { return [] }
    let sound = udev.devices(subsystem: "sound")
    return sound.filter { $0.sysname.hasPrefix("card") && Int($0.sysname.dropFirst(4)) != nil }.map { card in
      let number = String(card.sysname.dropFirst(4))
      let pcms = sound.map(\.sysname).filter { $0.hasPrefix("pcmC\(number)D") }
      return AudioCardInfo(
        card: card.sysname, name: card.attribute("id") ?? card.property("ID_MODEL_FROM_DATABASE"),
        playbackDevices: pcms.filter { $0.hasSuffix("p") }.count,
        captureDevices: pcms.filter { $0.hasSuffix("c") }.count)
    }
  }

  func radios() -> [RadioInfo] {
    guard let udev else { return [] }
    var radios: [RadioInfo] = []
    for interface in udev.devices(subsystem: "net", named: radioInterfaceNames()) {
      let type: String?
      if interface.devtype == "wlan" || context.liveHas(interface.syspath, entry: "wireless")
        || context.liveHas(interface.syspath, entry: "phy80211")
      {
        type = "wifi"
      } else if interface.devtype == "wwan" {
        type = "wwan"
      } else {
        type = nil
      }
      if let type { radios.append(RadioInfo(type: type, id: interface.sysname, driver: interface.parent?.driver)) }
    }
    for (subsystem, type) in [("bluetooth", "bluetooth"), ("wwan", "wwan"), ("gnss", "gnss"), ("nfc", "nfc")] {
      for device in udev.devices(subsystem: subsystem) {
        // Bluetooth controllers are hciN; their connections (hci0:11) are not radios.
        if subsystem == "bluetooth" && (!device.sysname.hasPrefix("hci") || device.sysname.contains(":")) { continue }
        radios.append(RadioInfo(type: type, id: device.sysname, driver: device.parent?.driver))
      }
    }
    return radios
  }

  /// The network interfaces that may be radios, by the files the test below reads (the uevent's
  /// DEVTYPE, the `wireless` and `phy80211` entries), which the network section has mostly read
  /// already: only these are enumerated. libudev resolves each device it enumerates, and each of
  /// its parents, from `/` a component at a time: four wired interfaces took 430 of `list
  /// --json`'s 1,008 system calls and a fifth of its time (issue #39).
  private func radioInterfaceNames() -> [String] {
    context.liveEntries(InventoryProbe.networkInterfaces).filter { name in
      let directory = InventoryProbe.networkInterfaces + name
      if let uevent = context.liveBytes(directory + "/uevent") {
        let devtype = parseEnvironmentFile(String(decoding: uevent, as: UTF8.self))["DEVTYPE"]
        if devtype == "wlan" || devtype == "wwan" { return true }
      }
      return context.liveHas(directory, entry: "wireless") || context.liveHas(directory, entry: "phy80211")
    }
  }

  /// Where the kernel lists every network interface, the net subsystem's devices.
  static let networkInterfaces = "/sys/class/net/"

  func inputs() -> [InputInfo] {
    guard let udev else { return [] }
    let devices = udev.devices(subsystem: "input")
    var events: [String: UdevDevice] = [:]
    for device in devices where device.sysname.hasPrefix("event") {
      if let parent = device.parent { events[parent.syspath] = device }
    }
    return devices.filter(InputDevices.isInputNode).map { device in
      let event = events[device.syspath]
      let kinds = InputDevices.kinds.filter { device.flag($0.property) || event?.flag($0.property) == true }.map(\.word)
      return InputInfo(
        id: event?.sysname ?? device.sysname, name: device.attribute("name"), kinds: kinds,
        switches: InputDevices.Switch.allCases.filter(InputDevices.switches(device).contains).map(\.word),
        forceFeedback: InputDevices.hasForceFeedback(device))
    }
  }
}
