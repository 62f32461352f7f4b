/// One requirement checked against this machine.
public struct RequirementResult: Sendable, Hashable {
  /// The manifest's key (`memory`, `disk-free:/var`).
  public var key: String
  /// `required`, `prohibited` or the constraint as written.
  public var expected: String
  /// What was found: true/false for capabilities, bytes/Hz/count/fraction for measured keys,
  /// the version string for `kernel` and `os-version`; null when it could not be measured.
  public var actual: JSONValue
  /// The requirement holds.
  public var satisfied: Bool
  /// What was found, for people to read: the CLI words it.
  public var finding: Finding
  /// For `any-of` and `none-of`: one result per manifest (key `manifest 1`, …), each holding
  /// its requirements' results; empty for every other key.
  public var children: [RequirementResult] = []

  /// Whether the requirement could not be judged (unknown is never met).
  public var isUnknown: Bool {
    if case .unknown = finding { return true }
    return false
  }
}

/// What checking one requirement found.
public enum Finding: Sendable, Hashable {
  /// The device that proves a capability: `accel_3d (iio:device0, display)`.
  case device(String)
  case notPresent
  case notAvailableOnLinux
  /// A measured size, with what it is: `installed`, `available`, `free on /var`, `in all on /`.
  case bytes(UInt64, what: String?)
  case count(Int)
  /// Connected displays by connector.
  case displays([String])
  /// A frequency, and which one when it is not cpufreq's maximum.
  case hertz(Int64, source: String?)
  /// The aggregate level 0…1, the batteries behind it and where it came from.
  case batteryLevel(Double, batteries: [String], source: PowerInfo.Source)
  /// Every feature asked for, present.
  case features([String])
  /// The features asked for that the CPU lacks, each with a did-you-mean when one is close.
  case missingFeatures([String])
  /// An x86-64 psABI level.
  case cpuLevel(String)
  /// A version, and where it was read when that is not the obvious field.
  case version(String, source: String?)
  /// The thermal state and what decided it.
  case thermalState(String, reason: String?)
  case noBattery
  /// What a name key found: `debian (like ubuntu)`, `docker in kvm`, `none`.
  case named(String)
  /// CPUs this process may use, fractional under a quota, and what decided the number
  /// (`affinity`, `cpuset`, `quota`).
  case cores(Double, decidedBy: String?)
  /// Why a device node is not usable: `/dev/kvm: does not exist`, `…: permission denied`.
  case unusable(String)
  /// How the manifests of `any-of` or `none-of`, or the requirements of one of them, came out.
  case summary(String)
  /// Why the value could not be measured.
  case unknown(String)

  /// Whether it names something that was there (text output says "found …").
  public var isFound: Bool {
    switch self {
    case .device, .bytes, .count, .displays, .hertz, .batteryLevel, .version, .features, .cpuLevel, .thermalState,
      .named, .cores:
      true
    case .notPresent, .notAvailableOnLinux, .noBattery, .unknown, .missingFeatures, .unusable, .summary: false
    }
  }
}

/// Evaluates a manifest against this machine, probing only what its requirements need, or
/// against a saved report (`list --json` of another machine), probing nothing.
public final class RequirementEvaluator {
  private let facts: any RequirementFacts

  /// Reads this machine, or the one below `DEVCAPS_ROOT`.
  public convenience init() { self.init(context: ProbeContext()) }

  init(context: ProbeContext) { facts = ProbedFacts(context: context) }

  /// Judges from a report alone. A section the report lacks makes its requirements unknown,
  /// and a disk path is judged on the report's disk that holds it.
  public init(report: Report) { facts = ReportFacts(report: report) }

  /// Every requirement of a manifest, in its order.
  public func evaluate(_ manifest: Manifest) -> [RequirementResult] {
    manifest.requirements.map(evaluate)
  }

  /// One requirement.
  public func evaluate(_ requirement: Requirement) -> RequirementResult {
    var result = RequirementResult(
      key: requirement.key, expected: requirement.expectedText, actual: .null, satisfied: false,
      finding: .unknown("unknown key"))
    if let section = Self.section(for: requirement), facts.lacks(section) {
      result.finding = .unknown("the report has no \(section.rawValue) section")
      return result
    }
    switch requirement.expectation {
    case .required where requirement.baseKey == "device-node", .prohibited where requirement.baseKey == "device-node":
      let path = requirement.path ?? "/"
      guard let access = facts.deviceNode(path) else {
        result.finding = .unknown("only the machine itself can tell whether \(path) opens; a saved report cannot")
        break
      }
      let usable: Bool
      (usable, result.finding) = Self.describe(access, path: path)
      result.actual = .bool(usable)
      result.satisfied = usable == (requirement.expectation == .required)
    case .required, .prohibited:
      let wanted = requirement.expectation == .required
      if let reason = facts.capabilityUnknown(requirement.baseKey) {
        // Unknown is never a pass, for a prohibited key too: a report saved with --only memory
        // says nothing about a touchscreen.
        result.finding = .unknown(reason)
      } else if ManifestKeys.unavailableOnLinux.contains(requirement.baseKey) {
        result.actual = .bool(false)
        result.finding = .notAvailableOnLinux
        result.satisfied = !wanted
      } else if let evidence = facts.capability(requirement.baseKey) {
        result.actual = .bool(evidence != nil)
        result.finding = evidence.map(Finding.device) ?? .notPresent
        result.satisfied = (evidence != nil) == wanted
      }
    case .constraint(let constraint):
      let measured = measure(requirement)
      result.actual = measured.json
      result.finding = measured.finding
      result.satisfied = measured.value.map(constraint.holds) ?? false
    case .anyName(let names) where requirement.baseKey == "gpu" || requirement.baseKey == "pci-device":
      guard let pci = facts.pci else {
        result.finding = .unknown("the report has no pci section")
        break
      }
      (result.actual, result.finding, result.satisfied) =
        requirement.baseKey == "gpu" ? gpuVendors(names, pci: pci) : pciDevices(names, pci: pci)
    case .anyName(let patterns) where requirement.baseKey == "usb-device":
      guard let usb = facts.usb else {
        result.finding = .unknown("the report has no usb section")
        break
      }
      (result.actual, result.finding, result.satisfied) = usbDevices(patterns, usb: usb)
    case .allOf(let names) where requirement.baseKey != "cpu-features":
      guard let kinds = kinds(requirement.baseKey) else {
        result.finding = .unknown("the report has no \(requirement.baseKey) section")
        break
      }
      let missing = names.filter { !kinds.contains($0.lowercased()) }
      result.actual = .strings(names.filter { kinds.contains($0.lowercased()) })
      result.satisfied = missing.isEmpty
      result.finding =
        missing.isEmpty
        ? .features(names)
        : .missingFeatures(
          missing + ["found: " + (kinds.isEmpty ? "none" : kinds.sorted().concatenated(separator: ", "))])
    case .anyName(let names):
      switch identify(requirement.baseKey) {
      case .failure(let unknown): result.finding = .unknown(unknown.description)
      case .success(let identity):
        result.actual = .strings(identity.values)
        result.finding = .named(identity.shown)
        result.satisfied = names.contains { identity.matches($0.lowercased()) }
      }
    case .anyOf(let manifests), .noneOf(let manifests):
      judge(manifests, into: &result)
    case .allOf(let names):
      guard let cpu = facts.cpu else {
        result.finding = .unknown("the report has no cpu section")
        break
      }
      guard !cpu.flags.isEmpty else {
        result.finding = .unknown("/proc/cpuinfo lists no CPU features")
        break
      }
      (result.actual, result.finding, result.satisfied) = FeatureCheck.check(names, flags: cpu.flags)
    }
    return result
  }

  /// `device-node`'s finding: usable, or why not.
  static func describe(_ access: DeviceNodeAccess, path: String) -> (usable: Bool, finding: Finding) {
    switch access {
    case .usable(let kind): (true, .device("\(path) (\(kind), opens read-write)"))
    case .missing: (false, .unusable("\(path) does not exist"))
    case .notADevice(let what): (false, .unusable("\(path) exists but is \(what), not a device"))
    case .refused(let kind, let error):
      (
        false,
        .unusable(
          "\(path) is a \(kind) this process cannot open read-write: "
            + (error == .permissionDenied || error == .notPermitted ? "permission denied" : error.description))
      )
    }
  }

  /// What a name key is judged on: the names found and how they match a written one.
  struct Identity {
    var values: [String]
    var shown: String
    var matches: (String) -> Bool
  }

  func identify(_ key: String) -> Result<Identity, UnknownFactError> {
    switch key {
    case "os", "os-like":
      guard let system = facts.system else {
        return .failure(UnknownFactError(description: "the report has no system section"))
      }
      guard let id = system.id else { return .failure(UnknownFactError(description: "os-release has no ID")) }
      guard key == "os-like" else {
        return .success(Identity(values: [id], shown: id) { $0 == id.lowercased() })
      }
      guard let like = system.idLike else {
        return .failure(
          UnknownFactError(description: "the report was saved without os-release's ID_LIKE (system.idLike)"))
      }
      let values = [id] + like
      let shown = id + (like.isEmpty ? "" : " (like " + like.concatenated(separator: ", ") + ")")
      return .success(Identity(values: values, shown: shown) { name in values.contains { $0.lowercased() == name } })
    default:
      guard let device = facts.device else {
        return .failure(UnknownFactError(description: "the report has no device section"))
      }
      // The innermost layer, and the virtual machine under a container.
      var layers: [String] = []
      if let innermost = device.virtualization { layers.append(innermost) }
      if let hypervisor = device.hypervisor, !layers.contains(hypervisor) { layers.append(hypervisor) }
      let container = device.virtualizationKind == .container
      let vm = device.hypervisor != nil || device.virtualizationKind == .vm
      let shown = layers.isEmpty ? "none" : layers.concatenated(separator: " in ")
      return .success(
        Identity(values: layers, shown: shown) { name in
          switch name {
          case "none": layers.isEmpty
          case "vm": vm
          case "container": container
          default: layers.contains(name)
          }
        })
    }
  }

  /// `any-of` holds when one manifest holds every requirement; `none-of` when each manifest has
  /// a requirement known not to hold. A manifest that could not be judged decides neither way.
  func judge(_ manifests: [[Requirement]], into result: inout RequirementResult) {
    var holding: [Int] = []
    var undecided: [Int] = []
    for (index, manifest) in manifests.enumerated() {
      let results = manifest.map(evaluate)
      let holds = results.allSatisfy(\.satisfied)
      let unmet = results.filter { !$0.satisfied }
      let failsKnowingly = unmet.contains { !$0.isUnknown }
      var child = RequirementResult(
        key: "manifest \(index + 1)", expected: "all of \(results.count)", actual: .bool(holds), satisfied: holds,
        finding: .summary(holds ? "all met" : "\(unmet.count) of \(results.count) not met"), children: results)
      if holds {
        holding.append(index + 1)
      } else if !failsKnowingly {
        undecided.append(index + 1)
        child.finding = .unknown("\(unmet.count) of \(results.count) could not be judged")
      }
      result.children.append(child)
    }
    let anyOf = result.key == "any-of"
    result.actual = .array(holding.map { .integer(Int64($0)) })
    result.satisfied = anyOf ? !holding.isEmpty : holding.isEmpty && undecided.isEmpty
    func names(_ indices: [Int]) -> String {
      (indices.count == 1 ? "manifest " : "manifests ") + indices.map(String.init).concatenated(separator: ", ")
    }
    if !holding.isEmpty {
      result.finding = .summary(names(holding) + (holding.count == 1 ? " holds" : " hold"))
    } else if !undecided.isEmpty {
      result.finding = .unknown(names(undecided) + " could not be judged, and no other holds")
    } else {
      result.finding = .summary("no manifest holds")
    }
  }

  /// The report section a key is judged by: capabilities for every true/false key.
  public static func section(for baseKey: String) -> ReportSection? {
    switch baseKey {
    case "device-node", "any-of", "none-of": nil
    case "os", "os-like": .system
    case "virtualization": .device
    case "memory", "memory-available", "memory-limit", "available-memory": .memory
    case "disk-free", "disk-total": .disks
    case "cpu-cores", "cpu-frequency", "available-cores", "cpu-level", "cpu-features": .cpu
    case "battery-level": .power
    case "displays": .displays
    case "kernel", "os-version": .system
    case "network": .network
    case "storage": .storage
    case "thermal-state": .thermal
    case "pci-device": .pci
    case "usb-device": .usb
    default: ManifestKeys.measure(of: baseKey) == nil && !ManifestKeys.listKeys.contains(baseKey) ? .capabilities : nil
    }
  }

  /// The section a requirement is judged by: a `gpu` vendor by the pci section, not capabilities.
  public static func section(for requirement: Requirement) -> ReportSection? {
    if requirement.baseKey == "gpu", case .anyName = requirement.expectation { return .pci }
    return section(for: requirement.baseKey)
  }

  /// The sections a manifest's requirements are judged by, in report order.
  public static func sectionsNeeded(by manifest: Manifest) -> [ReportSection] {
    var needed = Set<ReportSection>()
    func add(_ requirements: [Requirement]) {
      for requirement in requirements {
        if let section = section(for: requirement) { needed.insert(section) }
        // A GPU off PCI shows only among the render nodes: a report without them is said to lack them.
        if requirement.baseKey == "gpu", case .anyName = requirement.expectation { needed.insert(.gpus) }
        switch requirement.expectation {
        case .anyOf(let manifests), .noneOf(let manifests): manifests.forEach(add)
        default: break
        }
      }
    }
    add(manifest.requirements)
    return ReportSection.allCases.filter(needed.contains)
  }

  /// What `network` and `storage` name: interface kinds; disk transports, `ssd`, `hdd` and
  /// `removable`.
  func kinds(_ key: String) -> Set<String>? {
    if key == "network" { return facts.network.map { Set($0.map(\.kind)) } }
    guard let disks = facts.storage else { return nil }
    var kinds = Set(disks.compactMap(\.transport))
    for disk in disks {
      if let rotational = disk.rotational { kinds.insert(rotational ? "hdd" : "ssd") }
      if disk.removable == true { kinds.insert("removable") }
    }
    return kinds
  }

  /// A GPU of any of these vendors: a PCI display controller or a render node. A saved report
  /// may lack the render nodes' section (gpus): then a vendor found on PCI holds, and one not
  /// found is unknown, since a GPU off PCI (an ARM phone's, a Raspberry Pi's) shows only there.
  func gpuVendors(_ names: [String], pci: [PCIDeviceInfo]) -> (JSONValue, Finding, Bool) {
    let found = GPUVendors.found(pci: pci, gpus: facts.gpus)
    if let match = found.first(where: { $0.vendor.map(names.contains) == true }) {
      return (.string(match.vendor!), .device(match.evidence), true)
    }
    guard facts.gpus != nil else {
      let missing = names.concatenated(separator: ", ")
      return (
        .null, .unknown(missing + " not on PCI, and the report has no gpus section, where a GPU off PCI would show"),
        false
      )
    }
    let seen = found.map { ($0.vendor ?? "another vendor") + " " + $0.evidence }
    return (
      .null, .missingFeatures(names + ["found: " + (seen.isEmpty ? "no GPU" : seen.concatenated(separator: ", "))]),
      false
    )
  }

  /// What a device key found when no device matched: "found: 2 PCI devices, none of them", or
  /// "found: no USB devices".
  static func noneOf(_ count: Int, _ kind: String) -> String {
    switch count {
    case 0: "found: no \(kind)s"
    case 1: "found: 1 \(kind), not it"
    default: "found: \(count) \(kind)s, none of them"
    }
  }

  /// A PCI device whose `vendor:device` matches any of the patterns (`10de:*`).
  func pciDevices(_ patterns: [String], pci: [PCIDeviceInfo]) -> (JSONValue, Finding, Bool) {
    for device in pci {
      guard let id = device.pciId, let vendor = device.vendorId else { continue }
      if let pattern = patterns.first(where: { $0 == id || $0 == vendor + ":*" }) {
        return (
          .string(id),
          .device(device.address + " (" + id + (device.driver.map { ", " + $0 } ?? "") + ", " + pattern + ")"),
          true
        )
      }
    }
    return (.null, .missingFeatures(patterns + [Self.noneOf(pci.count, "PCI device")]), false)
  }

  /// A USB device whose `vendor:product` matches any of the patterns (`04e8:*`).
  func usbDevices(_ patterns: [String], usb: [USBDeviceInfo]) -> (JSONValue, Finding, Bool) {
    for device in usb {
      guard let id = device.usbId, let vendor = device.vendorId else { continue }
      if let pattern = patterns.first(where: { $0 == id || $0 == vendor + ":*" }) {
        let name = [device.manufacturer, device.product].compactMap { $0 }.joined(separator: " ")
        return (
          .string(id), .device(device.port + " (" + id + (name.isEmpty ? "" : ", " + name) + ", " + pattern + ")"), true
        )
      }
    }
    return (
      .null, .missingFeatures(patterns + [Self.noneOf(usb.count, "USB device")]),
      false
    )
  }

  struct Measurement {
    var value: Constraint.Value?
    var json: JSONValue
    var finding: Finding

    static func unknown(_ reason: String, json: JSONValue = .null) -> Measurement {
      Measurement(value: nil, json: json, finding: .unknown(reason))
    }

    static func bytes(_ bytes: UInt64?, what: String? = nil, unknown reason: String) -> Measurement {
      guard let bytes else { return .unknown(reason) }
      return Measurement(value: .number(Double(bytes)), json: .optional(bytes), finding: .bytes(bytes, what: what))
    }

    static func count(_ count: Int?, unknown reason: String) -> Measurement {
      guard let count else { return .unknown(reason) }
      return Measurement(value: .number(Double(count)), json: .integer(Int64(count)), finding: .count(count))
    }

    static func version(_ text: String?, source: String? = nil, unknown reason: String) -> Measurement {
      guard let text else { return .unknown(reason) }
      guard let parts = Constraint.leadingVersion(text) else {
        return .unknown("'\(text)' does not start with a version number", json: .string(text))
      }
      return Measurement(value: .version(parts), json: .string(text), finding: .version(text, source: source))
    }
  }

  func measure(_ requirement: Requirement) -> Measurement {
    switch requirement.baseKey {
    case "memory":
      guard let memory = facts.memory else { return .unknown("the report has no memory section") }
      if let installed = memory.installedBytes { return .bytes(installed, what: "installed", unknown: "") }
      return .bytes(memory.totalBytes, unknown: "/proc/meminfo has no MemTotal")
    case "memory-available":
      guard let memory = facts.memory else { return .unknown("the report has no memory section") }
      guard let available = memory.availableBytes else { return .unknown("/proc/meminfo has no MemAvailable") }
      if memory.limitBytes != nil && memory.cgroupAvailableBytes == nil {
        return .unknown("a cgroup memory limit is known, but not what is left below it (memory.cgroupAvailableBytes)")
      }
      if let headroom = memory.cgroupAvailableBytes, headroom < available {
        return .bytes(headroom, what: "left below the cgroup limit", unknown: "")
      }
      return .bytes(available, what: "available (MemAvailable)", unknown: "")
    case "disk-free", "disk-total":
      let path = requirement.path ?? "/"
      switch facts.disk(path) {
      case .success(let size):
        let free = requirement.baseKey == "disk-free"
        return .bytes(
          free ? size.available : size.total, what: (free ? "writable by a user on " : "in all on ") + path, unknown: ""
        )
      case .failure(let reason):
        return .unknown("\(path): \(reason)")
      }
    case "cpu-cores":
      guard let cpu = facts.cpu else { return .unknown("the report has no cpu section") }
      return .count(cpu.logicalCores, unknown: "no online CPU list or /proc/cpuinfo")
    case "available-cores":
      guard let cpu = facts.cpu else { return .unknown("the report has no cpu section") }
      let unknown = "no affinity mask (/proc/self/status) or cgroup limit"
      // A report saved before the fractional count judges by the integer.
      guard let cores = cpu.availableCoresFraction ?? cpu.availableCores.map(Double.init) else {
        return .unknown(unknown)
      }
      return Measurement(
        value: .number(cores), json: .number(cores), finding: .cores(cores, decidedBy: cpu.availableCoresDecidedBy))
    case "memory-limit":
      guard let memory = facts.memory else { return .unknown("the report has no memory section") }
      if let limit = memory.limitBytes { return .bytes(limit, what: "cgroup limit", unknown: "") }
      return .bytes(memory.totalBytes, what: "MemTotal, no cgroup limit", unknown: "/proc/meminfo has no MemTotal")
    case "cpu-frequency":
      guard let frequency = facts.cpu?.frequency else { return .unknown("the report has no cpu section") }
      // Most VMs have no cpufreq: the clock /proc/cpuinfo states is then the best measure there is.
      // The firmware's figure comes last: hypervisors make it up (QEMU's is 2000 MHz on any host),
      // but arm64 servers and guests without cpufreq have nothing else.
      let (hertz, source): (Int64?, String?) =
        frequency.maxHz.map { ($0, nil) } ?? frequency.currentHz.map { ($0, "current clock; no cpufreq maximum") }
        ?? (frequency.firmwareMaxHz, "firmware's stated maximum (SMBIOS); no cpufreq and no clock in /proc/cpuinfo")
      guard let hertz else {
        return .unknown("no cpufreq cpuinfo_max_freq, no clock in /proc/cpuinfo and no SMBIOS Max Speed")
      }
      return Measurement(value: .number(Double(hertz)), json: .integer(hertz), finding: .hertz(hertz, source: source))
    case "battery-level":
      guard let power = facts.power else { return .unknown("the report has no power section") }
      guard !power.batteries.isEmpty else { return Measurement(value: nil, json: .null, finding: .noBattery) }
      guard let level = power.level else { return .unknown("the battery reports no level") }
      return Measurement(
        value: .number(level), json: .number(level),
        finding: .batteryLevel(level, batteries: power.batteries.map(\.id), source: power.source))
    case "displays":
      guard let displays = facts.displays else { return .unknown("the report has no displays section") }
      let connected = displays.filter(\.connected)
      return Measurement(
        value: .number(Double(connected.count)), json: .integer(Int64(connected.count)),
        finding: .displays(connected.map(\.connector)))
    case "cpu-level":
      guard let cpu = facts.cpu else { return .unknown("the report has no cpu section") }
      guard let level = cpu.level, let rank = CPUFeatures.rank(level) else { return .unknown("not an x86-64 CPU") }
      return Measurement(value: .number(Double(rank)), json: .string(level), finding: .cpuLevel(level))
    case "kernel":
      return .version(facts.system?.kernel, unknown: "no kernel release")
    case "os-version":
      guard let system = facts.system else { return .unknown("the report has no system section") }
      // A report saved before fullVersion existed still has VERSION_ID.
      guard let full = system.fullVersion else {
        return .version(system.version, unknown: "os-release has no VERSION_ID")
      }
      let source = system.fullVersionSource.flatMap { $0 == "VERSION_ID" ? nil : $0 }
      return .version(full, source: source, unknown: "")
    case "thermal-state":
      guard let thermal = facts.thermal else { return .unknown("the report has no thermal section") }
      let rank = ManifestKeys.thermalStates.firstIndex(of: thermal.state.rawValue) ?? 0
      return Measurement(
        value: .number(Double(rank)), json: .string(thermal.state.rawValue),
        finding: .thermalState(thermal.state.rawValue, reason: thermal.reason))
    default:
      return .unknown("unknown key")
    }
  }
}
