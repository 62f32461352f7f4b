#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Devices in `umockdev-record`'s text format, which `umockdev-run -d FILE` and
/// `umockdev_testbed_add_from_string` load: one block per device, the device before its
/// ancestors, blocks apart by a blank line. `P:` its path below /sys, `N:` its node below /dev,
/// `S:` the node's links, `E:` udev properties, then its attribute files as `umockdev-record`
/// walks them: `A:` text (escaped as GLib's `g_strescape`), `H:` anything else in hex, `L:`
/// symbolic links, subdirectories included unless they are devices of their own.
struct UMockdevRecord {
  let udev: Udev
  var redaction = SnapshotRedaction(keepsIdentifiers: true)

  /// The devices at these syspaths and every ancestor umockdev needs to rebuild them.
  func render(syspaths: [String]) -> String {
    var seen: Set<String> = []
    var text = ""
    for syspath in syspaths {
      guard let device = udev.device(syspath: syspath) else { continue }
      // umockdev keeps only ancestors with a subsystem (a bus root such as pci0000:00 has none).
      for member in device.lineage where member.subsystem != nil {
        guard seen.insert(member.syspath).inserted else { break }
        text += block(member) + "\n"
      }
    }
    return text
  }

  private func block(_ device: UdevDevice) -> String {
    var lines = ["P: " + redaction.path(device.devpath)]
    if let node = device.devnode { lines.append("N: " + redaction.path(UMockdevRecord.belowDev(node))) }
    for link in device.devlinks { lines.append("S: " + redaction.path(UMockdevRecord.belowDev(link))) }
    // udevadm info, which umockdev-record copies, leaves these out: the path is P:, the time
    // is of the boot.
    for property in device.properties where property.name != "DEVPATH" && property.name != "USEC_INITIALIZED" {
      lines.append("E: \(property.name)=\(redaction.property(property.name, property.value))")
    }
    lines += attributes(of: device.syspath, below: "")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The attribute lines of the directory `subdirectory` (empty for the device's own) of a device.
  private func attributes(of syspath: String, below subdirectory: String) -> [String] {
    let directory = subdirectory.isEmpty ? syspath : syspath + "/" + subdirectory
    guard case .success(let names) = SystemRoot().directoryEntries(directory) else { return [] }
    // A subdirectory with its own uevent or subsystem is another device, recorded on its own.
    if !subdirectory.isEmpty && (names.contains("uevent") || names.contains("subsystem")) { return [] }
    var lines: [String] = []
    for name in names where name != "uevent" && name != "subsystem" {
      let path = directory + "/" + name
      let attribute = subdirectory.isEmpty ? name : subdirectory + "/" + name
      guard let status = try? FileSystem.status(path, followingLinks: false) else { continue }
      switch status.st_mode & S_IFMT {
      case S_IFLNK:
        if let target = UMockdevRecord.linkTarget(path) {
          lines.append("L: \(redaction.path(attribute))=\(redaction.path(target))")
        }
      case S_IFREG:
        // Write-only attributes and ones the driver refuses to read are left out, as umockdev does.
        if case .success(let bytes) = SystemRoot().readBytes(path) {
          lines.append(UMockdevRecord.line(redaction.path(attribute), redaction.attribute(name, bytes)))
        }
      case S_IFDIR where subdirectory.split(separator: "/").count < UMockdevRecord.maximumDepth:
        lines += attributes(of: syspath, below: attribute)
      default:
        continue
      }
    }
    return lines
  }

  /// Attribute directories nest shallowly (`scan_elements`, `physical_location`, `power`);
  /// deeper ones are not devcaps' business.
  static let maximumDepth = 3

  static func belowDev(_ path: String) -> String {
    path.hasPrefix("/dev/") ? String(path.dropFirst("/dev/".count)) : path
  }

  static func linkTarget(_ path: String) -> String? { FileDescriptor.linkTarget(path) }

  /// `A: name=text` for valid UTF-8 without NUL bytes, else `H: name=HEX`, as umockdev-record
  /// decides.
  static func line(_ name: String, _ bytes: [UInt8]) -> String {
    if !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil {
      return "A: \(name)=\(escaped(bytes))"
    }
    return "H: \(name)=\(hexadecimal(bytes))"
  }

  /// GLib's `g_strescape` with no exceptions, which umockdev reverses with `g_strcompress`:
  /// C escapes for the control characters that have one, octal for other bytes below 0x20 and
  /// from 0x7F up.
  static func escaped(_ bytes: [UInt8]) -> String {
    var text = ""
    for byte in bytes {
      switch byte {
      case 0x08: text += "\\b"
      case 0x0C: text += "\\f"
      case 0x0A: text += "\\n"
      case 0x0D: text += "\\r"
      case 0x09: text += "\\t"
      case 0x0B: text += "\\v"
      case 0x5C: text += "\\\\"
      case 0x22: text += "\\\""
      case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let octal = String(byte, radix: 8)
        text += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
      }
    }
    return text
  }

  static func hexadecimal(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789ABCDEF".unicodeScalars)
    var text = ""
    for byte in bytes {
      text.unicodeScalars.append(digits[Int(byte >> 4)])
      text.unicodeScalars.append(digits[Int(byte & 0x0F)])
    }
    return text
  }
}
