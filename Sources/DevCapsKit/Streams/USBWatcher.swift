/// `watch usb`: USB devices plugged in and unplugged, from udev's events on the `usb` subsystem.
/// The devices there at the start come first (`present`), then one event per device added (once
/// configured: its `bind`) or removed; a device is listed as the `usb` section lists it (root
/// hubs left out), read again on each of its events, never polled.
extension PresenceWatcher where Item == USBDeviceInfo {
  /// Opens the watch in `sources`' session. A machine without USB devices is not an error: the
  /// first device plugged in is the stream's first event.
  static func openUSB(_ kind: StreamKind, _ sources: SourceContext) throws(UpdateError) {
    let session = sources.session
    let watcher = PresenceWatcher(usbIn: sources.probes, udev: sources.udev)
    // The monitor first, so no device plugged in between the listing and the first receive is lost.
    guard
      session.watchUdev(sources.udev, subsystems: ["usb"], { [unowned session] in session.publish(watcher.handle($0)) })
    else {
      if kind == .all { return }
      throw .unavailable(.init(.serviceMissing, "cannot listen to udev events for usb"))
    }
    session.publish(watcher.start(), initial: true)
  }

  /// A device is the same while it stays at its port with its IDs. It is read on its `bind` or
  /// `remove`, not its `add`: the kernel announces a device before it configures it, so its
  /// interfaces (and their classes) are not there yet; its `bind` comes once the generic driver
  /// has configured it and the interfaces are listed.
  convenience init(usbIn context: ProbeContext, udev: Udev) {
    self.init(
      Kind(
        probe: { USBProbe(context: context.refreshed(), udev: udev).probe() },
        key: { $0.port + "#" + ($0.usbId ?? "") },
        takes: { ($0.action == "bind" || $0.action == "remove") && $0.device.devtype == "usb_device" },
        removedBy: { device, event in device.port == event.device.sysname },
        event: { .usb($0) }))
  }
}
