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

extension Report: JSONRepresentable {
  public var json: JSONValue {
    var members = [JSONMember("schemaVersion", .integer(Int64(Report.schemaVersion)))]
    for section in sections {
      members.append(JSONMember(section.rawValue, value(of: section)))
      if section == .capabilities, let capabilities {
        members.append(
          JSONMember("capabilityEvidence", .object(capabilities.map { JSONMember($0.key, .optional($0.evidence)) })))
      }
    }
    members.append(
      JSONMember(
        "warnings",
        .array(warnings.map { .object([JSONMember("path", .string($0.path)), JSONMember("problem", .string($0.problem))]) })))
    return .object(members)
  }

  func value(of section: ReportSection) -> JSONValue {
    func list<T: JSONRepresentable>(_ values: [T]?) -> JSONValue { values.map { .list($0) } ?? .null }
    switch section {
    case .device: return .optional(device)
    case .system: return .optional(system)
    case .cpu: return .optional(cpu)
    case .memory: return .optional(memory)
    case .limits: return .optional(limits)
    case .disks: return list(disks)
    case .sensors: return list(sensors)
    case .displays: return list(displays)
    case .gpus: return list(gpus)
    case .cameras: return list(cameras)
    case .audio: return list(audio)
    case .radios: return list(radios)
    case .inputs: return list(inputs)
    case .capabilities: return capabilities.map { .object($0.map { JSONMember($0.key, .bool($0.present)) }) } ?? .null
    case .power: return .optional(power)
    }
  }
}
