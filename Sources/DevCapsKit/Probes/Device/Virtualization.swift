/// Virtualization detection in the order and vocabulary of `systemd-detect-virt`: containers
/// (`--container`) and virtual machines (`--vm`), each from files, and the CPUID leaf live.
struct VirtualizationDetector {
  let context: ProbeContext
  let dmi: DMI
  let deviceTree: DeviceTree
  /// Whether `/proc/cpuinfo` shows the CPUID hypervisor bit; asked last, as parsing the file is
  /// the costliest check.
  let hasHypervisorFlag: () -> Bool

  struct Detection: Equatable {
    var name: String
    var kind: VirtualizationKind
  }

  /// The innermost layer (a container in a VM is the container), and the VM apart.
  func detect() -> (innermost: Detection?, hypervisor: String?) {
    let vm = detectVM()
    if let container = detectContainer() { return (Detection(name: container, kind: .container), vm) }
    return (vm.map { Detection(name: $0, kind: .vm) }, vm)
  }

  /// The values systemd's container managers write, and what Docker and Podman leave behind.
  func detectContainer() -> String? {
    if context.exists("/proc/vz") && !context.exists("/proc/bc") { return "openvz" }
    if let release = context.line("/proc/sys/kernel/osrelease"),
      release.containsBytes("Microsoft") || release.containsBytes("WSL")
    {
      return "wsl"
    }
    for path in ["/run/host/container-manager", "/run/systemd/container"] {
      if let manager = context.line(path) { return VirtualizationDetector.containerName(manager) }
    }
    if context.exists("/.dockerenv") { return "docker" }
    if context.exists("/run/.containerenv") { return "podman" }
    return nil
  }

  static func containerName(_ manager: String) -> String {
    switch manager {
    case "oci": return "container-other"
    case "lxc-libvirt": return "lxc-libvirt"
    default: return manager
    }
  }

  /// DMI vendor strings as systemd matches them (prefixes of the vendor fields).
  static let dmiVendors: [(prefix: String, name: String)] = [
    ("KVM", "kvm"), ("OpenStack", "kvm"), ("KubeVirt", "kvm"), ("Amazon EC2", "amazon"),
    ("QEMU", "qemu"), ("VMware", "vmware"), ("VMW", "vmware"), ("innotek GmbH", "oracle"),
    ("VirtualBox", "oracle"), ("Oracle Corporation", "oracle"), ("Xen", "xen"), ("Bochs", "bochs"),
    ("Parallels", "parallels"), ("BHYVE", "bhyve"), ("Hyper-V", "microsoft"),
    ("Apple Virtualization", "apple"), ("Google Compute Engine", "google"),
  ]

  /// The CPUID hypervisor signatures systemd knows (src/basic/virt.c), in its words. A switch,
  /// inlined, for the reason HypervisorVendor.name(signature:) gives.
  @inline(__always)
  static func cpuidVendor(_ signature: String) -> String? {
    switch signature {
    case "XenVMMXenVMM": "xen"
    case "KVMKVMKVM", "Linux KVM Hv": "kvm"
    case "TCGTCGTCGTCG": "qemu"
    case "VMwareVMware": "vmware"
    case "Microsoft Hv": "microsoft"
    case "bhyve bhyve ": "bhyve"
    case "QNXQVMBSQG": "qnx"
    case "ACRNACRNACRN": "acrn"
    case "SRESRESRESRE": "sre"
    case "Apple VZ": "apple"
    default: nil
    }
  }

  /// The virtual machine, in systemd-detect-virt's order: DMI names that hide behind KVM
  /// (oracle, xen, amazon, parallels, google) first, then Xen's /proc/xen outside dom0, then
  /// the CPUID hypervisor leaf (a live system only: below `DEVCAPS_ROOT` it would describe the
  /// host), then the rest of DMI, /sys/hypervisor, the device tree, z/VM, and last the bare
  /// hypervisor bit as `vm-other`.
  func detectVM() -> String? {
    let fromDMI = dmiVM()
    if let fromDMI, ["oracle", "xen", "amazon", "parallels", "google"].contains(fromDMI) { return fromDMI }
    if context.exists("/proc/xen"), !(context.text("/proc/xen/capabilities")?.containsBytes("control_d") ?? false) {
      return "xen"
    }
    var other = false
    if context.root.isLiveSystem, let signature = HypervisorVendor.cpuidSignature() {
      if let name = VirtualizationDetector.cpuidVendor(signature) { return name }
      other = true
    }
    if let fromDMI { return fromDMI }
    if let type = context.line("/sys/hypervisor/type"), type == "xen" { return "xen" }
    if deviceTree.hypervisorCompatible.contains(where: { $0.hasPrefix("linux,kvm") }) { return "kvm" }
    if deviceTree.hypervisorCompatible.contains(where: { $0.hasPrefix("xen") }) { return "xen" }
    switch HypervisorVendor.s390(context.text("/proc/sysinfo")) {
    case "KVM": return "kvm"
    case "IBM" where context.text("/proc/sysinfo")?.containsBytes("z/VM") ?? false: return "zvm"
    default: break
    }
    if other || hasHypervisorFlag() { return "vm-other" }
    return nil
  }

  private func dmiVM() -> String? {
    for field in ["product_name", "sys_vendor", "board_vendor", "bios_vendor", "product_version"] {
      guard let value = dmi.string(field) else { continue }
      if let match = VirtualizationDetector.dmiVendors.first(where: { value.hasPrefix($0.prefix) }) {
        return match.name
      }
    }
    if dmi.string("sys_vendor") == "Microsoft Corporation", dmi.string("product_name") == "Virtual Machine" {
      return "microsoft"
    }
    return nil
  }
}
