/// What lscpu-virt.c asks when the CPUID hypervisor leaf names nothing it knows: the firmware's
/// DMI strings, then the PCI devices only an emulated machine has. Its rules are few and exact:
/// a KVM, VMware or Hyper-V guest's DMI names nothing here (lscpu knows those by CPUID, VMware
/// also by its backdoor I/O port, which devcaps does not touch).
extension HypervisorVendor {
  /// lscpu reads these from the raw table (type 1 manufacturer and product, type 0 vendor);
  /// /sys/class/dmi/id holds the same strings, readable by anyone and below `DEVCAPS_ROOT`.
  func dmiVendor() -> String? {
    let dmi = DMI(context: context)
    let manufacturer = dmi.string("sys_vendor")
    if manufacturer == "innotek GmbH" { return "Innotek GmbH" }
    if let manufacturer, manufacturer.contains("HITACHI"), dmi.string("product_name")?.contains("LPAR") == true {
      return "Hitachi"
    }
    if dmi.string("bios_vendor") == "Parallels" { return "Parallels" }
    return nil
  }

  /// The emulated display adapters (vendor, device) lscpu takes as proof: Xen's platform device,
  /// VMware's first SVGA adapter (not today's SVGA II, 15ad:0405) and VirtualBox's graphics.
  static let emulatedPCIDevices: [(vendor: UInt16, device: UInt16, name: String)] = [
    (0x5853, 0x0001, "Xen"), (0x15ad, 0x0710, "VMware"), (0x80ee, 0xbeef, "Oracle"),
  ]

  func pciVendor() -> String? {
    context.text("/proc/bus/pci/devices").flatMap(HypervisorVendor.emulatedPCIVendor)
  }

  /// The first device of a /proc/bus/pci/devices text (drivers/pci/proc.c: "BBDF\tVVVVDDDD\t…"
  /// per line, hexadecimal) that is one of `emulatedPCIDevices`.
  static func emulatedPCIVendor(_ text: String) -> String? {
    for line in text.splitCharacters(separator: "\n") {
      // The second field: what follows the first tab, up to the next.
      guard let tab = line.firstIndex(ofASCII: "\t") else { continue }
      let rest = line[line.index(after: tab)...]
      let field = rest[..<(rest.firstIndex(ofASCII: "\t") ?? rest.endIndex)]
      guard field.utf8.count == 8, let ids = UInt32(field, radix: 16) else { continue }
      let (vendor, device) = (UInt16(ids >> 16), UInt16(ids & 0xffff))
      if let match = HypervisorVendor.emulatedPCIDevices.first(where: { $0.vendor == vendor && $0.device == device }) {
        return match.name
      }
    }
    return nil
  }
}
