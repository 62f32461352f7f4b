import CDevCapsShims

/// A libudev context. Enumerations return devices that own their libudev references; nothing
/// here opens a device node, so enumerating never wakes a sleeping GPU or camera.
final class Udev {
  let handle: OpaquePointer
  /// Set only by `devcaps snapshot`: notes every device an enumeration returned.
  let recorder: SourceRecorder?

  init?(recorder: SourceRecorder? = nil) {
    guard let handle = devcaps_udev_new() else { return nil }
    self.handle = handle
    self.recorder = recorder
  }

  deinit { devcaps_udev_unref(handle) }

  /// Why `init` returned nil: libudev is not installed, or udev_new failed.
  static var unavailableReason: String {
    var reason: UnsafePointer<CChar>?
    guard devcaps_udev_load(&reason) != 0 else {
      return reason.map { String(cString: $0) } ?? "libudev.so.1 could not be loaded"
    }
    return "udev_new failed"
  }

  /// Devices of the subsystems `prefetch` enumerated, sorted, by subsystem.
  private var prefetched: [String: [UdevDevice]] = [:]

  /// Enumerates several subsystems in one scan and keeps their devices for
  /// `devices(subsystem:)`. Each enumeration makes libudev read /sys/bus and /sys/class whatever
  /// it matches: a report's twelve cost an eighth of `list --json`. For one report only: a
  /// stream, which must see devices come and go, never prefetches.
  func prefetch(subsystems: [String]) {
    let wanted = subsystems.filter { prefetched[$0] == nil }
    guard !wanted.isEmpty else { return }
    var found: [String: [UdevDevice]] = [:]
    for subsystem in wanted { found[subsystem] = [] }
    let devices = enumerate { enumerate in
      for subsystem in wanted { devcaps_udev_enumerate_add_match_subsystem(enumerate, subsystem) }
    }
    for device in devices {
      if let subsystem = device.subsystem, found[subsystem] != nil { found[subsystem]!.append(device) }
    }
    prefetched.merge(found) { _, new in new }
  }

  /// The devices of one subsystem (`drm`, `iio`, `input`, …), sorted by syspath so output is
  /// stable whatever order the kernel lists them in.
  func devices(subsystem: String) -> [UdevDevice] {
    recorded(prefetched[subsystem] ?? enumerate { devcaps_udev_enumerate_add_match_subsystem($0, subsystem) })
  }

  /// The devices of one subsystem named `sysnames` (none when the list is empty): libudev
  /// makes a device of every entry it scans, resolving its path and each of its parents' from `/`
  /// a component at a time (systemd 252: a few dozen system calls a device), so a name filter,
  /// which it applies before, spares the devices a probe would only throw away. A snapshot being
  /// recorded enumerates the whole subsystem, as before: its record keeps every device of it.
  func devices(subsystem: String, named sysnames: [String]) -> [UdevDevice] {
    if recorder != nil {
      let wanted = Set(sysnames)
      return devices(subsystem: subsystem).filter { wanted.contains($0.sysname) }
    }
    guard !sysnames.isEmpty else { return [] }
    return recorded(
      enumerate { enumerate in
        devcaps_udev_enumerate_add_match_subsystem(enumerate, subsystem)
        for sysname in sysnames { devcaps_udev_enumerate_add_match_sysname(enumerate, Udev.globEscaped(sysname)) }
      })
  }

  /// A name as a glob that matches only itself: libudev compares sysnames with fnmatch(3), and
  /// an interface may be named `a*b`.
  static func globEscaped(_ name: String) -> String {
    var escaped = ""
    for character in name {
      if character == "*" || character == "?" || character == "[" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  /// The devices of one subsystem whose parent is `parent`: the input device beside a
  /// peripheral's battery, both children of one HID device.
  func children(of parent: UdevDevice, subsystem: String) -> [UdevDevice] {
    let parentPath = parent.syspath
    return recorded(
      enumerate {
        devcaps_udev_enumerate_add_match_parent($0, parent.handle)
        devcaps_udev_enumerate_add_match_subsystem($0, subsystem)
      }.filter { $0.parent?.syspath == parentPath })
  }

  private func recorded(_ devices: [UdevDevice]) -> [UdevDevice] {
    if let recorder {
      for device in devices { recorder.enumerated(device.syspath) }
    }
    return devices
  }

  private func enumerate(_ match: (OpaquePointer) -> Void) -> [UdevDevice] {
    guard let enumerate = devcaps_udev_enumerate_new(handle) else { return [] }
    defer { devcaps_udev_enumerate_unref(enumerate) }
    match(enumerate)
    devcaps_udev_enumerate_scan_devices(enumerate)
    var devices: [UdevDevice] = []
    var entry = devcaps_udev_enumerate_get_list_entry(enumerate)
    while let current = entry {
      if let name = devcaps_udev_list_entry_get_name(current),
        let device = devcaps_udev_device_new_from_syspath(handle, name)
      {
        devices.append(UdevDevice(owning: device))
      }
      entry = devcaps_udev_list_entry_get_next(current)
    }
    return devices.sorted { $0.syspath < $1.syspath }
  }
}

/// One device, holding its own libudev reference.
final class UdevDevice {
  let handle: OpaquePointer

  init(owning handle: OpaquePointer) { self.handle = handle }

  deinit { devcaps_udev_device_unref(handle) }

  private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
  }

  var syspath: String { UdevDevice.string(devcaps_udev_device_get_syspath(handle)) ?? "" }
  var sysname: String { UdevDevice.string(devcaps_udev_device_get_sysname(handle)) ?? "" }
  var subsystem: String? { UdevDevice.string(devcaps_udev_device_get_subsystem(handle)) }
  var devtype: String? { UdevDevice.string(devcaps_udev_device_get_devtype(handle)) }
  var driver: String? { UdevDevice.string(devcaps_udev_device_get_driver(handle)) }

  /// A udev property (`ID_INPUT_TOUCHSCREEN`, `ACCEL_MOUNT_MATRIX`).
  func property(_ name: String) -> String? {
    UdevDevice.string(devcaps_udev_device_get_property_value(handle, name))
  }

  func flag(_ name: String) -> Bool { property(name) == "1" }

  /// A sysfs attribute as text, trailing white space removed; nil when absent or unreadable.
  func attribute(_ name: String) -> String? {
    UdevDevice.string(devcaps_udev_device_get_sysattr_value(handle, name))?.trimmingWhitespace()
  }

  /// A numeric attribute; one that holds something else is reported and gives nil.
  func number(_ name: String, reporting diagnostics: DiagnosticLog) -> Double? {
    guard let text = attribute(name) else { return nil }
    guard let value = Double(text), value.isFinite else {
      diagnostics.record(syspath + "/" + name, "expected a number, found \(text.quotedForMessage)")
      return nil
    }
    return value
  }

  /// The names of the device's own attribute files.
  var attributeNames: [String] { UdevDevice.names(devcaps_udev_device_get_sysattr_list_entry(handle)).sorted() }

  /// The names in a libudev list, in its order.
  static func names(_ first: OpaquePointer?) -> [String] {
    var names: [String] = []
    var entry = first
    while let current = entry {
      if let name = devcaps_udev_list_entry_get_name(current) { names.append(String(cString: name)) }
      entry = devcaps_udev_list_entry_get_next(current)
    }
    return names
  }

  var parent: UdevDevice? {
    guard let parent = devcaps_udev_device_get_parent(handle) else { return nil }
    // The parent is borrowed from this device; take a reference of our own.
    return UdevDevice(owning: devcaps_udev_device_ref(parent))
  }

  /// The nearest ancestor in a subsystem (`pci`, `usb` with devtype `usb_device`).
  func ancestor(subsystem: String, devtype: String? = nil) -> UdevDevice? {
    guard let found = devcaps_udev_device_get_parent_with_subsystem_devtype(handle, subsystem, devtype) else {
      return nil
    }
    return UdevDevice(owning: devcaps_udev_device_ref(found))
  }

  /// This device and its ancestors, nearest first.
  var lineage: [UdevDevice] {
    var chain: [UdevDevice] = [self]
    while let next = chain.last?.parent { chain.append(next) }
    return chain
  }
}
