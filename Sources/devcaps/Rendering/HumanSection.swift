import DevCapsKit

/// How `devcaps list` shows one section: its title and its rows (nil: the report does not hold
/// the section). `of(_:)` is the command's one table of sections; each section's rows are a
/// `HumanReport` method, in `HumanReport+<Name>.swift` beside the others of its kind.
struct HumanSection {
  let title: String
  let rows: (HumanReport) -> [(String, String)]?

  init<Model>(
    _ title: String, _ value: KeyPath<Report, Model?>, _ rows: @escaping (HumanReport) -> (Model) -> [(String, String)]
  ) {
    self.title = title
    self.rows = { human in human.report[keyPath: value].map(rows(human)) }
  }

  static func of(_ section: ReportSection) -> HumanSection {
    switch section {
    case .device: HumanSection("Device", \.device, HumanReport.deviceRows)
    case .system: HumanSection("System", \.system, HumanReport.systemRows)
    case .cpu: HumanSection("CPU", \.cpu, HumanReport.cpuRows)
    case .memory: HumanSection("Memory", \.memory, HumanReport.memoryRows)
    case .limits: HumanSection("Limits", \.limits, HumanReport.limitsRows)
    case .disks: HumanSection("Disks", \.disks, HumanReport.diskRows)
    case .network: HumanSection("Network", \.network, HumanReport.networkRows)
    case .storage: HumanSection("Storage", \.storage, HumanReport.storageRows)
    case .power: HumanSection("Power", \.power, HumanReport.powerRows)
    case .thermal: HumanSection("Thermal", \.thermal, HumanReport.thermalRows)
    case .sensors: HumanSection("Sensors", \.sensors, HumanReport.sensorRows)
    case .displays: HumanSection("Displays", \.displays, HumanReport.displayRows)
    case .gpus: HumanSection("GPUs", \.gpus, HumanReport.gpuRows)
    case .cameras: HumanSection("Cameras", \.cameras, HumanReport.cameraRows)
    case .audio: HumanSection("Audio", \.audio, HumanReport.audioRows)
    case .radios: HumanSection("Radios", \.radios, HumanReport.radioRows)
    case .inputs: HumanSection("Input devices", \.inputs, HumanReport.inputRows)
    case .pci: HumanSection("PCI devices", \.pci, HumanReport.pciRows)
    case .capabilities: HumanSection("Capabilities", \.capabilities, HumanReport.capabilityRows)
    }
  }
}
