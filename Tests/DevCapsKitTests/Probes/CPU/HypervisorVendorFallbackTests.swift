import Foundation
import Testing

@testable import DevCapsKit

/// lscpu's hypervisor vendor where the CPUID leaf says nothing (every root below `DEVCAPS_ROOT`):
/// DMI by lscpu-virt.c's few exact rules, then emulated PCI devices.
@Suite("Hypervisor vendor from DMI and PCI")
struct HypervisorVendorFallbackTests {
  /// The guests whose DMI DeviceProbeTests takes from dmidecode, and what lscpu makes of that DMI
  /// alone: only VirtualBox's "innotek GmbH" names a vendor. KVM, EC2, VMware, Hyper-V and GCE
  /// are known to lscpu by CPUID only, so devcaps names them in `device.hypervisor`, not here.
  @Test(
    "KVM, EC2, VMware, Hyper-V and GCE guests' DMI name no vendor; VirtualBox's names Innotek",
    arguments: zip(DeviceProbeTests.guests, [nil, nil, nil, nil, nil, "Innotek GmbH"] as [String?]))
  func guestDMI(guest: ([String: String], String), vendor: String?) throws {
    let root = try TemporaryRoot(guest.0)
    let cpu = CPUProbe(context: root.context).probe()
    #expect(cpu.hypervisorVendor == vendor)
    #expect(DeviceProbe(context: root.context).probe().hypervisor == guest.1)
  }

  @Test(
    "lscpu's other DMI rules: a HITACHI LPAR, a Parallels BIOS; near misses name nothing",
    arguments: [
      (["sys_vendor": "HITACHI", "product_name": "BS2500 LPAR"], "Hitachi"),
      (["sys_vendor": "HITACHI", "product_name": "BS2500"], nil),
      (["bios_vendor": "Parallels"], "Parallels"),
      (["sys_vendor": "Innotek GmbH"], nil),
    ] as [([String: String], String?)])
  func dmiRules(fields: [String: String], vendor: String?) throws {
    let root = try TemporaryRoot(
      Dictionary(uniqueKeysWithValues: fields.map { ("/sys/class/dmi/id/" + $0.key, $0.value + "\n") }))
    #expect(CPUProbe(context: root.context).probe().hypervisorVendor == vendor)
  }

  /// /proc/bus/pci/devices as drivers/pci/proc.c prints it: bus and devfn, vendor and device,
  /// IRQ, seven BAR starts and seven sizes (`%16llx`), the bound driver. The BARs are zero here:
  /// nobody reads them.
  static func pciDevices(_ devices: [(slot: String, ids: String, driver: String)]) -> String {
    let zero = String(repeating: " ", count: 15) + "0"
    return devices.map { device in
      ([device.slot, device.ids, "0"] + Array(repeating: zero, count: 14) + [device.driver]).joined(separator: "\t")
        + "\n"
    }.joined()
  }

  /// `lspci -n` of three guests: an EC2 Xen HVM instance (m4: Cirrus VGA, the Xen platform
  /// device), a VirtualBox 7 guest with its old VBoxVGA adapter, a VMware ESXi 7 guest (SVGA II,
  /// which lscpu's rule, written for the first SVGA adapter, does not know).
  static let machines: [(name: String, devices: String, vendor: String?)] = [
    (
      "Xen HVM",
      pciDevices([
        ("0000", "80861237", ""), ("0008", "80867000", ""), ("0009", "80867010", "ata_piix"),
        ("000b", "80867113", ""), ("0010", "101300b8", ""), ("0018", "58530001", "xen-platform-pci"),
      ]), "Xen"
    ),
    (
      "VirtualBox",
      pciDevices([
        ("0000", "80861237", ""), ("0008", "80867000", ""), ("0009", "80867111", "ata_piix"),
        ("0010", "80eebeef", "vboxvideo"), ("0018", "8086100e", "e1000"), ("0020", "80eecafe", "vboxguest"),
      ]), "Oracle"
    ),
    (
      "VMware",
      pciDevices([
        ("0000", "80867190", "agpgart-intel"), ("0038", "80867110", ""), ("0079", "15ad0740", "vmw_vmci"),
        ("0078", "15ad0405", "vmwgfx"), ("0b00", "15ad07b0", "vmxnet3"),
      ]), nil
    ),
  ]

  @Test("emulated PCI devices, as lscpu --sysroot reads them", arguments: machines.indices)
  func pci(index: Int) throws {
    let machine = Self.machines[index]
    let root = try TemporaryRoot(["/proc/bus/pci/devices": machine.devices])
    #expect(CPUProbe(context: root.context).probe().hypervisorVendor == machine.vendor, "\(machine.name)")
  }

  /// lscpu reads the PCI list below --sysroot (DMI and CPUID only on a live system), so the same
  /// list on a copy of a real CPU root must give both the same answer.
  @Test("lscpu --sysroot agrees on each machine's PCI devices", .enabled(if: Lscpu.executable != nil))
  func lscpuAgrees() throws {
    for machine in Self.machines {
      let root = try TemporaryRoot()
      try FileManager.default.removeItem(atPath: root.path)
      try FileManager.default.copyItem(
        atPath: CPUFixture.directory.appendingPathComponent("x86-xeon-2s").path, toPath: root.path)
      try root.write("/proc/bus/pci/devices", machine.devices)
      let lscpu = try Lscpu.summary(root: root.path)
      #expect(lscpu.hypervisorVendor == machine.vendor, "\(machine.name)")
      #expect(CPUProbe(context: root.context).probe().hypervisorVendor == machine.vendor, "\(machine.name)")
    }
  }
}
