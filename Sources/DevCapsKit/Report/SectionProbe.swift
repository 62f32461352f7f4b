/// What fills one section of a report: the probe, the udev subsystems it enumerates (one
/// `Udev.prefetch` for every section asked for), and what is started before any section is probed.
/// `ReportSection.probe` is the table of them, the builder a loop over it; the section's model side
/// (JSON, saved reports) is its row in `ReportSection.entry`.
struct SectionProbe: Sendable {
  /// What the section's probes enumerate, for one `Udev.prefetch` of every section asked for.
  let udevSubsystems: [String]
  /// Started before any section is probed, so a slow answer (power's daemons) is awaited while
  /// the other sections are read.
  let start: (@Sendable (ProbeContext) -> Void)?
  /// Probes the section into the report.
  let probe: @Sendable (inout Report, SectionProbes) -> Void

  init(
    udevSubsystems: [String] = [], start: (@Sendable (ProbeContext) -> Void)? = nil,
    probe: @escaping @Sendable (inout Report, SectionProbes) -> Void
  ) {
    self.udevSubsystems = udevSubsystems
    self.start = start
    self.probe = probe
  }
}

extension ReportSection {
  /// The section's row of the table of probes, built once for every section.
  var probe: SectionProbe { SectionProbe.rows[SectionProbe.order.firstIndex(of: self)!] }
}

extension SectionProbe {
  /// The sections in report order (`allCases` builds its array on every call), and their rows.
  static let order = ReportSection.allCases
  static let rows = order.map(row)

  /// The table of probes, one row a section.
  private static func row(_ section: ReportSection) -> SectionProbe {
    switch section {
    case .device:
      SectionProbe { report, probes in report.device = DeviceProbe(context: probes.context).probe() }
    case .system:
      SectionProbe { report, probes in report.system = SystemProbe(context: probes.context).probe() }
    case .cpu:
      SectionProbe { report, probes in report.cpu = CPUProbe(context: probes.context).probe() }
    case .memory:
      SectionProbe { report, probes in report.memory = MemoryProbe(context: probes.context).probe() }
    case .limits:
      SectionProbe { report, probes in report.limits = LimitsProbe(context: probes.context).probe() }
    case .disks:
      SectionProbe(start: { MountInfo.wholeTableWillBeParsed(in: $0) }) { report, probes in
        report.disks = DiskProbe(context: probes.context).probe()
      }
    case .network:
      SectionProbe { report, probes in
        report.network = NetworkProbe(context: probes.context, includeMACAddresses: probes.builder.includeMACAddresses)
          .probe()
      }
    case .storage:
      SectionProbe { report, probes in
        report.storage = StorageProbe(
          context: probes.context, includeVirtual: probes.builder.includeVirtualBlockDevices
        ).probe()
      }
    // UPower and power-profiles-daemon are asked before any section is probed, and answer while
    // the others are read. Not power_supply among the subsystems: sysfs is read only when UPower
    // does not answer.
    case .power:
      SectionProbe(start: { PowerProbe.ask(in: $0) }) { report, probes in report.power = probes.inventory.power }
    case .thermal:
      SectionProbe { report, probes in report.thermal = ThermalProbe(context: probes.context).probe() }
    case .sensors:
      SectionProbe(udevSubsystems: ["iio", "input"]) { report, probes in report.sensors = probes.inventory.sensors }
    case .displays:
      SectionProbe(udevSubsystems: ["drm"]) { report, probes in report.displays = probes.inventory.displays }
    case .gpus:
      SectionProbe(udevSubsystems: ["drm"]) { report, probes in report.gpus = probes.inventory.gpus }
    case .cameras:
      SectionProbe(udevSubsystems: ["video4linux"]) { report, probes in report.cameras = probes.inventory.cameras }
    case .audio:
      SectionProbe(udevSubsystems: ["sound"]) { report, probes in report.audio = probes.inventory.audioCards }
    case .radios:
      // Not net: only the interfaces that may be radios are enumerated (InventoryProbe.radios).
      SectionProbe(udevSubsystems: ["bluetooth", "wwan", "gnss", "nfc"]) { report, probes in
        report.radios = probes.inventory.radios
      }
    case .inputs:
      SectionProbe(udevSubsystems: ["input"]) { report, probes in report.inputs = probes.inventory.inputs }
    case .pci:
      SectionProbe { report, probes in report.pci = PCIProbe(context: probes.context).probe() }
    case .usb:
      SectionProbe(udevSubsystems: ["usb"]) { report, probes in
        report.usb = USBProbe(context: probes.context, udev: probes.inventory.udev).probe()
      }
    // Every key of the capability catalog, from the hardware the other sections list.
    case .capabilities:
      SectionProbe(
        // Their rows, not `probe`: the table is still being built.
        udevSubsystems: [ReportSection.sensors, .displays, .cameras, .audio, .radios, .inputs].flatMap {
          row($0).udevSubsystems
        }
      ) { report, probes in report.capabilities = CapabilityCatalog.evaluate(probes.inventory) }
    }
  }
}

/// What the probes of one report share: the probe context, the builder's options, and the
/// hardware inventory (libudev loaded, and the subsystems of every section asked for enumerated
/// in one scan, the first time a section needs udev: the power probe asks only for its sysfs
/// fallback).
final class SectionProbes {
  let context: ProbeContext
  let builder: ReportBuilder
  private let udevSubsystems: [String]
  private var hardware: HardwareInventory?

  init(builder: ReportBuilder, sections: [ReportSection]) {
    self.context = builder.context
    self.builder = builder
    self.udevSubsystems = sections.flatMap { $0.probe.udevSubsystems }
  }

  var inventory: HardwareInventory {
    if let hardware { return hardware }
    // libudev loaded when a section first needs it: not for power when UPower answers.
    let created = HardwareInventory(context: context) { [context, udevSubsystems] in
      let udev = Udev(recorder: context.recorder)
      if udev == nil {
        context.diagnostics.record(
          "libudev",
          "cannot use udev (\(Udev.unavailableReason)): no sensors, displays, GPUs, cameras, audio, radios or inputs listed"
        )
      }
      udev?.prefetch(subsystems: udevSubsystems)
      return udev
    }
    hardware = created
    return created
  }
}
