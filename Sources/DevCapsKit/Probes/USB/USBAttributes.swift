/// The parsers of a USB device's sysfs attributes, as drivers/usb/core/sysfs.c writes them
/// (Documentation/ABI/stable/sysfs-bus-usb), and of its name. Each takes the text with its
/// newline removed and gives nil for anything the kernel does not write.
enum USBAttributes {
  /// `idVendor`, `idProduct` (`%04x`: `046d`): exactly four hex digits, lower-cased.
  static func id(_ text: String) -> String? { hex(text, digits: 4) }

  /// `bDeviceClass`, `bInterfaceClass` (`%02x`: `09`, `ff`): exactly two hex digits.
  static func classCode(_ text: String) -> String? { hex(text, digits: 2) }

  private static func hex(_ text: String, digits: Int) -> String? {
    let utf8 = text.utf8
    guard utf8.count == digits, utf8.allSatisfy({ $0.isHexDigit }) else { return nil }
    return text.lowercased()
  }

  /// `speed` in Mbit/s (`1.5`, `12`, `480`, `5000`, `10000`, `20000`). `unknown` (a device
  /// that has not finished enumerating) is nil, as is anything not a positive number.
  static func speed(_ text: String) -> Double? {
    guard let first = text.utf8.first, first.isDecimalDigit, let value = Double(text), value.isFinite, value > 0
    else { return nil }
    return value
  }

  /// `removable`: `removable` or `fixed`; `unknown` (the firmware does not say) is nil.
  static func removable(_ text: String) -> Bool?? {
    switch text {
    case "removable": return true
    case "fixed": return false
    case "unknown": return .some(nil)
    default: return nil
    }
  }

  /// `busnum`, `devnum` (`%d`): a decimal number from 1 to 32767 (the kernel's limits are 1…127
  /// devices a bus; buses are numbered from 1).
  static func number(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.count <= 5, text.utf8.allSatisfy(\.isDecimalDigit), let value = Int(text),
      value > 0
    else { return nil }
    return value
  }

  /// `usb1`, `usb2`: a root hub, the host controller's side of the bus.
  static func isRootHub(_ name: String) -> Bool { name.hasPrefix("usb") && Int(name.dropFirst(3)) != nil }

  /// Ports in bus then port order (`3-2` before `3-10`), as lsusb -t walks the tree.
  static func portOrder(_ left: String, _ right: String) -> Bool {
    func numbers(_ port: String) -> [Int] {
      port.split(whereSeparator: { $0 == "-" || $0 == "." }).map { Int($0) ?? Int.max }
    }
    return numbers(left).lexicographicallyPrecedes(numbers(right))
  }
}

extension UInt8 {
  fileprivate var isDecimalDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
  fileprivate var isHexDigit: Bool {
    isDecimalDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
  }
}
