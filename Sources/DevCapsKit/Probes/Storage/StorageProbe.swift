#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Builds the `storage` section from /sys/block: whole disks, with lsblk's transport names.
struct StorageProbe {
  let context: ProbeContext
  /// Whether loop, ram and zram devices are listed too (`list --all-block-devices`).
  var includeVirtual = false
  static let directory = "/sys/block/"

  /// Memory-backed and loop devices are not disks a program can be placed on.
  static func isVirtual(_ name: String) -> Bool {
    name.hasPrefix("loop") || name.hasPrefix("ram") || name.hasPrefix("zram")
  }

  func probe() -> [StorageDeviceInfo] {
    context.entries(StorageProbe.directory).filter { includeVirtual || !StorageProbe.isVirtual($0) }.sorted().map {
      name in
      let base = StorageProbe.directory + name + "/"
      var disk = StorageDeviceInfo(name: name)
      disk.model = (context.line(base + "device/model") ?? context.line(base + "device/name")).map {
        $0.trimmingWhitespace()
      }
      if let sectors = context.integer(base + "size"), sectors >= 0 {
        disk.sizeBytes = UInt64(sectors).multipliedIfRepresentable(by: 512)
      }
      disk.rotational = flag(base + "queue/rotational")
      disk.removable = flag(base + "removable")
      disk.transport = StorageProbe.transport(name: name, devicePath: devicePath(name))
      return disk
    }
  }

  private func flag(_ path: String) -> Bool? {
    guard let value = context.integer(path) else { return nil }
    guard value == 0 || value == 1 else {
      context.diagnostics.record(path, "expected 0 or 1, found \(value)")
      return nil
    }
    return value == 1
  }

  /// Where /sys/block/NAME leads in /sys/devices: the bus the disk hangs from.
  private func devicePath(_ name: String) -> String? {
    context.root.linkTarget(StorageProbe.directory + name).flatMap { $0.isEmpty ? nil : $0 }
  }

  /// lsblk's TRAN, from the name the driver gives and the sysfs path of SCSI disks.
  static func transport(name: String, devicePath: String?) -> String? {
    if name.hasPrefix("nvme") { return "nvme" }
    if name.hasPrefix("mmcblk") { return "mmc" }
    if name.hasPrefix("vd") { return "virtio" }
    if name.hasPrefix("xvd") { return "xen" }
    guard name.hasPrefix("sd") || name.hasPrefix("sr") else { return nil }
    guard let path = devicePath else { return "scsi" }
    if path.contains("/usb") { return "usb" }
    if path.contains("/ata") { return "sata" }
    if path.contains("/virtio") { return "virtio" }
    return "scsi"
  }
}
