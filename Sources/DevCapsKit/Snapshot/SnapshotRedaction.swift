#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a snapshot leaves out by default, because a bundle attached to a bug report should not
/// identify the machine or its owner, found by what identifies rather than by a list of files:
/// anything shaped as a MAC address or a UUID and the interface names made from a MAC
/// (`enx00e04c68aa55`), wherever they appear (values, names, paths, the report); serial numbers,
/// unique ids and asset tags by the attribute or property that holds them (DMI, USB, batteries,
/// input devices' `uniq`, device tree, the serial inside an EDID, /proc/cpuinfo's `Serial`), and
/// then each such value wherever else it appears; the identifiers in udev's link names and mount
/// paths (PathRedaction.swift); network mounts' servers, users and addresses
/// (MountRedaction.swift); the machine-id, the hostname, and the user names in home and
/// removable-media paths. Each is replaced by a placeholder of the same shape, so the bundle
/// still replays. With `keepsIdentifiers` everything is copied as read, and the files that hold
/// identifiers are written 0600.
struct SnapshotRedaction {
  let keepsIdentifiers: Bool
  /// The placeholders given so far, one table per kind and bundle, so two adapters (disks,
  /// scopes) stay two and each keeps its placeholder in every file, path and the report.
  private let macNames = NumberedPlaceholders()
  private let uuids = NumberedPlaceholders()
  let volumes = NumberedPlaceholders()
  let worldWideNames = NumberedPlaceholders()
  /// The values replaced by name so far, replaced wherever else they appear.
  let known = KnownIdentifiers()

  init(keepsIdentifiers: Bool) {
    self.keepsIdentifiers = keepsIdentifiers
  }

  /// The kinds of identifiers a snapshot leaves out, as `--keep-identifiers` tells it keeps them.
  static let kinds = [
    "MAC addresses and the interface names made from them", "serial numbers and unique ids",
    "world-wide names (disks' WWIDs, EUI-64s, NGUIDs, NQNs and SCSI identification pages)",
    "network ports' and switches' physical ids", "UUIDs and asset tags",
    "serials and volume ids in device links and mount paths", "network mounts' servers, users and addresses",
    "the machine-id", "the hostname", "user names in paths",
  ]

  static let hostname = "redacted-hostname"
  static let serial = "redacted"
  static let user = "user"

  /// The bytes to write for a file read at `path` (inside the root).
  /// Values learnt from a later file are replaced by `withoutKnown` as the file is written.
  func file(_ path: String, _ bytes: [UInt8]) -> [UInt8] {
    if keepsIdentifiers { return bytes }
    let named = byName(path, bytes)
    // Paths are found in text only: an EDID or a binary attribute has none.
    guard !named.contains(0), let text = String(validating: named, as: UTF8.self) else {
      return withoutAddresses(named)
    }
    return Array(anywhere(text).utf8)
  }

  /// The bytes with every value replaced by name so far replaced wherever it is: for what was
  /// written before all of them were known (the device record, then the copied files).
  func withoutKnown(_ bytes: [UInt8]) -> [UInt8] { keepsIdentifiers ? bytes : known.apply(bytes) }

  /// Text with whatever is found by shape replaced: MACs, UUIDs, MAC-made names, and the
  /// identifiers in paths.
  private func anywhere(_ text: String) -> String { withoutAddresses(withoutPathIdentifiers(text)) }

  private func byName(_ path: String, _ bytes: [UInt8]) -> [UInt8] {
    switch path {
    case "/etc/hostname", "/proc/sys/kernel/hostname":
      // A blank one names nobody, and replays as no name, as the bundle's report has it.
      if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }) { return bytes }
      return Array((Self.hostname + "\n").utf8)
    case "/etc/machine-id", "/var/lib/dbus/machine-id": return Array((String(repeating: "0", count: 32) + "\n").utf8)
    case "/etc/machine-info":
      // Each line read as the probe reads the file (` PRETTY_HOSTNAME = "x"` is one), and one
      // whose name is blank left as it is: it names nobody, and replays as no name.
      let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
        line in
        guard let name = parseEnvironmentFile(String(line))["PRETTY_HOSTNAME"], !name.isEmpty else {
          return String(line)
        }
        return "PRETTY_HOSTNAME=" + Self.hostname
      }
      return Array(lines.joined(separator: "\n").utf8)
    case "/proc/self/mountinfo", "/proc/mounts", "/etc/fstab", "/etc/mtab":
      return Array(mountTable(String(decoding: bytes, as: UTF8.self), isMountInfo: path.hasSuffix("mountinfo")).utf8)
    case "/proc/cpuinfo": return Array(cpuInfo(String(decoding: bytes, as: UTF8.self)).utf8)
    default:
      // A device's uevent holds its properties (POWER_SUPPLY_SERIAL_NUMBER=…), one NAME=value a line.
      if Self.baseName(path) == "uevent" {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map
        {
          line in
          guard let equals = line.firstIndex(of: "=") else { return String(line) }
          let name = String(line[..<equals])
          return name + "=" + property(name, String(line[line.index(after: equals)...]))
        }
        return Array(lines.joined(separator: "\n").utf8)
      }
      return attribute(Self.baseName(path), bytes)
    }
  }

  /// The bytes of a device attribute file named `name` (`address`, `serial`, `edid`, `wwid`, …).
  func attribute(_ name: String, _ bytes: [UInt8]) -> [UInt8] {
    if keepsIdentifiers { return bytes }
    if !Self.isIdentifyingAttribute(name) && !Self.isIdentifierShaped(bytes) { return withoutAddresses(bytes) }
    let replaced = byNameAndShape(name, bytes)
    known.learn(
      String(decoding: Self.trimmed(bytes), as: UTF8.self), String(decoding: Self.trimmed(replaced), as: UTF8.self))
    return replaced
  }

  private func byNameAndShape(_ name: String, _ bytes: [UInt8]) -> [UInt8] {
    if name == "edid" { return Self.edidWithoutSerial(bytes) }
    if name == "address" || name == "perm_address" {
      // A MAC's shape kept (its length and separators), its digits zeroed.
      return bytes.map { byte in Self.isHexDigit(byte) ? UInt8(ascii: "0") : byte }
    }
    // An empty one (most USB devices' uniq) identifies nothing, and stays empty; a MAC in one
    // (a Bluetooth device's uniq) keeps its shape, zeroed.
    if bytes.allSatisfy({ $0 == 0x0A || $0 == 0x20 || $0 == 0 }) { return bytes }
    let zeroed = withoutAddresses(bytes)
    if zeroed != bytes { return zeroed }
    if let hexadecimal = Self.zeroedIdentifier(bytes) { return hexadecimal }
    // The line's end kept as it was (a testbed's attribute files have none).
    let end = bytes.last == 0x0A ? "\n" : ""
    if name.hasSuffix("uuid") { return Array(("00000000-0000-0000-0000-000000000000" + end).utf8) }
    return Array((Self.designator(bytes) + Self.serial + end).utf8)
  }

  /// The value of a udev property.
  func property(_ name: String, _ value: String) -> String {
    if keepsIdentifiers { return value }
    let identifying =
      name.contains("SERIAL") || name.contains("WWN") || name.contains("WWID") || name.hasSuffix("UUID")
      || name == "UNIQ" || name.hasSuffix("_UNIQ") || Self.isIdentifierShaped(Array(value.utf8))
    // An empty one (`UNIQ=""`, as udev quotes input properties) identifies nothing.
    let zeroed = anywhere(value)
    if identifying && zeroed == value && !value.allSatisfy({ $0 == "\"" || $0 == " " }) {
      let quoted = value.count > 1 && value.hasPrefix("\"") && value.hasSuffix("\"")
      let bare = quoted ? String(value.dropFirst().dropLast()) : value
      if let hexadecimal = Self.zeroedIdentifier(Array(value.utf8)) {
        let placeholder = String(decoding: hexadecimal, as: UTF8.self)
        known.learn(bare, placeholder)
        return placeholder
      }
      // The input core quotes its values (`UNIQ="4c3b2a19"`): the placeholder is quoted the same.
      let placeholder = Self.designator(Array(value.utf8)) + Self.serial
      known.learn(bare, placeholder)
      return quoted ? "\"" + placeholder + "\"" : placeholder
    }
    return zeroed
  }

  /// A path (a mount point, a source's path inside the root, a syspath, a link's target): user
  /// names in home and media paths, MACs and the interface names made from them replaced.
  func path(_ path: String) -> String {
    keepsIdentifiers ? path : String(decoding: known.apply(Array(anywhere(path).utf8)), as: UTF8.self)
  }

  /// Any text written into the bundle whole (the report): everything found by shape, and every
  /// value replaced by name in the sources.
  func text(_ text: String) -> String { path(text) }

  /// The bits for a file at `path` when identifiers are kept: 0600 for the ones that hold them,
  /// which are those a default snapshot would change (a mountinfo naming a file server, a
  /// cgroup path with a UUID, a Raspberry Pi's cpuinfo), and the ones named for an identifier.
  func permissions(forFile path: String, _ bytes: [UInt8] = []) -> mode_t? {
    guard keepsIdentifiers else { return nil }
    switch path {
    case "/etc/hostname", "/proc/sys/kernel/hostname", "/etc/machine-id", "/var/lib/dbus/machine-id",
      "/proc/self/mountinfo",
      "/etc/machine-info":
      return 0o600
    default:
      if Self.isIdentifyingAttribute(Self.baseName(path)) { return 0o600 }
      return SnapshotRedaction(keepsIdentifiers: false).file(path, bytes) != bytes ? 0o600 : nil
    }
  }

  /// Whether an attribute's name says it identifies: a word of it names an identifier (serial,
  /// uniq, unique, uuid, guid, nguid, eui, wwid, wwn, asset: DMI's `product_serial`, USB's
  /// `serial`, NVMe's `wwid`, `eui`, `nguid`, `uuid`, InfiniBand's `node_guid`, Thunderbolt's
  /// `unique_id`), a physical port's or switch's id (the kernel's `phys_port_id`,
  /// `phys_switch_id`: a NIC's serial or base MAC), an NVMe qualified name (`subsysnqn`), the
  /// SCSI identification pages (`vpd_pg80`, the unit serial number; `vpd_pg83`, the device's
  /// names), or it is a MAC (`address`) or an EDID.
  static func isIdentifyingAttribute(_ name: String) -> Bool {
    if name == "address" || name == "perm_address" || name == "edid" || name == "vpd_pg80" || name == "vpd_pg83"
      || name.hasSuffix("nqn")
    {
      return true
    }
    let words = name.split(whereSeparator: { $0 == "_" || $0 == "-" })
    return words.contains(where: { identifyingWords.contains(String($0)) })
      || (words.first == "phys" && words.last == "id")
  }

  private static let identifyingWords: Set = [
    "serial", "uniq", "unique", "uuid", "guid", "nguid", "eui", "wwid", "wwn", "asset",
  ]

  /// Whether a value is shaped as an identifier, whatever holds it: a world-wide name with its
  /// designator (`naa.`, `eui.`, `t10.`, `nvme.`, `uuid.`, `nqn.`: SCSI's and NVMe's `wwid`), a
  /// UUID, or eight or more pairs of hexadecimal digits apart by spaces (an EUI-64 as NVMe's `eui`
  /// prints it). A bare run of digits is not taken: input devices' capability bitmaps have
  /// that shape.
  static func isIdentifierShaped(_ bytes: [UInt8]) -> Bool {
    let value = trimmed(bytes)
    if !designator(value).isEmpty { return value.count > designator(value).utf8.count + 4 }
    if value.count == 36 {
      return value.indices.allSatisfy { index in
        [8, 13, 18, 23].contains(index) ? value[index] == UInt8(ascii: "-") : isHexDigit(value[index])
      }
    }
    guard value.count >= 23, value.count % 3 == 2 else { return false }
    return value.indices.allSatisfy { index in
      index % 3 == 2 ? value[index] == UInt8(ascii: " ") : isHexDigit(value[index])
    }
  }

  /// The world-wide-name designator a value starts with (`eui.`), or "".
  private static func designator(_ bytes: [UInt8]) -> String {
    let value = trimmed(bytes)
    guard let dot = value.prefix(5).firstIndex(of: UInt8(ascii: ".")) else { return "" }
    let prefix = String(decoding: value[...dot], as: UTF8.self)
    return designators.contains(prefix.lowercased()) ? prefix : ""
  }

  private static let designators: Set = ["naa.", "eui.", "t10.", "nvme.", "uuid.", "nqn."]

  /// An identifier of sixteen or more hexadecimal digits (64 bits and up: an EUI-64, an NGUID,
  /// a UUID, an NVMe wwid) with its digits zeroed and its shape (designator, separators, line
  /// end) kept; nil for anything else, which a placeholder word replaces.
  private static func zeroedIdentifier(_ bytes: [UInt8]) -> [UInt8]? {
    let leading = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0 }) ?? bytes.count
    let start = leading + designator(bytes).utf8.count
    guard start < bytes.count else { return nil }
    let rest = bytes[start...]
    let separators: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "."), 0x0A]
    guard rest.allSatisfy({ isHexDigit($0) || separators.contains($0) }), rest.filter(isHexDigit).count >= 16 else {
      return nil
    }
    return Array(bytes[..<start]) + rest.map { isHexDigit($0) ? UInt8(ascii: "0") : $0 }
  }

  /// The bytes without the spaces, line feeds and NULs around them.
  static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
    let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0 }
    guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) }) else {
      return []
    }
    return Array(bytes[first...last])
  }

  func withoutAddresses(_ text: String) -> String {
    String(decoding: withoutAddresses(Array(text.utf8)), as: UTF8.self)
  }

  /// The bytes with every MAC-shaped value (six or more pairs of hexadecimal digits apart by
  /// colons: Ethernet, Wi-Fi, Bluetooth, EUI-64, InfiniBand) zeroed, and every interface name
  /// systemd makes from a MAC (`enx`, `wlx`, `wwx`, `ibx`, `slx` and twelve digits) given its
  /// placeholder's digits (`enx000000000000`, then `…001`): the shape stays, so a replay finds
  /// the same files under the same names, and two adapters are still two.
  func withoutAddresses(_ bytes: [UInt8]) -> [UInt8] {
    var output = bytes
    var index = 0
    while index < bytes.count {
      let atStart = index == 0 || !Self.isWordByte(bytes[index - 1])
      if atStart, let end = Self.macEnd(bytes, from: index) {
        for position in index..<end where Self.isHexDigit(bytes[position]) { output[position] = UInt8(ascii: "0") }
        index = end
      } else if atStart, index + 36 <= bytes.count, Self.isUUID(bytes[index..<(index + 36)]),
        index + 36 == bytes.count || !Self.isWordByte(bytes[index + 36])
      {
        output.replaceSubrange(index..<(index + 36), with: uuids.placeholder(for: bytes[index..<(index + 36)]))
        index += 36
      } else if atStart, let digits = Self.macNameDigits(bytes, from: index) {
        output.replaceSubrange(digits, with: macNames.placeholder(for: bytes[digits]))
        index = digits.upperBound
      } else {
        index += 1
      }
    }
    return output
  }

  /// The end of a MAC-shaped value starting at `start`: `xx:xx:xx:xx:xx:xx` or `xx-xx-xx-xx-xx-xx`
  /// (Windows' and IEEE's form), or longer, one separator throughout. Twelve digits in a row are
  /// not taken: serials, hashes and timestamps have that shape too.
  private static func macEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var groups = 0
    var index = start
    var separator: UInt8?
    while index + 1 < bytes.count, isHexDigit(bytes[index]), isHexDigit(bytes[index + 1]) {
      groups += 1
      index += 2
      guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]) else { break }
      let next = bytes[index]
      guard next == separator ?? next, next == UInt8(ascii: ":") || next == UInt8(ascii: "-") else { break }
      separator = next
      index += 1
    }
    let followedByWord = index < bytes.count && isWordByte(bytes[index])
    return groups >= 6 && !followedByWord ? index : nil
  }

  private static let macNamePrefixes = ["enx", "wlx", "wwx", "ibx", "slx"].map { Array($0.utf8) }

  /// The twelve digits of an interface name made from a MAC (`enx00e04c68aa55`) at `start`.
  private static func macNameDigits(_ bytes: [UInt8], from start: Int) -> Range<Int>? {
    guard bytes.count - start >= 15, macNamePrefixes.contains(where: { bytes[start...].starts(with: $0) }) else {
      return nil
    }
    let digits = (start + 3)..<(start + 15)
    guard digits.allSatisfy({ isHexDigit(bytes[$0]) }) else { return nil }
    if digits.upperBound < bytes.count && isWordByte(bytes[digits.upperBound]) { return nil }
    return digits
  }

  /// A letter, digit or underscore: what a MAC or a name must not run on into.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    isHexDigit(byte) || (UInt8(ascii: "g")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "G")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
  }

  /// `/home/ada/x` → `/home/user/x`, and the same below /run/media, /media and /Users, wherever
  /// such a path starts in the text (mountinfo holds several per line).
  static func withoutUserNames(_ text: String) -> String {
    var bytes = Array(text.utf8)
    for prefix in ["/home/", "/run/media/", "/media/", "/Users/"] {
      bytes = replacingNames(after: Array(prefix.utf8), in: bytes) { name in name.isEmpty ? name : Array(user.utf8) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// An EDID with its serial number (bytes 12–15) zeroed (no serial) and any serial-number
  /// descriptor (tag 0xFF) saying `redacted`, as the bundle's report does, its checksum made
  /// right again.
  static func edidWithoutSerial(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= 128 else { return bytes }
    var edid = bytes
    for index in 12..<16 { edid[index] = 0 }
    for start in stride(from: 54, to: 126, by: 18)
    where edid[start] == 0 && edid[start + 1] == 0 && edid[start + 3] == 0xFF {
      // A descriptor's text: up to 13 bytes, a newline after a shorter one, spaces after that.
      let text = Array("\(serial)\n".utf8) + [UInt8](repeating: 0x20, count: 13 - serial.utf8.count - 1)
      edid.replaceSubrange((start + 5)..<(start + 18), with: text)
    }
    let sum = edid[0..<127].reduce(UInt8(0)) { $0 &+ $1 }
    edid[127] = 0 &- sum
    return edid
  }

  private static func baseName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// Eight, four, four, four and twelve hexadecimal digits apart by dashes.
  static func isUUID(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.count == 36
      && bytes.indices.allSatisfy { index in
        [8, 13, 18, 23].contains(index - bytes.startIndex)
          ? bytes[index] == UInt8(ascii: "-") : isHexDigit(bytes[index])
      }
  }

  static func isAlphanumeric(_ byte: UInt8) -> Bool {
    isHexDigit(byte) || (UInt8(ascii: "g")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "G")...UInt8(ascii: "Z")).contains(byte)
  }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }
}
