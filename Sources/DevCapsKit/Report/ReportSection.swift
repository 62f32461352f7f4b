/// The sections of `devcaps list`, in report order.
public enum ReportSection: String, Sendable, CaseIterable {
  case device, system, cpu, memory, limits, disks, network, storage, power, thermal, sensors, displays, gpus, cameras,
    audio, radios, inputs, pci,
    capabilities

}

extension ReportSection {
  /// The one table of sections: each case's entry (below). The builder, `Report.json` and both
  /// saved-report readers go through it; the command's own table is `HumanSection.of`.
  var entry: ReportSectionEntry {
    switch self {
    case .device: .device
    case .system: .system
    case .cpu: .cpu
    case .memory: .memory
    case .limits: .limits
    case .disks: .disks
    case .network: .network
    case .storage: .storage
    case .power: .power
    case .thermal: .thermal
    case .sensors: .sensors
    case .displays: .displays
    case .gpus: .gpus
    case .cameras: .cameras
    case .audio: .audio
    case .radios: .radios
    case .inputs: .inputs
    case .pci: .pci
    case .capabilities: .capabilities
    }
  }
}

// Each section's entry: where its value lives, the probe that fills it (and the udev subsystems
// that probe enumerates), and, for the sections `require --against` reads most, a reader of the
// saved tree without Codable (Report/SavedReportSections.swift). Its JSON members are its
// model's `json` (Report/ReportJSON.swift); capabilities, two members, has a file of its own.
extension ReportSectionEntry {
  static let device = ReportSectionEntry({ $0.device }, { $0.device = $1 }, saved: DeviceInfo.init(saved:)) {
    DeviceProbe(context: $0.context).probe()
  }
  static let system = ReportSectionEntry({ $0.system }, { $0.system = $1 }) { SystemProbe(context: $0.context).probe() }
  static let cpu = ReportSectionEntry({ $0.cpu }, { $0.cpu = $1 }, saved: CPUInfo.init(saved:)) {
    CPUProbe(context: $0.context).probe()
  }
  static let memory = ReportSectionEntry({ $0.memory }, { $0.memory = $1 }, saved: MemoryInfo.init(saved:)) {
    MemoryProbe(context: $0.context).probe()
  }
  static let limits = ReportSectionEntry({ $0.limits }, { $0.limits = $1 }) { LimitsProbe(context: $0.context).probe() }
  static let disks = ReportSectionEntry({ $0.disks }, { $0.disks = $1 }) { DiskProbe(context: $0.context).probe() }
  static let network = ReportSectionEntry({ $0.network }, { $0.network = $1 }) {
    NetworkProbe(context: $0.context, includeMACAddresses: $0.builder.includeMACAddresses).probe()
  }
  static let storage = ReportSectionEntry({ $0.storage }, { $0.storage = $1 }) {
    StorageProbe(context: $0.context, includeVirtual: $0.builder.includeVirtualBlockDevices).probe()
  }
  /// UPower and power-profiles-daemon are asked before any section is probed, and answer while
  /// the others are read. Not power_supply among the subsystems: sysfs is read only when UPower
  /// does not answer.
  static let power = ReportSectionEntry({ $0.power }, { $0.power = $1 }, start: { PowerProbe.ask(in: $0) }) {
    $0.inventory.power
  }
  static let thermal = ReportSectionEntry({ $0.thermal }, { $0.thermal = $1 }) {
    ThermalProbe(context: $0.context).probe()
  }
  static let sensors = ReportSectionEntry({ $0.sensors }, { $0.sensors = $1 }, udevSubsystems: ["iio", "input"]) {
    $0.inventory.sensors
  }
  static let displays = ReportSectionEntry({ $0.displays }, { $0.displays = $1 }, udevSubsystems: ["drm"]) {
    $0.inventory.displays
  }
  static let gpus = ReportSectionEntry({ $0.gpus }, { $0.gpus = $1 }, udevSubsystems: ["drm"]) { $0.inventory.gpus }
  static let cameras = ReportSectionEntry({ $0.cameras }, { $0.cameras = $1 }, udevSubsystems: ["video4linux"]) {
    $0.inventory.cameras
  }
  static let audio = ReportSectionEntry({ $0.audio }, { $0.audio = $1 }, udevSubsystems: ["sound"]) {
    $0.inventory.audioCards
  }
  static let radios = ReportSectionEntry(
    { $0.radios }, { $0.radios = $1 }, udevSubsystems: ["net", "bluetooth", "wwan", "gnss", "nfc"]
  ) {
    $0.inventory.radios
  }
  static let inputs = ReportSectionEntry({ $0.inputs }, { $0.inputs = $1 }, udevSubsystems: ["input"]) {
    $0.inventory.inputs
  }
  static let pci = ReportSectionEntry({ $0.pci }, { $0.pci = $1 }) { PCIProbe(context: $0.context).probe() }
}
