/// One requirement checked against this machine.
public struct RequirementResult: Sendable, Equatable {
  public var key: String
  /// `required`, `prohibited` or the constraint as written.
  public var expected: String
  /// What was found: true/false for capabilities, bytes/Hz/count/fraction for measured keys,
  /// the version string for `kernel` and `os-version`; null when it could not be measured.
  public var actual: JSONValue
  public var satisfied: Bool
  /// For people: the device that proves a capability, the measured value with its unit, `not
  /// present`, `not available on Linux`, or why the value is unknown.
  public var detail: String
  /// Whether `detail` names something that was found (text output says "found …").
  public var found: Bool
}

/// Evaluates a manifest, probing only what its requirements need.
public final class RequirementEvaluator {
  let context: ProbeContext

  public init(context: ProbeContext = ProbeContext()) { self.context = context }

  private lazy var inventory = HardwareInventory(context: context)
  private lazy var memory = MemoryProbe(context: context).probe()
  private lazy var cpu = CPUProbe(context: context).probe()
  private lazy var system = SystemProbe(context: context).probe()

  public func evaluate(_ manifest: Manifest) -> [RequirementResult] {
    manifest.requirements.map(evaluate)
  }

  public func evaluate(_ requirement: Requirement) -> RequirementResult {
    var result = RequirementResult(
      key: requirement.key, expected: requirement.expectedText, actual: .null, satisfied: false, detail: "", found: false)
    switch requirement.expectation {
    case .required, .prohibited:
      let wanted = requirement.expectation == .required
      if ManifestKeys.unavailableOnLinux.contains(requirement.baseKey) {
        result.actual = .bool(false)
        result.detail = "not available on Linux"
        result.satisfied = !wanted
      } else if let rule = CapabilityCatalog.rule(for: requirement.baseKey) {
        let evidence = rule.detect(inventory)
        result.actual = .bool(evidence != nil)
        result.detail = evidence ?? "not present"
        result.found = evidence != nil
        result.satisfied = (evidence != nil) == wanted
      }
    case .constraint(let constraint):
      let measured = measure(requirement)
      result.actual = measured.json
      result.detail = measured.detail
      result.found = measured.value != nil
      result.satisfied = measured.value.map(constraint.holds) ?? false
    }
    return result
  }

  struct Measurement {
    var value: Constraint.Value?
    var json: JSONValue
    var detail: String

    static func bytes(_ bytes: UInt64?, suffix: String = "", unknown: String) -> Measurement {
      guard let bytes else { return Measurement(value: nil, json: .null, detail: "unknown: \(unknown)") }
      return Measurement(value: .number(Double(bytes)), json: .optional(bytes), detail: Units.binaryBytes(bytes) + suffix)
    }

    static func count(_ count: Int?, unknown: String) -> Measurement {
      guard let count else { return Measurement(value: nil, json: .null, detail: "unknown: \(unknown)") }
      return Measurement(value: .number(Double(count)), json: .integer(Int64(count)), detail: String(count))
    }

    static func version(_ text: String?, unknown: String) -> Measurement {
      guard let text else { return Measurement(value: nil, json: .null, detail: "unknown: \(unknown)") }
      guard let parts = Constraint.leadingVersion(text) else {
        return Measurement(value: nil, json: .string(text), detail: "unknown: '\(text)' does not start with a version number")
      }
      return Measurement(value: .version(parts), json: .string(text), detail: text)
    }
  }

  func measure(_ requirement: Requirement) -> Measurement {
    switch requirement.baseKey {
    case "memory":
      if let installed = memory.installedBytes { return .bytes(installed, suffix: " installed", unknown: "") }
      return .bytes(memory.totalBytes, unknown: "/proc/meminfo has no MemTotal")
    case "memory-available":
      return .bytes(memory.availableBytes, suffix: " available", unknown: "/proc/meminfo has no MemAvailable")
    case "disk-free", "disk-total":
      let path = requirement.path ?? "/"
      switch DiskProbe.statfs(context.root.hostPath(path)) {
      case .success(let size):
        let free = requirement.baseKey == "disk-free"
        return .bytes(free ? size.available : size.total, suffix: (free ? " free on " : " in all on ") + path, unknown: "")
      case .failure(let failure):
        return Measurement(value: nil, json: .null, detail: "unknown: \(path): \(failure)")
      }
    case "cpu-cores":
      return .count(cpu.logicalCores, unknown: "no online CPU list or /proc/cpuinfo")
    case "cpu-frequency":
      guard let hertz = cpu.frequency.maxHz else {
        return Measurement(value: nil, json: .null, detail: "unknown: no cpufreq cpuinfo_max_freq")
      }
      return Measurement(value: .number(Double(hertz)), json: .integer(hertz), detail: Units.hertz(hertz))
    case "battery-level":
      let power = inventory.power
      guard !power.batteries.isEmpty else { return Measurement(value: nil, json: .null, detail: "no battery") }
      guard let level = power.level else {
        return Measurement(value: nil, json: .null, detail: "unknown: the battery reports no level")
      }
      return Measurement(
        value: .number(level), json: .number(level),
        detail: Units.fixed(level * 100, decimals: 0) + " % (" + power.batteries.map(\.id).joined(separator: ", ") + ", \(power.source.rawValue))")
    case "displays":
      let connected = inventory.displays.filter(\.connected)
      let names = connected.isEmpty ? "" : " (" + connected.map(\.connector).joined(separator: ", ") + ")"
      return Measurement(value: .number(Double(connected.count)), json: .integer(Int64(connected.count)), detail: "\(connected.count)\(names)")
    case "kernel":
      return .version(system.kernel, unknown: "no kernel release")
    case "os-version":
      return .version(system.version, unknown: "os-release has no VERSION_ID")
    default:
      return Measurement(value: nil, json: .null, detail: "unknown key")
    }
  }
}
