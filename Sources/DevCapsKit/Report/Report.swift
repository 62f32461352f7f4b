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
    }
    members.append(
      JSONMember(
        "warnings",
        .array(warnings.map { .object([JSONMember("path", .string($0.path)), JSONMember("problem", .string($0.problem))]) })))
    return .object(members)
  }

  func value(of section: ReportSection) -> JSONValue {
    switch section {
    case .device: return .optional(device)
    case .system: return .optional(system)
    case .cpu: return .optional(cpu)
    case .memory: return .optional(memory)
    case .limits: return .optional(limits)
    case .disks: return disks.map { .list($0) } ?? .null
    case .power, .sensors, .displays, .gpus, .capabilities: return .null
    }
  }
}
