/// What a PCI device's `uevent` says of it: the kernel's pci_uevent() writes PCI_CLASS,
/// PCI_ID and PCI_SUBSYS_ID in one file, and the driver core adds DRIVER when one is bound. One
/// read per device instead of five attribute files and a link.
struct PCIUevent: Equatable {
  var classCode: UInt32?
  var vendor: UInt16?
  var device: UInt16?
  var subsystemVendor: UInt16?
  var subsystemDevice: UInt16?
  var driver: String?

  /// The fields of a uevent file (`KEY=value` lines); a malformed value is left nil, as a
  /// missing one is, and the probe reads the attribute file instead.
  static func parse(_ bytes: [UInt8]) -> PCIUevent {
    var fields = PCIUevent()
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      let line = bytes[start..<end]
      if let value = value(line, "PCI_CLASS=") {
        fields.classCode = hex(value, digits: 6).flatMap(UInt32.init(exactly:))
      } else if let value = value(line, "PCI_ID=") {
        (fields.vendor, fields.device) = pair(value)
      } else if let value = value(line, "PCI_SUBSYS_ID=") {
        (fields.subsystemVendor, fields.subsystemDevice) = pair(value)
      } else if let value = value(line, "DRIVER="), !value.isEmpty {
        fields.driver = String(decoding: value, as: UTF8.self)
      }
      start = end + 1
    }
    return fields
  }

  private static func value(_ line: ArraySlice<UInt8>, _ key: StaticString) -> ArraySlice<UInt8>? {
    let count = key.utf8CodeUnitCount
    guard line.count >= count else { return nil }
    let matches = key.withUTF8Buffer { key in line.prefix(count).elementsEqual(key) }
    return matches ? line.dropFirst(count) : nil
  }

  /// `8086:9A49` → (0x8086, 0x9a49); nil for anything else.
  private static func pair(_ value: ArraySlice<UInt8>) -> (UInt16?, UInt16?) {
    guard let colon = value.firstIndex(of: UInt8(ascii: ":")),
      let left = hex(value[..<colon], digits: 4), let right = hex(value[(colon + 1)...], digits: 4)
    else { return (nil, nil) }
    return (UInt16(left), UInt16(right))
  }

  /// Hexadecimal digits, at least one and at most `digits`; nil for anything else.
  static func hex(_ text: ArraySlice<UInt8>, digits: Int) -> UInt64? {
    guard !text.isEmpty, text.count <= digits else { return nil }
    var value: UInt64 = 0
    for byte in text {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt64(digit)
    }
    return value
  }
}

extension PCIDeviceInfo {
  /// Lower-case hexadecimal, zero-padded to `width` digits (`0x8086` → `8086`).
  static func hex(_ value: UInt64, width: Int) -> String {
    let digits = String(value, radix: 16)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
