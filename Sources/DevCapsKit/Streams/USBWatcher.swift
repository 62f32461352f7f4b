/// `watch usb`: USB devices plugged in and unplugged, from udev's events on the `usb` subsystem.
/// The devices there at the start come first (`present`), then one event per device added (once
/// configured: its `bind`) or removed; a device is listed as the `usb` section lists it (root hubs left out), read again on
/// each of its events, never polled.
final class USBWatcher {
  let context: ProbeContext
  let udev: Udev
  private var known: [USBDeviceInfo] = []

  init(context: ProbeContext, udev: Udev) {
    self.context = context
    self.udev = udev
  }

  /// Opens the watch in `sources`' session. A machine without USB devices is not an error: the
  /// first device plugged in is the stream's first event.
  static func open(_ kind: StreamKind, _ sources: SourceContext) throws(UpdateError) {
    let session = sources.session
    let watcher = USBWatcher(context: sources.probes, udev: sources.udev)
    // The monitor first, so no device plugged in between the listing and the first receive is lost.
    guard
      session.watchUdev(sources.udev, subsystems: ["usb"], { [unowned session] in session.publish(watcher.handle($0)) })
    else {
      if kind == .all { return }
      throw .unavailable(.init(.serviceMissing, "cannot listen to udev events for usb"))
    }
    session.publish(watcher.start(), initial: true)
  }

  /// A device is the same while it stays at its port with its IDs.
  static func key(_ device: USBDeviceInfo) -> String { device.port + "#" + (device.usbId ?? "") }

  func probe() -> [USBDeviceInfo] { USBProbe(context: context.refreshed(), udev: udev).probe() }

  func start() -> [DeviceEvent] {
    known = probe()
    return known.map { .usb(USBUpdate(action: .present, item: $0)) }
  }

  /// A device's `bind` or `remove`. Not its `add`: the kernel announces a device before it
  /// configures it, so its interfaces (and their classes) are not there yet; its `bind` comes
  /// once the generic driver has configured it and the interfaces are listed.
  func handle(_ event: UdevMonitor.Event) -> [DeviceEvent] {
    guard event.action == "bind" || event.action == "remove", event.device.devtype == "usb_device" else { return [] }
    var devices = probe()
    if event.action == "remove" {
      // The device may still be in sysfs while its removal is announced.
      let gone = event.device.sysname
      devices.removeAll { $0.port == gone }
    }
    let before = Set(known.map(USBWatcher.key))
    let after = Set(devices.map(USBWatcher.key))
    var events: [DeviceEvent] = known.filter { !after.contains(USBWatcher.key($0)) }.map {
      .usb(USBUpdate(action: .removed, item: $0))
    }
    events += devices.filter { !before.contains(USBWatcher.key($0)) }.map {
      .usb(USBUpdate(action: .added, item: $0))
    }
    known = devices
    return events
  }
}
