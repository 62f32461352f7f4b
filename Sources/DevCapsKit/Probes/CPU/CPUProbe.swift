/// Builds the `cpu` section from `/proc/cpuinfo`, the online CPU list, topology and cpufreq.
public struct CPUProbe {
  let context: ProbeContext
  private static let cpuDirectory = "/sys/devices/system/cpu/"

  public init(context: ProbeContext) { self.context = context }

  public func probe() -> CPUInfo {
    let cpuinfo = CPUInfoFile(context: context)
    var cpu = CPUInfo()
    let names = cpuinfo.modelNames
    cpu.model = names.isEmpty ? nil : names.joined(separator: " + ")

    let online = onlineCPUs()
    cpu.logicalCores = online?.count ?? (cpuinfo.processors.isEmpty ? nil : cpuinfo.processors.count)
    if let topology = cpuinfo.topology ?? sysfsTopology(online ?? []) {
      cpu.physicalCores = topology.cores
      cpu.packages = topology.packages
    }
    cpu.frequency = frequency(firstCPU: online?.first, cpuinfo: cpuinfo)
    return cpu
  }

  func onlineCPUs() -> [Int]? {
    let path = CPUProbe.cpuDirectory + "online"
    guard let text = context.line(path) else { return nil }
    guard let list = parseCPUList(text) else {
      context.diagnostics.record(path, "expected a CPU list such as '0-3', found \(text.quotedForMessage)")
      return nil
    }
    return list
  }

  /// ARM and RISC-V leave topology out of cpuinfo; sysfs has it per CPU.
  func sysfsTopology(_ cpus: [Int]) -> (cores: Int, packages: Int)? {
    var cores = Set<String>()
    var packages = Set<Int64>()
    for cpu in cpus {
      let base = CPUProbe.cpuDirectory + "cpu\(cpu)/topology/"
      guard let package = context.integer(base + "physical_package_id"),
        let core = context.integer(base + "core_id")
      else { return nil }
      cores.insert("\(package):\(core)")
      packages.insert(package)
    }
    return cores.isEmpty ? nil : (cores.count, packages.count)
  }

  /// cpufreq policies cover every CPU with one directory per group of CPUs sharing a clock.
  func frequency(firstCPU: Int?, cpuinfo: CPUInfoFile) -> CPUFrequency {
    var frequency = CPUFrequency()
    let policyDirectory = CPUProbe.cpuDirectory + "cpufreq/"
    for policy in context.entries(policyDirectory) where policy.hasPrefix("policy") {
      let base = policyDirectory + policy + "/"
      if let maximum = hertz(kilohertzIn: base + "cpuinfo_max_freq") {
        frequency.maxHz = max(frequency.maxHz ?? maximum, maximum)
      }
      if let minimum = hertz(kilohertzIn: base + "cpuinfo_min_freq") {
        frequency.minHz = min(frequency.minHz ?? minimum, minimum)
      }
    }
    if let firstCPU {
      let base = CPUProbe.cpuDirectory + "cpu\(firstCPU)/cpufreq/"
      frequency.currentHz = hertz(kilohertzIn: base + "scaling_cur_freq") ?? hertz(kilohertzIn: base + "cpuinfo_cur_freq")
    }
    if frequency.currentHz == nil, let text = cpuinfo.processors.first?["cpu MHz"] {
      frequency.currentHz = CPUInfoFile.hertz(megahertz: text)
      // x86 prints 0.000 when the kernel does not know the clock (some hypervisors): no value, no fault.
      if frequency.currentHz == nil && Double(text) != 0 {
        context.diagnostics.record("/proc/cpuinfo", "cpu MHz: expected a frequency in MHz, found \(text.quotedForMessage)")
      }
    }
    return frequency
  }

  /// A cpufreq attribute (kHz) in Hz. Zero means "not known"; negative values and values whose Hz
  /// overflow are garbage and reported.
  private func hertz(kilohertzIn path: String) -> Int64? {
    guard let kilohertz = context.integer(path), kilohertz != 0 else { return nil }
    let (hertz, overflow) = kilohertz.multipliedReportingOverflow(by: 1000)
    guard kilohertz > 0, !overflow else {
      context.diagnostics.record(path, "expected a frequency in kHz, found \(kilohertz)")
      return nil
    }
    return hertz
  }
}
