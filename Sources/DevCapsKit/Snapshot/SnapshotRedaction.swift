#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a snapshot leaves out by default, because a bundle attached to a bug report should not
/// identify the machine or its owner: MAC addresses, serial numbers (DMI, USB, device tree, the
/// serial inside an EDID), UUIDs and asset tags, the machine-id, the hostname, and the user names
/// in home and removable-media paths. Each is replaced by a placeholder of the same shape, so the
/// bundle still replays. With `keepsIdentifiers` everything is copied as read, and the files
/// that hold identifiers are written 0600.
struct SnapshotRedaction {
  let keepsIdentifiers: Bool

  static let hostname = "redacted-hostname"
  static let serial = "redacted"
  static let user = "user"

  /// The bytes to write for a file read at `path` (inside the root).
  func file(_ path: String, _ bytes: [UInt8]) -> [UInt8] {
    if keepsIdentifiers { return bytes }
    switch path {
    case "/etc/hostname", "/proc/sys/kernel/hostname": return Array((Self.hostname + "\n").utf8)
    case "/etc/machine-id", "/var/lib/dbus/machine-id": return Array((String(repeating: "0", count: 32) + "\n").utf8)
    case "/etc/machine-info":
      let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
        line in
        line.hasPrefix("PRETTY_HOSTNAME=") ? "PRETTY_HOSTNAME=" + Self.hostname : String(line)
      }
      return Array(lines.joined(separator: "\n").utf8)
    case "/proc/self/mountinfo", "/proc/mounts", "/etc/fstab", "/etc/mtab":
      return Array(Self.withoutUserNames(String(decoding: bytes, as: UTF8.self)).utf8)
    default: return attribute(Self.baseName(path), bytes)
    }
  }

  /// The bytes of a device attribute file named `name` (`address`, `serial`, `edid`, …).
  func attribute(_ name: String, _ bytes: [UInt8]) -> [UInt8] {
    if keepsIdentifiers || !Self.isIdentifyingAttribute(name) { return bytes }
    if name == "edid" { return Self.edidWithoutSerial(bytes) }
    if name == "address" || name == "perm_address" {
      // A MAC's shape kept (its length and separators), its digits zeroed.
      return bytes.map { byte in Self.isHexDigit(byte) ? UInt8(ascii: "0") : byte }
    }
    if name.hasSuffix("uuid") { return Array("00000000-0000-0000-0000-000000000000\n".utf8) }
    return Array((Self.serial + "\n").utf8)
  }

  /// The value of a udev property.
  func property(_ name: String, _ value: String) -> String {
    if keepsIdentifiers { return value }
    if name == "ID_NET_NAME_MAC" {
      return String(value.prefix(3)) + String(repeating: "0", count: max(0, value.count - 3))
    }
    if name.contains("SERIAL") || name.contains("WWN") || name.hasSuffix("UUID") { return Self.serial }
    return Self.withoutUserNames(value)
  }

  /// A mount point or other path: user names in home and media paths replaced.
  func path(_ path: String) -> String { keepsIdentifiers ? path : Self.withoutUserNames(path) }

  /// The bits for a file at `path` when identifiers are kept: 0600 for the ones that hold them.
  func permissions(forFile path: String) -> mode_t? {
    guard keepsIdentifiers else { return nil }
    switch path {
    case "/etc/hostname", "/proc/sys/kernel/hostname", "/etc/machine-id", "/var/lib/dbus/machine-id",
      "/proc/self/mountinfo",
      "/etc/machine-info":
      return 0o600
    default: return Self.isIdentifyingAttribute(Self.baseName(path)) ? 0o600 : nil
    }
  }

  /// The report as written into the bundle: the hostname, EDID serials and user names in disk
  /// paths left out as in the sources.
  func report(_ report: Report) -> Report {
    if keepsIdentifiers { return report }
    var report = report
    if report.device?.name != nil { report.device?.name = Self.hostname }
    report.displays = report.displays?.map { display in
      var display = display
      if display.serialNumber != nil { display.serialNumber = Self.serial }
      return display
    }
    report.disks = report.disks?.map { disk in
      var disk = disk
      disk.path = Self.withoutUserNames(disk.path)
      return disk
    }
    return report
  }

  static func isIdentifyingAttribute(_ name: String) -> Bool {
    name == "address" || name == "perm_address" || name == "edid" || name == "serial" || name == "serial-number"
      || name.hasSuffix("_serial") || name.hasSuffix("_uuid") || name == "uuid" || name.hasSuffix("asset_tag")
  }

  /// `/home/ada/x` → `/home/user/x`, and the same below /run/media, /media and /Users, wherever
  /// such a path starts in the text (mountinfo holds several per line).
  static func withoutUserNames(_ text: String) -> String {
    let prefixes = ["/home/", "/run/media/", "/media/", "/Users/"].map { Array($0.utf8) }
    let bytes = Array(text.utf8)
    let ends: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t")]
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      guard let prefix = prefixes.first(where: { bytes[index...].starts(with: $0) }) else {
        output.append(bytes[index])
        index += 1
        continue
      }
      output += prefix
      index += prefix.count
      let start = index
      while index < bytes.count && !ends.contains(bytes[index]) { index += 1 }
      if index > start { output += Array(user.utf8) }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// An EDID with its serial number (bytes 12–15) zeroed and any serial-number descriptor (tag
  /// 0xFF) blanked, its checksum made right again.
  static func edidWithoutSerial(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= 128 else { return bytes }
    var edid = bytes
    for index in 12..<16 { edid[index] = 0 }
    for start in stride(from: 54, to: 126, by: 18)
    where edid[start] == 0 && edid[start + 1] == 0 && edid[start + 3] == 0xFF {
      let text = Array("0\n".utf8) + [UInt8](repeating: 0x20, count: 11)
      edid.replaceSubrange((start + 5)..<(start + 18), with: text)
    }
    let sum = edid[0..<127].reduce(UInt8(0)) { $0 &+ $1 }
    edid[127] = 0 &- sum
    return edid
  }

  private static func baseName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }
}
