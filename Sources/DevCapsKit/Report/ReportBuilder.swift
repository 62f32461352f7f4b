/// Runs the probes for the sections asked for, and only those: `devcaps get memory.totalBytes`
/// reads `/proc/meminfo` and the memory blocks, nothing else; libudev is loaded only when a
/// hardware section is asked for.
public struct ReportBuilder {
  let context: ProbeContext
  /// Whether `network` lists MAC addresses (`list --mac-addresses`): identifiers, left out by default.
  public var includeMACAddresses = false
  /// Whether `storage` lists loop, ram and zram devices too (`list --all-block-devices`).
  public var includeVirtualBlockDevices = false

  /// Reads this machine, or the one below `DEVCAPS_ROOT` (a mounted image, a test fixture).
  public init() { self.init(context: ProbeContext()) }

  init(context: ProbeContext) { self.context = context }

  /// Probes the sections asked for (each once, in report order) and nothing else.
  public func build(sections: [ReportSection] = ReportSection.allCases) -> Report {
    let ordered = ReportSection.allCases.filter(sections.contains)
    var report = Report(sections: ordered)
    var hardware: HardwareInventory? = nil
    if ordered.contains(.power) { PowerProbe.ask(in: context) }
    func inventory() -> HardwareInventory {
      if let hardware { return hardware }
      let udev = Udev(recorder: context.recorder)
      if udev == nil {
        context.diagnostics.record(
          "libudev",
          "cannot use udev (\(Udev.unavailableReason)): no sensors, displays, GPUs, cameras, audio, radios or inputs listed"
        )
      }
      udev?.prefetch(subsystems: ordered.flatMap(\.udevSubsystems))
      let created = HardwareInventory(context: context, udev: udev)
      hardware = created
      return created
    }
    for section in ordered {
      switch section {
      case .device: report.device = DeviceProbe(context: context).probe()
      case .system: report.system = SystemProbe(context: context).probe()
      case .cpu: report.cpu = CPUProbe(context: context).probe()
      case .memory: report.memory = MemoryProbe(context: context).probe()
      case .limits: report.limits = LimitsProbe(context: context).probe()
      case .disks: report.disks = DiskProbe(context: context).probe()
      case .network: report.network = NetworkProbe(context: context, includeMACAddresses: includeMACAddresses).probe()
      case .storage:
        report.storage = StorageProbe(context: context, includeVirtual: includeVirtualBlockDevices).probe()
      case .sensors: report.sensors = inventory().sensors
      case .displays: report.displays = inventory().displays
      case .gpus: report.gpus = inventory().gpus
      case .cameras: report.cameras = inventory().cameras
      case .audio: report.audio = inventory().audioCards
      case .radios: report.radios = inventory().radios
      case .inputs: report.inputs = inventory().inputs
      case .pci: report.pci = PCIProbe(context: context).probe()
      case .capabilities: report.capabilities = CapabilityCatalog.evaluate(inventory())
      case .power: report.power = inventory().power
      case .thermal: report.thermal = ThermalProbe(context: context).probe()
      }
    }
    report.warnings = context.diagnostics.entries
    return report
  }
}

extension ReportSection {
  /// The subsystems the section's probes enumerate, for `Udev.prefetch`. Not power's
  /// power_supply: the probe reads it only when UPower does not answer.
  var udevSubsystems: [String] {
    switch self {
    case .sensors: ["iio", "input"]
    case .displays, .gpus: ["drm"]
    case .cameras: ["video4linux"]
    case .audio: ["sound"]
    case .radios: ["net", "bluetooth", "wwan", "gnss", "nfc"]
    case .inputs: ["input"]
    case .capabilities:
      [ReportSection.sensors, .displays, .cameras, .audio, .radios, .inputs].flatMap(\.udevSubsystems)
    case .device, .system, .cpu, .memory, .limits, .disks, .network, .storage, .power, .thermal, .pci: []
    }
  }
}
