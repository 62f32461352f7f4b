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
      if let maximum = context.integer(base + "cpuinfo_max_freq").map({ $0 * 1000 }) {
        frequency.maxHz = max(frequency.maxHz ?? maximum, maximum)
      }
      if let minimum = context.integer(base + "cpuinfo_min_freq").map({ $0 * 1000 }) {
        frequency.minHz = min(frequency.minHz ?? minimum, minimum)
      }
    }
    if let firstCPU {
      let base = CPUProbe.cpuDirectory + "cpu\(firstCPU)/cpufreq/"
      frequency.currentHz = (context.integer(base + "scaling_cur_freq") ?? context.integer(base + "cpuinfo_cur_freq"))
        .map { $0 * 1000 }
    }
    if frequency.currentHz == nil { frequency.currentHz = cpuinfo.firstProcessorHz }
    return frequency
  }
}
