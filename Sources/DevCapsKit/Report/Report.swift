/// The answer to `devcaps list`: one value per section asked for, plus what could not be read.
public struct Report: Sendable, Equatable {
  /// The version of `Schemas/report.schema.json` this model writes and reads.
  public static let schemaVersion = 1

  /// The sections probed, in report order; the others are nil.
  public var sections: [ReportSection]
  /// Name, model, vendor, chassis, architecture, firmware.
  public var device: DeviceInfo?
  /// The operating system, kernel and uptime.
  public var system: SystemInfo?
  /// Processor model, cores and frequencies.
  public var cpu: CPUInfo?
  /// Installed, total and available memory, swap.
  public var memory: MemoryInfo?
  /// Kernel limits: socket buffers, processes, threads, files.
  public var limits: LimitsInfo?
  /// Mounted local filesystems, `/` first.
  public var disks: [DiskInfo]?
  /// Network interfaces (/sys/class/net).
  public var network: [NetworkInterfaceInfo]?
  /// Whole disks (/sys/block).
  public var storage: [StorageDeviceInfo]?
  /// Batteries, line power, the lid.
  public var power: PowerInfo?
  /// Thermal zones, cooling devices and the thermal state they make.
  public var thermal: ThermalInfo?
  /// IIO and input sensors.
  public var sensors: [SensorInfo]?
  /// DRM connectors, connected or not.
  public var displays: [DisplayInfo]?
  /// DRM cards.
  public var gpus: [GPUInfo]?
  /// video4linux capture devices.
  public var cameras: [CameraInfo]?
  /// ALSA cards.
  public var audio: [AudioCardInfo]?
  /// Wi-Fi, WWAN, Bluetooth, GNSS and NFC devices.
  public var radios: [RadioInfo]?
  /// Input devices as udev classifies them.
  public var inputs: [InputInfo]?
  /// Devices on the PCI bus (/sys/bus/pci/devices).
  public var pci: [PCIDeviceInfo]?
  /// Devices on the USB buses, root hubs left out (/sys/bus/usb/devices).
  public var usb: [USBDeviceInfo]?
  /// Every key of the capability catalog, present or not.
  public var capabilities: [CapabilityResult]?
  /// Sources that exist but could not be used; their values are nil.
  public var warnings: [Diagnostic]

  /// An empty report of these sections (sorted into report order), to fill in.
  public init(sections: [ReportSection]) {
    self.sections = sections
    self.warnings = []
  }
}

/// The report's JSON is `Report.json` (Report/ReportJSON.swift), the one writer of the report
/// and its models; through any encoder, Foundation's included, it is that document.
extension Report: Encodable {
  /// The `list --json` document: `schemaVersion`, then each section asked for, then `warnings`.
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

/// A saved `list --json` report read back: the sections it holds are the sections asked for.
/// A report of another schema version is refused rather than half understood.
extension Report: Decodable {
  /// Reads a saved `list --json` document; a document of another schema version is an error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: JSONKey.self)
    let version = try container.decode(Int.self, forKey: "schemaVersion")
    guard version == Report.schemaVersion else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: [],
          debugDescription:
            "a report of schema version \(version); this devcaps reads version \(Report.schemaVersion) (save it again with this devcaps list --json)"
        ))
    }
    // The keys once, as a set: `contains` for each section cast its key through the container's
    // box, more than decoding the sections a manifest needs cost.
    let keys = Set(container.allKeys.map(\.stringValue))
    self.init(sections: ReportSection.allCases.filter { keys.contains($0.rawValue) })
    for section in sections {
      try section.entry.decode(&self, container, JSONKey(section.rawValue), keys)
    }
    warnings = try container.decodeIfPresent([Diagnostic].self, forKey: "warnings") ?? []
  }
}
