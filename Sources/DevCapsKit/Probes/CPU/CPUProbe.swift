/// Builds the `cpu` section from `/proc/cpuinfo`, the online CPU list, topology and cpufreq, by
/// lscpu's rules (util-linux, lscpu-cputype.c and lscpu-topology.c).
struct CPUProbe {
  let context: ProbeContext
  static let cpuDirectory = "/sys/devices/system/cpu/"

  /// `/sys/devices/system/cpu/cpuN/`.
  static func directory(ofCPU cpu: Int) -> String { cpuDirectory + "cpu" + cpu.decimalText + "/" }

  init(context: ProbeContext) { self.context = context }

  func probe() -> CPUInfo {
    let cpuinfo = CPUInfoFile(context: context)
    var cpu = CPUInfo()
    let names = cpuinfo.modelNames
    cpu.model = names.isEmpty ? nil : names.concatenated(separator: " + ")

    let online = onlineCPUs()
    cpu.logicalCores = online?.count ?? (cpuinfo.processors.isEmpty ? nil : cpuinfo.processors.count)
    let cpus = online ?? cpuDirectories()
    let topology =
      siblingTopology(cpus) ?? cpuinfo.topology.map { CPUTopology(cores: $0.cores, packages: $0.packages) }
      ?? identifierTopology(cpus)
    cpu.physicalCores = topology?.cores
    cpu.packages = topology?.packages
    cpu.frequency = frequency(cpus: cpus, cpuinfo: cpuinfo)
    let identity = CPUIdentity(cpuinfo)
    cpu.vendor = identity.vendor
    cpu.family = identity.family
    cpu.modelNumber = identity.modelNumber
    cpu.stepping = identity.stepping
    cpu.flags = CPUFeatures.flags(cpuinfo)
    cpu.level = CPUFeatures.x86Level(cpu.flags)
    cpu.caches = caches(cpus: cpus, cpuinfo: cpuinfo)
    cpu.hypervisorVendor = HypervisorVendor(context: context).detect(cpuinfo: cpuinfo)
    if let (cores, decidedBy) = availableCores() {
      cpu.availableCoresFraction = cores
      cpu.availableCoresDecidedBy = decidedBy
      cpu.availableCores = CgroupLimits.roundedUp(cores)
    }
    return cpu
  }

  /// The affinity mask capped by the cgroup's cpuset and quota, and which of them decided it
  /// (the first of the three on a tie); nil when none of them is known.
  func availableCores() -> (Double, String)? {
    let limits = CgroupLimits(context: context)
    let candidates: [(Double?, String)] = [
      (ProcessStatus.affinityCount(context).map(Double.init), "affinity"),
      (limits.cpusetCount().map(Double.init), "cpuset"), (limits.cpuQuota(), "quota"),
    ]
    var best: (Double, String)? = nil
    for case (let cores?, let source) in candidates where best.map({ cores < $0.0 }) ?? true { best = (cores, source) }
    return best
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

  /// The `cpuN` directories, which exist for every present CPU: what to read without an online list.
  func cpuDirectories() -> [Int] {
    context.entries(CPUProbe.cpuDirectory).compactMap { name in
      let digits = name.dropFirst(3)
      guard name.hasPrefix("cpu"), !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
      return Int(digits)
    }.sorted()
  }
}
