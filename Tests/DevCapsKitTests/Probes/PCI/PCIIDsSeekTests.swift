import Foundation
import Testing

@testable import DevCapsKit

@Suite("pci.ids: where the reading starts")
struct PCIIDsSeekTests {
  /// A database shaped like pci.ids: comments, vendors in ascending order, some with long blocks
  /// of devices and subsystems (longer than a search window), long lines, and the class list.
  static let database: [UInt8] = {
    var text = "#\n#\tList of PCI ID's\n#\n"
    for vendor in stride(from: 0x0010, to: 0xfff0, by: 0x61) {
      text += String(format: "%04x  Vendor %04x\n", vendor, vendor)
      let devices = vendor % 53 == 0 ? 400 : vendor % 3
      for device in 0..<devices {
        text += String(format: "\t%04x  Device %04x of %04x\n", device, device, vendor)
        // Subsystem lines, one of them longer than a search window.
        let repeats = device == 0 ? 300 : 30
        if device % 5 == 0 {
          text += "\t\t17aa 5081  " + String(repeating: "long subsystem name ", count: repeats) + "\n"
        }
      }
      if vendor % 11 == 0 { text += "# a comment between vendors\n" }
    }
    text += "C 03  Display controller\n\t00  VGA compatible controller\n"
    return Array(text.utf8)
  }()

  static func read(_ bytes: [UInt8]) -> (Int, Int) -> [UInt8] {
    { offset, count in
      guard offset < bytes.count else { return [] }
      return Array(bytes[offset..<min(offset + count, bytes.count)])
    }
  }

  /// The vendor IDs of the vendor lines that start after `offset`'s next line feed.
  static func vendors(after offset: Int, in bytes: [UInt8]) -> [UInt16] {
    var start = offset == 0 ? 0 : (bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count) + 1
    var ids: [UInt16] = []
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      if let id = PCIIDsScanner.id(bytes[start..<end]) { ids.append(id) }
      start = end + 1
    }
    return ids
  }

  @Test(
    "the start lies before the wanted vendor's line and within 16 KB of the last vendor below it",
    arguments: [0x0010, 0x0071, 0x1af4, 0x5c81, 0x8086, 0xffee, 0xfff0, 0xffff] as [UInt16])
  func startsBeforeTheVendor(vendor: UInt16) {
    let bytes = Self.database
    let start = PCIIDsSeek.start(before: vendor, size: bytes.count, read: Self.read(bytes))
    let after = Self.vendors(after: start, in: bytes)
    let all = Self.vendors(after: 0, in: bytes)
    // Every vendor at or above the wanted one is still ahead of the start.
    #expect(all.filter { $0 >= vendor } == after.filter { $0 >= vendor }, "start \(start)")
    // And the start is not far before it: at most 16 KB before the first vendor line at or
    // above it, or the line of the vendor block it is in.
    if let firstAbove = all.firstIndex(where: { $0 >= vendor }), firstAbove > 0 {
      let line = String(format: "%04x  Vendor", all[firstAbove - 1])
      let below = Self.offset(of: line, in: bytes)
      #expect(start + PCIIDsSeek.closeEnough >= below, "start \(start), vendor below at \(below)")
    }
  }

  static func offset(of text: String, in bytes: [UInt8]) -> Int {
    Data(bytes).range(of: Data(text.utf8))?.lowerBound ?? -1
  }

  @Test("the installed pci.ids: Intel's name and a device's read from near Intel's line, not from the start")
  func installedDatabase() throws {
    let path = "/usr/share/misc/pci.ids"
    try #require(FileManager.default.fileExists(atPath: path), "install the test packages")
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    var asked = 0
    let read: (Int, Int) -> [UInt8] = { offset, count in
      asked += count
      return offset < bytes.count ? Array(bytes[offset..<min(offset + count, bytes.count)]) : []
    }
    let start = PCIIDsSeek.start(before: 0x8086, size: bytes.count, read: read)
    let intel = Self.offset(of: "\n8086  Intel Corporation\n", in: bytes)
    #expect(start < intel && intel - start < 64 * 1024, "start \(start), Intel at \(intel)")
    // Probes that land in Intel's 400 KB block read on to its end: less than half the file.
    #expect(asked < 600 * 1024, "the search read \(asked) bytes")
    let names = PCINames.lookUp(
      [PCIDeviceInfo(address: "a", vendorId: "8086", deviceId: "1237")], root: SystemRoot("/"))
    #expect(names.vendors["8086"] == "Intel Corporation")
    #expect(names.devices["8086:1237"] == "440FX - 82441FX PMC [Natoma]")
  }

  @Test("a scan that starts inside a line passes over it, and stops at the last wanted name")
  func midLineStart() {
    var scanner = PCIIDsScanner(wanted: [PCIDeviceInfo(address: "a", vendorId: "8086", deviceId: "1636")])
    scanner.startMidLine()
    scanner.feed(Array("86  Not a vendor\n7fff  Other\n8086  Intel Corporation\n\t1636  Broadwell\n".utf8)[...])
    #expect(scanner.isDone)
    scanner.feed(Array("\t1636  Not this one\n".utf8)[...])
    #expect(scanner.names == PCINames(vendors: ["8086": "Intel Corporation"], devices: ["8086:1636": "Broadwell"]))
  }
}
