/// The identifiers udev and mount put into the names of paths, found by where they stand rather
/// than by a list of values: the serial at the end of a `by-id` link's name (udev builds it as
/// `BUS-VENDOR_MODEL_SERIAL` and a suffix, 60-persistent-*.rules), the world-wide name in
/// `wwn-0x…` and a SAS address in `ID_PATH` (`…-sas-0x…`), the volume id in a `by-uuid` or
/// `by-partuuid` link's name, a FAT or exFAT volume serial (`3F2A-1B2C`) as a directory name
/// (udisks mounts a volume without a label at /run/media/USER/ITS-UUID), and user names in home
/// and removable-media paths. UUIDs are found anywhere, by shape, with the MACs.
extension SnapshotRedaction {
  func withoutPathIdentifiers(_ text: String) -> String {
    var bytes = Array(Self.withoutUserNames(text).utf8)
    bytes = Self.replacingNames(after: Array("by-id/".utf8), in: bytes, byIDName)
    bytes = Self.replacingNames(after: Array("by-uuid/".utf8), in: bytes, volumeName)
    bytes = Self.replacingNames(after: Array("by-partuuid/".utf8), in: bytes, volumeName)
    for marker in ["wwn-0x", "sas-0x"] {
      bytes = Self.replacingNames(after: Array(marker.utf8), in: bytes) { name in
        let end = name.firstIndex(where: { !Self.isHexDigit($0) }) ?? name.endIndex
        guard end >= 8 else { return name }
        return worldWideNames.placeholder(for: name[..<end]) + name[end...]
      }
    }
    bytes = volumeSerialComponents(bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// What ends a name in a path: a separator, blank space, or the quote around a JSON string.
  private static let nameEnds: Set<UInt8> = [0x2F, 0x20, 0x0A, 0x09, 0x22, 0x2C, 0x00]

  /// The text with each name that follows `marker` (up to the next `/`, blank or quote) given
  /// to `replace`. A marker that starts with a letter must start a word (`by-id/`, not
  /// `xby-id/`); one that starts with `/` may follow anything (`/var/home/`).
  static func replacingNames(after marker: [UInt8], in bytes: [UInt8], _ replace: ([UInt8]) -> [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      guard bytes[index] == marker[0], bytes[index...].starts(with: marker),
        index == 0 || !Self.isAlphanumeric(marker[0]) || !Self.isAlphanumeric(bytes[index - 1])
      else {
        output.append(bytes[index])
        index += 1
        continue
      }
      output += marker
      index += marker.count
      let start = index
      while index < bytes.count && !Self.nameEnds.contains(bytes[index]) { index += 1 }
      output += replace(Array(bytes[start..<index]))
    }
    return output
  }

  /// `ata-WDC_WD40EFRX-68N32N0_WD-WCC4N1234567-part1` → `ata-WDC_WD40EFRX-68N32N0_redacted-part1`:
  /// the last `_`-separated word, before the suffix udev adds (`-partN`, `-ifNN`, `-event-mouse`,
  /// `-video-index0`, a SCSI LUN `-0:0`), when it has a digit (a name without a serial ends in
  /// the model, `usb-Logitech_USB_Receiver-if02-event-mouse`). Names udev makes from a UUID
  /// (`dm-uuid-`, `md-uuid-`, `lvm-pv-uuid-`) keep only their kind.
  private func byIDName(_ name: [UInt8]) -> [UInt8] {
    for kind in ["dm-uuid-", "md-uuid-", "lvm-pv-uuid-"] where name.starts(with: Array(kind.utf8)) {
      return Array(kind.utf8) + volumes.placeholder(for: name.dropFirst(kind.utf8.count))
    }
    guard let underscore = name.lastIndex(of: UInt8(ascii: "_")) else { return name }
    var end = name.count
    while let suffix = Self.byIDSuffix(name[(underscore + 1)..<end]) { end -= suffix }
    let word = name[(underscore + 1)..<end]
    guard word.contains(where: { (0x30...0x39).contains($0) }) else { return name }
    return Array(name[...underscore]) + Array(Self.serial.utf8) + name[end...]
  }

  /// The length of the suffix udev put after a by-id name's serial, at the end of `word`, if any.
  private static func byIDSuffix(_ word: ArraySlice<UInt8>) -> Int? {
    let text = String(decoding: word, as: UTF8.self)
    for fixed in [
      "-event-mouse", "-event-kbd", "-event-joystick", "-event-if", "-mouse", "-joystick", "-kbd", "-event",
    ]
    where text.hasSuffix(fixed) && text.count > fixed.count {
      return fixed.utf8.count
    }
    // `-part1`, `-if02`, `-video-index0`, `-0:0`: a word and a number, or two numbers.
    guard let dash = text.lastIndex(of: "-"), dash != text.startIndex else { return nil }
    let tail = text[text.index(after: dash)...]
    for prefix in ["part", "if", "index"] where tail.hasPrefix(prefix) {
      let digits = tail.dropFirst(prefix.count)
      if !digits.isEmpty && digits.allSatisfy(\.isASCIIDigitCharacter) {
        let video = prefix == "index" && text[..<dash].hasSuffix("-video") ? "-video".utf8.count : 0
        return tail.utf8.count + 1 + video
      }
    }
    let numbers = tail.split(separator: ":")
    if numbers.count == 2 && numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) }) {
      return tail.utf8.count + 1
    }
    return nil
  }

  /// A `by-uuid` or `by-partuuid` name that is not a UUID (those are replaced by shape
  /// anywhere): a FAT serial (`3F2A-1B2C`), an NTFS one (`01D8A1B2C3D4E5F6`), an MBR disk's id
  /// and partition (`6b8a1c2d-01`).
  private func volumeName(_ name: [UInt8]) -> [UInt8] {
    if name.isEmpty || Self.isUUID(name[...]) { return name }
    return volumes.placeholder(for: name)
  }

  /// Directory names shaped as a FAT or exFAT volume serial, four hex digits, a dash and four
  /// more, wherever a path has one.
  private func volumeSerialComponents(_ bytes: [UInt8]) -> [UInt8] {
    var output = bytes
    var index = 0
    while index + 10 <= bytes.count {
      let component = bytes[(index + 1)..<(index + 10)]
      let isSerial =
        bytes[index] == UInt8(ascii: "/")
        && component.enumerated().allSatisfy { offset, byte in
          offset == 4 ? byte == UInt8(ascii: "-") : Self.isHexDigit(byte)
        }
        && (index + 10 == bytes.count || Self.nameEnds.contains(bytes[index + 10]))
      if isSerial {
        output.replaceSubrange((index + 1)..<(index + 10), with: volumes.placeholder(for: component))
        index += 10
      } else {
        index += 1
      }
    }
    return output
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
