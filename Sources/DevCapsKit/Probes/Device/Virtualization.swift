/// Virtualization detection in the order and vocabulary of `systemd-detect-virt`, from files only:
/// containers first, then virtual machines.
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

  func detect() -> Detection? {
    if let container = detectContainer() { return Detection(name: container, kind: .container) }
    if let vm = detectVM() { return Detection(name: vm, kind: .vm) }
    return nil
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

  func detectVM() -> String? {
    for field in ["product_name", "sys_vendor", "board_vendor", "bios_vendor", "product_version"] {
      guard let value = dmi.string(field) else { continue }
      if let match = VirtualizationDetector.dmiVendors.first(where: { value.hasPrefix($0.prefix) }) {
        return match.name
      }
    }
    if dmi.string("sys_vendor") == "Microsoft Corporation", dmi.string("product_name") == "Virtual Machine" {
      return "microsoft"
    }
    if let type = context.line("/sys/hypervisor/type"), type == "xen" { return "xen" }
    if deviceTree.hypervisorCompatible.contains(where: { $0.hasPrefix("linux,kvm") }) { return "kvm" }
    if deviceTree.hypervisorCompatible.contains(where: { $0.hasPrefix("xen") }) { return "xen" }
    if hasHypervisorFlag() { return "vm-other" }
    return nil
  }
}
