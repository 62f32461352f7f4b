import CDevCapsShims

/// What `umockdev-record` takes from `udevadm info` for a device: its path below `/sys`, its
/// node's links and its udev properties (the node itself is `devnode`).
extension UdevDevice {
  /// The path below `/sys`: `/devices/pci0000:00/0000:00:02.0/drm/card0`.
  var devpath: String { devcaps_udev_device_get_devpath(handle).map { String(cString: $0) } ?? "" }

  /// The node's symbolic links (`/dev/disk/by-id/…`), as udev made them.
  var devlinks: [String] { UdevDevice.names(devcaps_udev_device_get_devlinks_list_entry(handle)) }

  /// Every udev property, in libudev's order.
  var properties: [(name: String, value: String)] {
    var pairs: [(name: String, value: String)] = []
    var entry = devcaps_udev_device_get_properties_list_entry(handle)
    while let current = entry {
      if let name = devcaps_udev_list_entry_get_name(current) {
        pairs.append(
          (String(cString: name), devcaps_udev_list_entry_get_value(current).map { String(cString: $0) } ?? ""))
      }
      entry = devcaps_udev_list_entry_get_next(current)
    }
    return pairs
  }
}
