import Foundation
import Testing

@testable import DevCapsKit

@Suite("PCI devices and their names")
struct PCIProbeTests {
  /// A uevent as drivers/pci/pci-driver.c's pci_uevent() and the driver core write it.
  static let i915Uevent = """
    DRIVER=i915
    PCI_CLASS=30000
    PCI_ID=8086:9A49
    PCI_SUBSYS_ID=17AA:22D5
    PCI_SLOT_NAME=0000:00:02.0
    MODALIAS=pci:v00008086d00009A49sv000017AAsd000022D5bc03sc00i00

    """

  @Test("a kernel uevent gives class, IDs, subsystem and driver; the attribute files are not read")
  func fromUevent() throws {
    let root = try TemporaryRoot([
      "/sys/bus/pci/devices/0000:00:02.0/uevent": Self.i915Uevent,
      // Were the attribute files read, the class would differ.
      "/sys/bus/pci/devices/0000:00:02.0/class": "0x0c0330\n",
    ])
    let context = root.context
    #expect(
      PCIProbe(context: context).probe() == [
        PCIDeviceInfo(
          address: "0000:00:02.0", classCode: "030000", vendorId: "8086", deviceId: "9a49", subsystemVendorId: "17aa",
          subsystemDeviceId: "22d5", driver: "i915")
      ])
    #expect(context.diagnostics.entries.isEmpty)
  }

  @Test("without a uevent: the class, vendor, device and subsystem files and the driver link")
  func fromAttributes() throws {
    let root = try TemporaryRoot([
      "/sys/bus/pci/devices/0000:01:00.0/class": "0x030200\n",
      "/sys/bus/pci/devices/0000:01:00.0/vendor": "0x10de\n",
      "/sys/bus/pci/devices/0000:01:00.0/device": "0x1eb8\n",
      "/sys/bus/pci/devices/0000:01:00.0/subsystem_vendor": "0x10de\n",
      "/sys/bus/pci/devices/0000:01:00.0/subsystem_device": "0x12a2\n",
      "/sys/bus/pci/devices/0000:02:00.0/class": "0x010802\n",
    ])
    try FileManager.default.createSymbolicLink(
      atPath: root.path + "/sys/bus/pci/devices/0000:01:00.0/driver",
      withDestinationPath: "../../../bus/pci/drivers/nvidia")
    let devices = PCIProbe(context: root.context).probe()
    #expect(
      devices == [
        PCIDeviceInfo(
          address: "0000:01:00.0", classCode: "030200", vendorId: "10de", deviceId: "1eb8", subsystemVendorId: "10de",
          subsystemDeviceId: "12a2", driver: "nvidia"),
        PCIDeviceInfo(address: "0000:02:00.0", classCode: "010802"),
      ])
    #expect(devices.map(\.isDisplayController) == [true, false])
  }

  @Test("garbage in a uevent falls back to the files; garbage there is a diagnostic and null, never a guess")
  func garbage() throws {
    let root = try TemporaryRoot([
      "/sys/bus/pci/devices/0000:00:1f.0/uevent": "PCI_CLASS=Z601\nPCI_ID=8086:XYZW\nPCI_SUBSYS_ID=17AA:2292\n",
      "/sys/bus/pci/devices/0000:00:1f.0/class": "bridge\n",
      "/sys/bus/pci/devices/0000:00:1f.0/vendor": "0x8086\n",
      "/sys/bus/pci/devices/0000:00:1f.0/device": "0x19d4e\n",
    ])
    let context = root.context
    #expect(
      PCIProbe(context: context).probe() == [
        PCIDeviceInfo(
          address: "0000:00:1f.0", vendorId: "8086", subsystemVendorId: "17aa", subsystemDeviceId: "2292")
      ])
    #expect(
      context.diagnostics.entries.map(\.path) == [
        "/sys/bus/pci/devices/0000:00:1f.0/class", "/sys/bus/pci/devices/0000:00:1f.0/device",
      ])
  }

  @Test("no /sys/bus/pci (a container, an arm board without PCI): an empty section, nothing logged")
  func noBus() throws {
    let root = try TemporaryRoot()
    let context = root.context
    #expect(PCIProbe(context: context).probe() == [])
    #expect(context.diagnostics.entries.isEmpty)
  }

  static let database = """
    #
    #\tList of PCI ID's
    #
    0014  Loongson Technology LLC
    \t7a06  2K1000/2000 Display Controller
    1002  Advanced Micro Devices, Inc. [AMD/ATI]
    \t1636  Renoir
    \t\t17aa 5081  A Lenovo laptop
    10de  NVIDIA Corporation
    \t1eb8  TU104GL [Tesla T4]
    8086  Intel Corporation
    \t1636  Broadwell-U Integrated Graphics
    \t9a49  TigerLake-LP GT2 [Iris Xe Graphics]
    ffff  Illegal Vendor ID
    C 03  Display controller
    \t00  VGA compatible controller

    """

  static func scan(_ text: String, chunk: Int, wanted: [PCIDeviceInfo]) -> PCINames {
    var scanner = PCIIDsScanner(wanted: wanted)
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count, !scanner.isDone {
      scanner.feed(bytes[start..<min(start + chunk, bytes.count)])
      start += chunk
    }
    scanner.finish()
    return scanner.names
  }

  @Test("pci.ids read in chunks of any size: the vendor's device, not another vendor's of the same ID")
  func names() {
    let wanted = [
      PCIDeviceInfo(address: "a", vendorId: "8086", deviceId: "9a49"),
      PCIDeviceInfo(address: "b", vendorId: "1002", deviceId: "1636"),
      PCIDeviceInfo(address: "c", vendorId: "1af4", deviceId: "1050"),
    ]
    let expected = PCINames(
      vendors: ["8086": "Intel Corporation", "1002": "Advanced Micro Devices, Inc. [AMD/ATI]"],
      devices: ["8086:9a49": "TigerLake-LP GT2 [Iris Xe Graphics]", "1002:1636": "Renoir"])
    for chunk in [1, 2, 7, 64, 65536] {
      #expect(Self.scan(Self.database, chunk: chunk, wanted: wanted) == expected, "chunks of \(chunk)")
    }
  }

  @Test("the scan stops once every wanted ID is found or passed: what follows is never read")
  func stopsEarly() {
    // Found: the vendor's last wanted device ends the scan, before the next vendor's line.
    var scanner = PCIIDsScanner(wanted: [PCIDeviceInfo(address: "a", vendorId: "10de", deviceId: "1eb8")])
    let head = Self.database.components(separatedBy: "\t1eb8")[0]
    scanner.feed(Array(head.utf8)[...])
    #expect(!scanner.isDone)
    scanner.feed(Array("\t1eb8  TU104GL [Tesla T4]\n".utf8)[...])
    #expect(scanner.isDone)
    // A line after the stop changes nothing.
    scanner.feed(Array("\t1eb8  Not this one\n".utf8)[...])
    #expect(scanner.names.devices == ["10de:1eb8": "TU104GL [Tesla T4]"])
    // Passed: a device line past the last wanted ID of the vendor (its devices are in order).
    var passed = PCIIDsScanner(wanted: [PCIDeviceInfo(address: "a", vendorId: "8086", deviceId: "1637")])
    passed.feed(Array(Self.database.components(separatedBy: "\t9a49")[0].utf8)[...])
    #expect(!passed.isDone)
    passed.feed(Array("\t9a49  TigerLake-LP GT2 [Iris Xe Graphics]\n".utf8)[...])
    #expect(passed.isDone)
    #expect(passed.names == PCINames(vendors: ["8086": "Intel Corporation"], devices: [:]))
  }

  @Test("the installed pci.ids (Debian's pci.ids package, 1.4 MB): the names, read in chunks")
  func installedDatabase() throws {
    try #require(FileManager.default.fileExists(atPath: "/usr/share/misc/pci.ids"), "install the test packages")
    let names = PCINames.lookUp(
      [PCIDeviceInfo(address: "a", vendorId: "10de", deviceId: "1eb8")], root: SystemRoot("/"))
    #expect(names.vendors["10de"] == "NVIDIA Corporation")
    #expect(names.devices["10de:1eb8"] == "TU104GL [Tesla T4]")
  }

  @Test("no database, or a FIFO in its place: no names, no error, no wait")
  func noDatabase() throws {
    let root = try TemporaryRoot()
    let wanted = [PCIDeviceInfo(address: "a", vendorId: "8086", deviceId: "9a49")]
    #expect(PCINames.lookUp(wanted, root: SystemRoot(root.path)) == PCINames())
    try FileManager.default.createDirectory(atPath: root.path + "/usr/share/misc", withIntermediateDirectories: true)
    #expect(mkfifo(root.path + "/usr/share/misc/pci.ids", 0o644) == 0)
    #expect(PCINames.lookUp(wanted, root: SystemRoot(root.path)) == PCINames())
  }
}
