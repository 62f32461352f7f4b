/// Runs the probes for the sections asked for, and only those: `devcaps get memory.totalBytes`
/// reads `/proc/meminfo` and the memory blocks, nothing else.
public struct ReportBuilder {
  public let context: ProbeContext

  public init(context: ProbeContext = ProbeContext()) { self.context = context }

  public func build(sections: [ReportSection] = ReportSection.allCases) -> Report {
    let ordered = ReportSection.allCases.filter(sections.contains)
    var report = Report(sections: ordered)
    for section in ordered {
      switch section {
      case .device: report.device = DeviceProbe(context: context).probe()
      case .system: report.system = SystemProbe(context: context).probe()
      case .cpu: report.cpu = CPUProbe(context: context).probe()
      case .memory: report.memory = MemoryProbe(context: context).probe()
      case .limits: report.limits = LimitsProbe(context: context).probe()
      case .disks: report.disks = DiskProbe(context: context).probe()
      case .power, .sensors, .displays, .gpus, .capabilities: break
      }
    }
    report.warnings = context.diagnostics.entries
    return report
  }
}
