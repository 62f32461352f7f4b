import CDevCapsShims

/// Where an input sensor's events are read: the kernel puts the capabilities on the `inputN`
/// device and the node on its `eventN` child (`/dev/input/eventN`), which libudev names.
enum InputEventNode {
  /// The event node of the input device at `syspath` (the sensor's), or nil when it has none.
  static func find(inputSyspath syspath: String, udev: Udev) -> (id: String, node: String)? {
    guard let input = udev.device(syspath: syspath) else { return nil }
    let events = udev.children(of: input, subsystem: "input").filter { $0.sysname.hasPrefix("event") }
    guard let event = events.first else { return nil }
    // libudev's devnode is DEVNAME from the uevent; input nodes live in /dev/input whatever udev
    // rules add as links.
    let node = event.devnode ?? event.property("DEVNAME") ?? "/dev/input/" + event.sysname
    return (event.sysname, node)
  }
}

extension Udev {
  /// The device at a sysfs path, or nil when there is none.
  func device(syspath: String) -> UdevDevice? {
    devcaps_udev_device_new_from_syspath(handle, syspath).map(UdevDevice.init(owning:))
  }
}

extension UdevDevice {
  /// The device node (`/dev/input/event5`), for devices that have one.
  var devnode: String? {
    devcaps_udev_device_get_devnode(handle).map { String(cString: $0) }
  }
}

extension InputEventSource {
  /// The source of an input sensor as the probe listed it (`bus == "input"`): its event node
  /// found through libudev, opened, its state read.
  convenience init(sensor: SensorInfo, udev: Udev) throws(OpenError) {
    guard let (id, node) = InputEventNode.find(inputSyspath: sensor.syspath, udev: udev) else {
      throw .noEventNode(sensor.syspath)
    }
    try self.init(kind: sensor.type, id: id, node: node, mountMatrix: sensor.mountMatrix)
  }
}
