import DevCapsKit

/// The readable form of `devcaps list`: one block per section, labels aligned, exact byte counts
/// with thousands separators beside binary units.
struct HumanReport {
  let report: Report
  let style: TextStyle

  private static let minimumLabelWidth = 16

  func render() -> String {
    var blocks: [String] = []
    for section in report.sections {
      let shown = HumanSection.of(section)
      let rows = shown.rows(self)
      var block = style.heading(shown.title) + "\n"
      if let rows {
        // Labels can be outside text (a battery's NativePath, a mount point): escaped and cut to
        // their column, so one long label cannot pad every line.
        let rows = rows.map { (OutsideText.terminal($0.0, width: OutsideText.labelColumn), $0.1) }
        let width = max(HumanReport.minimumLabelWidth, (rows.map { $0.0.count }.max() ?? 0) + 2)
        for (label, value) in rows {
          if label.isEmpty {
            block += "  " + value + "\n"
          } else {
            block += "  " + label + String(repeating: " ", count: max(2, width - label.count)) + value + "\n"
          }
        }
      } else {
        block += "  " + style.dim("not probed by this version of devcaps") + "\n"
      }
      blocks.append(block)
    }
    return blocks.joined(separator: "\n")
  }

  func known(_ value: String?) -> String { value.map(OutsideText.value) ?? style.dim("unknown") }

  func deviceRows(_ device: DeviceInfo) -> [(String, String)] {
    var chassis = device.chassis.rawValue
    if let source = device.chassisSource { chassis += style.dim(" (from \(OutsideText.value(source)))") }
    var virtualization = style.dim("none detected")
    if let name = device.virtualization {
      virtualization =
        OutsideText.value(name) + (device.virtualizationKind.map { style.dim(" (\($0.rawValue))") } ?? "")
      if let vm = device.hypervisor, vm != name {
        virtualization += " in " + OutsideText.value(vm) + style.dim(" (vm)")
      }
    }
    let firmwareParts = [device.firmware.vendor, device.firmware.version, device.firmware.date].compactMap { $0 }
    return [
      ("Name", known(device.name)),
      ("Model", known(device.model)),
      ("Vendor", known(device.vendor)),
      ("Platform", known(device.platform)),
      ("Chassis", chassis),
      ("Architecture", known(device.architecture)),
      ("Virtualization", virtualization),
      ("Thermal state", known(device.thermalState?.rawValue)),
      ("Firmware", firmwareParts.isEmpty ? known(nil) : joined(firmwareParts)),
    ]
  }

  func systemRows(_ system: SystemInfo) -> [(String, String)] {
    let os = system.prettyName ?? [system.name, system.version].compactMap { $0 }.joined(separator: " ")
    return [
      ("OS", known(os.isEmpty ? nil : os)),
      ("Version", known(system.fullVersion ?? system.version)),
      ("Kernel", known(system.kernel)),
      ("Uptime", known(system.uptimeSeconds.map { Units.duration(seconds: $0) })),
    ]
  }

  func cpuRows(_ cpu: CPUInfo) -> [(String, String)] {
    var cores: [String] = []
    if let logical = cpu.logicalCores { cores.append("\(logical) logical") }
    if let available = cpu.availableCores, available != cpu.logicalCores {
      cores.append("\(available) available to this process")
    }
    if let physical = cpu.physicalCores { cores.append("\(physical) physical") }
    if let packages = cpu.packages { cores.append(packages == 1 ? "1 package" : "\(packages) packages") }
    var frequency: [String] = []
    if let current = cpu.frequency.currentHz { frequency.append("\(Units.hertz(current)) now") }
    switch (cpu.frequency.minHz, cpu.frequency.maxHz) {
    case (let low?, let high?): frequency.append("range \(Units.hertz(low)) – \(Units.hertz(high))")
    case (nil, let high?): frequency.append("max \(Units.hertz(high))")
    default: break
    }
    return [
      ("Model", known(cpu.model)),
      ("Cores", known(cores.isEmpty ? nil : cores.joined(separator: ", "))),
      ("Frequency", known(frequency.isEmpty ? nil : frequency.joined(separator: ", "))),
    ] + cpuIdentityRows(cpu)
  }

  func memoryRows(_ memory: MemoryInfo) -> [(String, String)] {
    func bytes(_ value: UInt64?) -> String { known(value.map(Units.bytes)) }
    return [
      ("Installed", bytes(memory.installedBytes)),
      ("Total", bytes(memory.totalBytes)),
      ("Available", bytes(memory.availableBytes)),
      ("Cgroup limit", memory.limitBytes.map(Units.bytes) ?? style.dim("none")),
    ] + (memory.cgroupAvailableBytes.map { [("Left in cgroup", Units.bytes($0))] } ?? []) + [
      ("Swap total", bytes(memory.swapTotalBytes)),
      ("Swap free", bytes(memory.swapFreeBytes)),
    ]
  }

  func limitsRows(_ limits: LimitsInfo) -> [(String, String)] {
    func count(_ value: Int64?, _ unit: String) -> String { known(value.map { "\(Units.grouped($0)) \(unit)" }) }
    return [
      ("Socket receive", count(limits.maxSocketBufferBytes, "bytes max")),
      ("Socket send", count(limits.maxSocketSendBufferBytes, "bytes max")),
      ("Processes", count(limits.maxProcesses, "PIDs, system-wide")),
      ("Threads", count(limits.maxThreads, "max, system-wide")),
      ("Open files", count(limits.maxOpenFiles, "max, system-wide")),
      ("ulimit -n", processLimit(limits.processOpenFiles)),
      ("ulimit -u", processLimit(limits.processMaxProcesses)),
    ]
  }

  /// "1,024 soft, 524,288 hard" for this process.
  func processLimit(_ limit: ProcessLimit?) -> String {
    guard let limit else { return known(nil) }
    func value(_ number: Int64?) -> String { number.map { Units.grouped($0) } ?? "unlimited" }
    return "\(value(limit.soft)) soft, \(value(limit.hard)) hard" + style.dim(" (this process)")
  }

  func diskRows(_ disks: [DiskInfo]) -> [(String, String)] {
    if disks.isEmpty { return [("", style.dim("no local filesystems"))] }
    var rows: [(String, String)] = []
    for disk in disks {
      let kind = [disk.type, disk.source.map { "on \($0)" }, disk.readOnly == true ? "read-only" : nil]
        .compactMap { $0 }.joined(separator: " ")
      rows.append((OutsideText.value(disk.path), OutsideText.value(kind)))
      let width =
        [disk.totalBytes, disk.freeBytes, disk.availableBytes].compactMap { $0 }
        .map { Units.grouped($0).count }.max() ?? 0
      func amount(_ value: UInt64?) -> String {
        guard let value else { return known(nil) }
        let exact = Units.grouped(value)
        return String(repeating: " ", count: width - exact.count) + exact + " bytes  " + Units.binaryBytes(value)
      }
      var available = amount(disk.availableBytes)
      if let total = disk.totalBytes, let free = disk.freeBytes, let availableBytes = disk.availableBytes,
        let used = HumanReport.percentUsed(totalBytes: total, freeBytes: free, availableBytes: availableBytes)
      {
        available += style.dim("  (\(used) % used)")
      }
      rows.append(("  total", amount(disk.totalBytes)))
      // Not one word for two numbers: disk-free is f_bavail, what a job that is not root can
      // write; f_bfree also counts the blocks reserved for root.
      rows.append(("  free incl. reserved", amount(disk.freeBytes)))
      rows.append(("  writable", available))
    }
    return rows
  }

  /// df(1)'s Use%: used ÷ (used + available), rounded up, where used = total − free. The blocks
  /// reserved for root count as neither, so a disk with only the reserve left shows 100 %. nil
  /// where df prints "-": free above total (used would be negative), or nothing used and nothing
  /// available.
  static func percentUsed(totalBytes total: UInt64, freeBytes free: UInt64, availableBytes available: UInt64) -> Int? {
    guard free <= total else { return nil }
    let used = total - free
    let (whole, overflow) = used.addingReportingOverflow(available)
    guard overflow || whole > 0 else { return nil }
    let (scaled, tooLarge) = used.multipliedReportingOverflow(by: 100)
    if !overflow && !tooLarge {
      return Int(scaled / whole + (scaled % whole == 0 ? 0 : 1))
    }
    // Beyond 64 bits, as df does: in floating point.
    return Int((Double(used) * 100 / (Double(used) + Double(available))).rounded(.up))
  }
}
