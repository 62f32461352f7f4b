import CDevCapsShims

/// lscpu's "Hypervisor vendor", by the sources lscpu-virt.c reads and in its words: the CPUID
/// hypervisor leaf (a live x86 system only: below `DEVCAPS_ROOT` the instruction would describe
/// the host, not the root), DMI, Xen's /proc/xen, the device tree on POWER and ARM, emulated PCI
/// devices, /proc/sysinfo on s390.
struct HypervisorVendor {
  let context: ProbeContext

  /// The CPUID signatures lscpu knows. A switch, not a dictionary: building one was a block of
  /// code kept in memory for a `list` (issue #25). Inlined: under valgrind, which profiles the
  /// release layout (scripts/symbol-order.py), CPUID shows no hypervisor, so a function of its
  /// own would be left out of the hot code and cost a block of its own on a VM.
  @inline(__always)
  static func name(signature: String) -> String? {
    switch signature {
    case "XenVMMXenVMM": "Xen"
    case "KVMKVMKVM": "KVM"
    case "Microsoft Hv": "Microsoft"
    case "VMwareVMware": "VMware"
    case "UnisysSpar64": "Unisys s-Par"
    default: nil
    }
  }

  func detect(cpuinfo: CPUInfoFile) -> String? {
    if context.root.isLiveSystem, let signature = HypervisorVendor.cpuidSignature() {
      if let name = HypervisorVendor.name(signature: signature) { return name }
    }
    if let vendor = dmiVendor() { return vendor }
    if context.exists("/proc/xen") { return "Xen" }
    if cpuinfo.processors.first?["vendor_id"] == "User Mode Linux" { return "User-mode Linux" }
    let deviceTree = DeviceTree(context: context)
    let hypervisor = deviceTree.hypervisorCompatible
    if hypervisor.contains(where: { $0.hasPrefix("linux,kvm") }) { return "KVM" }
    if hypervisor.contains(where: { $0.hasPrefix("xen") }) { return "Xen" }
    // A POWER LPAR under PowerVM: the firmware names the partition.
    if context.exists("/sys/firmware/devicetree/base/ibm,partition-name") { return "pHyp" }
    return pciVendor() ?? HypervisorVendor.s390(context.text("/proc/sysinfo"))
  }

  /// `VM00 Control Program: z/VM 7.3.0` under z/VM; `KVM/Linux` under KVM. An LPAR alone is
  /// PR/SM, which lscpu calls IBM too.
  static func s390(_ sysinfo: String?) -> String? {
    guard let sysinfo else { return nil }
    for line in sysinfo.splitCharacters(separator: "\n") where line.hasPrefix("VM00 Control Program:") {
      return line.contains("KVM/Linux") ? "KVM" : "IBM"
    }
    return sysinfo.splitCharacters(separator: "\n").contains { $0.hasPrefix("LPAR ") } ? "IBM" : nil
  }

  /// The hypervisor leaf's signature, trailing NULs dropped; nil on bare metal and off x86.
  static func cpuidSignature() -> String? {
    var buffer = [CChar](repeating: 0, count: 13)
    guard devcaps_cpuid_hypervisor(&buffer) == 1 else { return nil }
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
