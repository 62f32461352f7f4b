/// Numbered placeholders of an identifier's own shape, one table per kind and bundle: the first
/// value met becomes all zeros (`00000000-0000-0000-0000-000000000000`, `0000-0000`), the next
/// ends in 1, and so on; the same value (in any case) always gets the same one. So two disks,
/// adapters or scopes stay two, and a value's placeholder is the same in every file, path and
/// the report, which keeps a redacted bundle replaying.
final class NumberedPlaceholders {
  private var given: [[UInt8]: [UInt8]] = [:]
  /// The placeholders themselves, which a second pass over the same text leaves as they are.
  private var placeholders: Set<[UInt8]> = []

  /// Letters and digits zeroed, separators kept, the number written into the last of them.
  func placeholder(for value: some Collection<UInt8>) -> [UInt8] {
    let key = value.map { $0 | 0x20 }
    if let known = given[key] { return known }
    if placeholders.contains(Array(value)) { return Array(value) }
    var placeholder = value.map { SnapshotRedaction.isAlphanumeric($0) ? UInt8(ascii: "0") : $0 }
    var number = given.count
    var index = placeholder.count - 1
    while number > 0, index >= 0 {
      if placeholder[index] == UInt8(ascii: "0") {
        placeholder[index] = Array("0123456789abcdef".utf8)[number % 16]
        number /= 16
      }
      index -= 1
    }
    given[key] = placeholder
    placeholders.insert(placeholder)
    return placeholder
  }
}

/// The values a snapshot has replaced by name (a USB device's `serial`, `ID_SERIAL_SHORT`, a
/// battery's serial number, a network mount's server), with what replaced them: the same value
/// is replaced wherever else it appears in the bundle (a udev link's name, a mount's source, the
/// report), whatever holds it there.
final class KnownIdentifiers {
  private var replacements: [(value: [UInt8], placeholder: [UInt8])] = []

  /// Learns a value worth finding elsewhere: five or more letters, digits and `._-` with a digit
  /// among them. Anything else could be found in unrelated text (a root hub's `serial` is its
  /// controller's PCI address, `0000:00:14.0`, which every path below it holds).
  func learn(_ value: String, _ placeholder: String) {
    let bytes = Array(value.utf8)
    guard bytes.count >= 5, bytes != Array(placeholder.utf8),
      bytes.allSatisfy({ SnapshotRedaction.isAlphanumeric($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x5F }),
      bytes.contains(where: { (0x30...0x39).contains($0) }),
      !replacements.contains(where: { $0.value == bytes })
    else { return }
    replacements.append((bytes, Array(placeholder.utf8)))
    // The longest first: `Vendor_Model_SERIAL` before `SERIAL`.
    replacements.sort { $0.value.count > $1.value.count }
  }

  /// The bytes with each known value replaced where it does not run on into a letter or digit
  /// (a short serial, `11863`, must not take a part of a size); one of eight or more characters
  /// wherever it is (`IMEI867698041234567`).
  func apply(_ bytes: [UInt8]) -> [UInt8] {
    var output = bytes
    for (value, placeholder) in replacements {
      var result: [UInt8] = []
      var index = 0
      var changed = false
      while index < output.count {
        if output[index] == value[0], output.count - index >= value.count,
          output[index..<(index + value.count)].elementsEqual(value),
          value.count >= 8
            || ((index == 0 || !SnapshotRedaction.isAlphanumeric(output[index - 1]))
              && (index + value.count == output.count
                || !SnapshotRedaction.isAlphanumeric(output[index + value.count])))
        {
          result += placeholder
          index += value.count
          changed = true
        } else {
          result.append(output[index])
          index += 1
        }
      }
      if changed { output = result }
    }
    return output
  }
}
