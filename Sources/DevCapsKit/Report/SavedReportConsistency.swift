/// What no machine can report, checked in a saved report before it is judged: a part larger
/// than its whole (`availableCores` above `logicalCores`, `availableBytes` above `totalBytes`),
/// a level outside 0…1, a negative uptime. Each member alone may be well formed; together they
/// are an edited or corrupted report, and judging it would let `available-cores >= 64` pass on
/// a two-core machine. Only the sections that were decoded are checked.
extension Report {
  /// The first impossibility, as `cpu.availableCores: 1000000000 is more than
  /// cpu.logicalCores, 2`; nil when every checked pair is consistent.
  var impossibility: String? {
    var checks = ConsistencyChecks()
    if let cpu {
      checks.atMost("cpu.availableCores", cpu.availableCores, "cpu.logicalCores", cpu.logicalCores)
      checks.atMost("cpu.physicalCores", cpu.physicalCores, "cpu.logicalCores", cpu.logicalCores)
      checks.atMost("cpu.packages", cpu.packages, "cpu.physicalCores", cpu.physicalCores)
      checks.atLeastZero("cpu.availableCoresFraction", cpu.availableCoresFraction)
      checks.atMost(
        "cpu.availableCoresFraction", cpu.availableCoresFraction, "cpu.logicalCores", cpu.logicalCores.map(Double.init))
      checks.atMost("cpu.frequency.minHz", cpu.frequency.minHz, "cpu.frequency.maxHz", cpu.frequency.maxHz)
    }
    if let memory {
      checks.atMost("memory.availableBytes", memory.availableBytes, "memory.totalBytes", memory.totalBytes)
      checks.atMost("memory.swapFreeBytes", memory.swapFreeBytes, "memory.swapTotalBytes", memory.swapTotalBytes)
      checks.atMost("memory.limitBytes", memory.limitBytes, "memory.totalBytes", memory.totalBytes)
      checks.atMost(
        "memory.cgroupAvailableBytes", memory.cgroupAvailableBytes, "memory.limitBytes", memory.limitBytes)
    }
    for (index, disk) in (disks ?? []).enumerated() {
      let name = "disks.\(index)"
      checks.atMost("\(name).availableBytes", disk.availableBytes, "\(name).totalBytes", disk.totalBytes, of: disk.path)
      checks.atMost("\(name).freeBytes", disk.freeBytes, "\(name).totalBytes", disk.totalBytes, of: disk.path)
      checks.atMost("\(name).availableBytes", disk.availableBytes, "\(name).freeBytes", disk.freeBytes, of: disk.path)
    }
    if let system { checks.atLeastZero("system.uptimeSeconds", system.uptimeSeconds) }
    if let power {
      checks.level("power.level", power.level)
      for (index, battery) in power.batteries.enumerated() {
        checks.level("power.batteries.\(index).level", battery.level)
      }
      for (index, peripheral) in power.peripherals.enumerated() {
        checks.level("power.peripherals.\(index).level", peripheral.level)
      }
    }
    return checks.first
  }
}

/// The checks' findings: the first one kept, the rest skipped.
private struct ConsistencyChecks {
  var first: String?

  mutating func atMost<Number: Comparable>(
    _ partName: String, _ part: Number?, _ wholeName: String, _ whole: Number?, of path: String? = nil
  ) {
    guard first == nil, let part, let whole, part > whole else { return }
    let on = path.map { " (\($0.quotedForMessage))" } ?? ""
    first = "\(partName): \(describe(part)) is more than \(wholeName), \(describe(whole))\(on); no machine reports that"
  }

  mutating func atLeastZero(_ name: String, _ value: Double?) {
    guard first == nil, let value, !(value >= 0) else { return }
    first = "\(name): \(describe(value)) is below the least possible, 0"
  }

  mutating func level(_ name: String, _ value: Double?) {
    guard first == nil, let value, !(0...1).contains(value) else { return }
    first = "\(name): \(describe(value)) is outside 0…1 (a level is a fraction: 0.5 is 50 %)"
  }

  private func describe<Number>(_ value: Number) -> String {
    if let double = value as? Double { return JSONValue.number(double).serialized() }
    return "\(value)"
  }
}
