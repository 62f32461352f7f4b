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
    for section in ordered { section.probe.start?(context) }
    let probes = SectionProbes(builder: self, sections: ordered)
    for section in ordered { section.probe.probe(&report, probes) }
    report.warnings = context.diagnostics.entries
    return report
  }
}
