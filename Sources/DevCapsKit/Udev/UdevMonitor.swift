import CDevCapsShims

/// A udev monitor: the events udev sends after applying its rules (`add`, `remove`, `change`),
/// filtered by subsystem in the kernel's socket filter. Its descriptor goes into an EventLoop.
final class UdevMonitor {
  let handle: OpaquePointer
  /// Owned by the monitor: libudev closes it.
  let fd: FileDescriptor

  init?(udev: Udev, subsystems: [String]) {
    guard let handle = devcaps_udev_monitor_new_from_netlink(udev.handle, "udev") else { return nil }
    self.handle = handle
    for subsystem in subsystems {
      devcaps_udev_monitor_filter_add_match_subsystem_devtype(handle, subsystem, nil)
    }
    guard devcaps_udev_monitor_enable_receiving(handle) == 0 else {
      devcaps_udev_monitor_unref(handle)
      return nil
    }
    fd = FileDescriptor(rawValue: devcaps_udev_monitor_get_fd(handle))
  }

  deinit { devcaps_udev_monitor_unref(handle) }

  struct Event {
    var action: String
    var device: UdevDevice
  }

  /// The next event, or nil when none is waiting.
  func receive() -> Event? {
    guard let device = devcaps_udev_monitor_receive_device(handle) else { return nil }
    let action = devcaps_udev_device_get_action(device).map { String(cString: $0) } ?? "change"
    return Event(action: action, device: UdevDevice(owning: device))
  }
}
