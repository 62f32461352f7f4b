/// What requirements are judged on: the machine itself, or a report saved from one.
protocol RequirementFacts: AnyObject {
  /// nil: not a catalog key; .some(nil): known and absent; .some(evidence): present.
  func capability(_ key: String) -> String??
  /// Why a capability key cannot be judged here (a saved report without the capabilities
  /// section, or one that does not list the key), or nil when it can.
  func capabilityUnknown(_ key: String) -> String?
  /// The section is not there to judge by: a saved report made without it.
  func lacks(_ section: ReportSection) -> Bool
  var memory: MemoryInfo? { get }
  var cpu: CPUInfo? { get }
  var system: SystemInfo? { get }
  var power: PowerInfo? { get }
  var displays: [DisplayInfo]? { get }
  var network: [NetworkInterfaceInfo]? { get }
  var storage: [StorageDeviceInfo]? { get }
  var thermal: ThermalInfo? { get }
  var device: DeviceInfo? { get }
  /// Whether a device node can be opened read-write; nil where only a live machine can tell.
  func deviceNode(_ path: String) -> DeviceNodeAccess?
  var pci: [PCIDeviceInfo]? { get }
  var usb: [USBDeviceInfo]? { get }
  var gpus: [GPUInfo]? { get }
  /// Total and available bytes of the filesystem holding `path`, or why they are unknown.
  func disk(_ path: String) -> Result<(total: UInt64, available: UInt64), UnknownFactError>
}

struct UnknownFactError: Error, CustomStringConvertible {
  var description: String
}

/// The machine devcaps runs on (or the root below `DEVCAPS_ROOT`), each part probed on first use.
final class ProbedFacts: RequirementFacts {
  let context: ProbeContext

  init(context: ProbeContext) { self.context = context }

  private lazy var inventory = HardwareInventory(context: context)
  lazy var memory: MemoryInfo? = MemoryProbe(context: context).probe()
  lazy var cpu: CPUInfo? = CPUProbe(context: context).probe()
  lazy var system: SystemInfo? = SystemProbe(context: context).probe()
  var power: PowerInfo? { inventory.power }
  var displays: [DisplayInfo]? { inventory.displays }
  lazy var network: [NetworkInterfaceInfo]? = NetworkProbe(context: context, includeMACAddresses: false).probe()
  lazy var storage: [StorageDeviceInfo]? = StorageProbe(context: context).probe()
  lazy var thermal: ThermalInfo? = ThermalProbe(context: context).probe()
  lazy var device: DeviceInfo? = DeviceProbe(context: context).probe()

  func deviceNode(_ path: String) -> DeviceNodeAccess? { DeviceNodeAccess.check(path, inside: context.root) }
  lazy var pci: [PCIDeviceInfo]? = PCIProbe(context: context).probe()
  lazy var usb: [USBDeviceInfo]? = USBProbe(context: context, udev: inventory.udev).probe()
  var gpus: [GPUInfo]? { inventory.gpus }

  func capability(_ key: String) -> String?? {
    CapabilityCatalog.rule(for: key).map { $0.detect(inventory) }
  }

  func capabilityUnknown(_ key: String) -> String? { nil }

  func lacks(_ section: ReportSection) -> Bool { false }

  func disk(_ path: String) -> Result<(total: UInt64, available: UInt64), UnknownFactError> {
    switch DiskProbe.statfs(path, in: context.root) {
    case .success(let size): return .success((size.total, size.available))
    case .failure(let failure): return .failure(UnknownFactError(description: failure.description))
    }
  }
}

/// A saved report: nothing is probed.
final class ReportFacts: RequirementFacts {
  let report: Report

  init(report: Report) { self.report = report }

  var memory: MemoryInfo? { report.memory }
  var cpu: CPUInfo? { report.cpu }
  var system: SystemInfo? { report.system }
  var power: PowerInfo? { report.power }
  var displays: [DisplayInfo]? { report.displays }
  var network: [NetworkInterfaceInfo]? { report.network }
  var storage: [StorageDeviceInfo]? { report.storage }
  var thermal: ThermalInfo? { report.thermal }
  var device: DeviceInfo? { report.device }

  func deviceNode(_ path: String) -> DeviceNodeAccess? { nil }
  var pci: [PCIDeviceInfo]? { report.pci }
  var usb: [USBDeviceInfo]? { report.usb }
  var gpus: [GPUInfo]? { report.gpus }

  func capability(_ key: String) -> String?? {
    guard CapabilityCatalog.rule(for: key) != nil else { return nil }
    guard let result = report.capabilities?.first(where: { $0.key == key }), result.present else { return .some(nil) }
    return .some(result.evidence ?? key)
  }

  func lacks(_ section: ReportSection) -> Bool { !report.sections.contains(section) }

  func capabilityUnknown(_ key: String) -> String? {
    guard let capabilities = report.capabilities else { return "the report has no capabilities section" }
    if ManifestKeys.unavailableOnLinux.contains(key) { return nil }
    guard capabilities.contains(where: { $0.key == key }) else { return "the report's capabilities do not list it" }
    return nil
  }

  /// The report's disk mounted at `path`. A report measured its mount points only: another
  /// path may not exist on that machine, or be a mount the report leaves out, so judging it by
  /// the mount above it could pass where the machine itself fails. Of two mounts at one path, the
  /// later (mountinfo's order, which the report keeps) is the one in effect, as statvfs sees it.
  func disk(_ path: String) -> Result<(total: UInt64, available: UInt64), UnknownFactError> {
    guard let disks = report.disks else {
      return .failure(UnknownFactError(description: "the report has no disks section"))
    }
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    guard let disk = disks.last(where: { $0.path == trimmed }) else {
      return .failure(
        UnknownFactError(
          description:
            "not a mount point of the report, which measured only \(disks.map(\.path).concatenated(separator: ", "))"))
    }
    guard let total = disk.totalBytes, let available = disk.availableBytes else {
      return .failure(UnknownFactError(description: "the report does not give \(disk.path)'s size"))
    }
    return .success((total, available))
  }
}
