// libFuzzer entry point: what `devcaps snapshot` does to the files it copies from a machine it
// does not trust (mount tables, /proc/cpuinfo, cgroup paths, uevents, device attributes, udev
// properties, paths): the first byte picks the file, the rest is what it holds. Kept identifiers
// (`--keep-identifiers`) change no byte; redaction never traps, whatever the file holds, and the
// values it learns are replaced in what it writes next. A crash becomes a named test, its input
// kept in Fuzz/corpus.
@_cdecl("LLVMFuzzerTestOneInput")
public func redactionFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let text = String(decoding: bytes, as: UTF8.self)
  let paths = [
    "/proc/self/mountinfo", "/proc/mounts", "/etc/fstab", "/proc/cpuinfo", "/proc/self/cgroup",
    "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1/uevent", "/sys/class/net/wlp0s20f3/address",
    "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1/serial", "/sys/class/drm/card0-eDP-1/edid",
    "/sys/block/nvme0n1/wwid", "/sys/class/net/eno1/phys_port_id", "/etc/machine-info",
    "/sys/class/power_supply/BAT0/model_name", "/sys/devices/platform/input/input3/uniq",
  ]
  let path = paths[Int(data[0]) % paths.count]
  let kept = SnapshotRedaction(keepsIdentifiers: true)
  precondition(kept.file(path, bytes) == bytes, "kept identifiers changed \(path)")
  precondition(kept.path(text) == text && kept.property("ID_SERIAL", text) == text, "kept identifiers changed a path")
  let redaction = SnapshotRedaction(keepsIdentifiers: false)
  let written = redaction.file(path, bytes)
  // The same value learnt by name is gone from what is written after it.
  let serial = redaction.property("ID_SERIAL_SHORT", text)
  _ = redaction.withoutKnown(written)
  _ = redaction.path(text)
  _ = redaction.path(serial)
  _ = redaction.attribute("serial", bytes)
  return 0
}
