import DevCapsKit

/// How `devcaps list` shows one section: its title and its rows (nil: the report does not hold
/// the section). `of(_:)` is the command's one table of sections; each section's rows are a
/// `HumanReport` method, in `HumanReport+<Name>.swift` beside the others of its kind.
struct HumanSection {
  let title: String
  let rows: (HumanReport) -> [(String, String)]?

  init<Model>(
    _ title: String, _ value: @escaping (Report) -> Model?,
    _ rows: @escaping (HumanReport) -> (Model) -> [(String, String)]
  ) {
    self.title = title
    self.rows = { human in value(human.report).map(rows(human)) }
  }

  static func of(_ section: ReportSection) -> HumanSection {
    switch section {
    case .device: HumanSection("Device", { $0.device }, HumanReport.deviceRows)
    case .system: HumanSection("System", { $0.system }, HumanReport.systemRows)
    case .cpu: HumanSection("CPU", { $0.cpu }, HumanReport.cpuRows)
    case .memory: HumanSection("Memory", { $0.memory }, HumanReport.memoryRows)
    case .limits: HumanSection("Limits", { $0.limits }, HumanReport.limitsRows)
    case .disks: HumanSection("Disks", { $0.disks }, HumanReport.diskRows)
    case .network: HumanSection("Network", { $0.network }, HumanReport.networkRows)
    case .storage: HumanSection("Storage", { $0.storage }, HumanReport.storageRows)
    case .power: HumanSection("Power", { $0.power }, HumanReport.powerRows)
    case .thermal: HumanSection("Thermal", { $0.thermal }, HumanReport.thermalRows)
    case .sensors: HumanSection("Sensors", { $0.sensors }, HumanReport.sensorRows)
    case .displays: HumanSection("Displays", { $0.displays }, HumanReport.displayRows)
    case .gpus: HumanSection("GPUs", { $0.gpus }, HumanReport.gpuRows)
    case .cameras: HumanSection("Cameras", { $0.cameras }, HumanReport.cameraRows)
    case .audio: HumanSection("Audio", { $0.audio }, HumanReport.audioRows)
    case .radios: HumanSection("Radios", { $0.radios }, HumanReport.radioRows)
    case .inputs: HumanSection("Input devices", { $0.inputs }, HumanReport.inputRows)
    case .pci: HumanSection("PCI devices", { $0.pci }, HumanReport.pciRows)
    case .usb: HumanSection("USB devices", { $0.usb }, HumanReport.usbRows)
    case .capabilities: HumanSection("Capabilities", { $0.capabilities }, HumanReport.capabilityRows)
    }
  }
}
