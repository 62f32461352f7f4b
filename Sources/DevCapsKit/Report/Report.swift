/// The answer to `devcaps list`: one value per section asked for, plus what could not be read.
public struct Report: Sendable, Equatable {
  public static let schemaVersion = 1

  public var sections: [ReportSection]
  public var device: DeviceInfo?
  public var system: SystemInfo?
  public var cpu: CPUInfo?
  public var memory: MemoryInfo?
  public var limits: LimitsInfo?
  public var disks: [DiskInfo]?
  public var power: PowerInfo?
  public var sensors: [SensorInfo]?
  public var displays: [DisplayInfo]?
  public var gpus: [GPUInfo]?
  public var cameras: [CameraInfo]?
  public var audio: [AudioCardInfo]?
  public var radios: [RadioInfo]?
  public var inputs: [InputInfo]?
  public var capabilities: [CapabilityResult]?
  public var warnings: [Diagnostic]

  public init(sections: [ReportSection]) {
    self.sections = sections
    self.warnings = []
  }
}

/// The report's JSON: `schemaVersion`, the sections asked for in their order (with
/// `capabilityEvidence` after `capabilities`), then `warnings`.
extension Report: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    try container.encode(Report.schemaVersion, forKey: "schemaVersion")
    for section in sections {
      let key = JSONKey(section.rawValue)
      switch section {
      case .device: try container.encodeIfPresent(device, forKey: key)
      case .system: try container.encodeIfPresent(system, forKey: key)
      case .cpu: try container.encodeIfPresent(cpu, forKey: key)
      case .memory: try container.encodeIfPresent(memory, forKey: key)
      case .limits: try container.encodeIfPresent(limits, forKey: key)
      case .disks: try container.encodeIfPresent(disks, forKey: key)
      case .power: try container.encodeIfPresent(power, forKey: key)
      case .sensors: try container.encodeIfPresent(sensors, forKey: key)
      case .displays: try container.encodeIfPresent(displays, forKey: key)
      case .gpus: try container.encodeIfPresent(gpus, forKey: key)
      case .cameras: try container.encodeIfPresent(cameras, forKey: key)
      case .audio: try container.encodeIfPresent(audio, forKey: key)
      case .radios: try container.encodeIfPresent(radios, forKey: key)
      case .inputs: try container.encodeIfPresent(inputs, forKey: key)
      case .capabilities:
        guard let capabilities else {
          try container.encodeNil(forKey: key)
          continue
        }
        var present = container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
        for capability in capabilities { try present.encode(capability.present, forKey: JSONKey(capability.key)) }
        var evidence = container.nestedContainer(keyedBy: JSONKey.self, forKey: "capabilityEvidence")
        for capability in capabilities { try evidence.encodeIfPresent(capability.evidence, forKey: JSONKey(capability.key)) }
      }
    }
    try container.encode(warnings, forKey: "warnings")
  }
}
