/// The sections of `devcaps list`, in report order.
public enum ReportSection: String, Sendable, CaseIterable {
  case device, system, cpu, memory, limits, disks, network, storage, power, thermal, sensors, displays, gpus, cameras,
    audio, radios, inputs, pci, usb,
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
    case .usb: .usb
    case .capabilities: .capabilities
    }
  }
}

// Each section's entry: where its value lives, and, for the sections `require --against` reads
// most, a reader of the saved tree without Codable (Report/SavedReportSections.swift). Its JSON
// members are its model's `json` (Report/ReportJSON.swift); capabilities, two members, has a file
// of its own. The probe that fills it is its row in `ReportSection.probe` (Report/SectionProbe.swift).
extension ReportSectionEntry {
  static let device = ReportSectionEntry({ $0.device }, { $0.device = $1 }, saved: DeviceInfo.init(saved:))
  static let system = ReportSectionEntry({ $0.system }, { $0.system = $1 })
  static let cpu = ReportSectionEntry({ $0.cpu }, { $0.cpu = $1 }, saved: CPUInfo.init(saved:))
  static let memory = ReportSectionEntry({ $0.memory }, { $0.memory = $1 }, saved: MemoryInfo.init(saved:))
  static let limits = ReportSectionEntry({ $0.limits }, { $0.limits = $1 })
  static let disks = ReportSectionEntry({ $0.disks }, { $0.disks = $1 })
  static let network = ReportSectionEntry({ $0.network }, { $0.network = $1 })
  static let storage = ReportSectionEntry({ $0.storage }, { $0.storage = $1 })
  static let power = ReportSectionEntry({ $0.power }, { $0.power = $1 })
  static let thermal = ReportSectionEntry({ $0.thermal }, { $0.thermal = $1 })
  static let sensors = ReportSectionEntry({ $0.sensors }, { $0.sensors = $1 })
  static let displays = ReportSectionEntry({ $0.displays }, { $0.displays = $1 })
  static let gpus = ReportSectionEntry({ $0.gpus }, { $0.gpus = $1 })
  static let cameras = ReportSectionEntry({ $0.cameras }, { $0.cameras = $1 })
  static let audio = ReportSectionEntry({ $0.audio }, { $0.audio = $1 })
  static let radios = ReportSectionEntry({ $0.radios }, { $0.radios = $1 })
  static let inputs = ReportSectionEntry({ $0.inputs }, { $0.inputs = $1 })
  static let pci = ReportSectionEntry({ $0.pci }, { $0.pci = $1 })
  static let usb = ReportSectionEntry({ $0.usb }, { $0.usb = $1 })
}
