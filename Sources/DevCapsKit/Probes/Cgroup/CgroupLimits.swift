/// The CPU and memory limits of this process's cgroups, the tightest along the path to the
/// hierarchy's root: what Go's GOMAXPROCS and the JVM's container support honour.
struct CgroupLimits {
  let context: ProbeContext
  let paths: CgroupPaths

  init(context: ProbeContext) {
    self.context = context
    if let made = context.made[CgroupPaths.Made.key] as? CgroupPaths.Made {
      paths = made.paths
    } else {
      paths = CgroupPaths(context: context)
      context.made[CgroupPaths.Made.key] = CgroupPaths.Made(paths)
    }
  }

  /// CPUs the quota allows, as a fraction (1.5): v2 `cpu.max` ("QUOTA PERIOD", "max PERIOD"
  /// for none), v1 `cpu.cfs_quota_us` (-1 for none) over `cpu.cfs_period_us`, the tightest of
  /// the cgroup and its ancestors.
  func cpuQuota() -> Double? {
    guard let hierarchy = paths.hierarchy("cpu") else { return nil }
    var tightest: Double? = nil
    for directory in hierarchy.directories {
      let cores = hierarchy.version == 2 ? cpuMax(directory + "/cpu.max") : cfsQuota(directory)
      if let cores { tightest = min(tightest ?? cores, cores) }
    }
    return tightest
  }

  private func cpuMax(_ path: String) -> Double? {
    guard let line = context.line(path) else { return nil }
    let fields = line.split(separator: " ")
    if fields.first == "max" { return nil }
    guard fields.count == 2, let quota = Int64(fields[0]), let period = Int64(fields[1]), quota > 0, period > 0 else {
      context.diagnostics.record(path, "expected 'QUOTA PERIOD' or 'max PERIOD', found \(line.quotedForMessage)")
      return nil
    }
    return CgroupLimits.cores(quota: quota, period: period)
  }

  private func cfsQuota(_ directory: String) -> Double? {
    guard let quota = context.integer(directory + "/cpu.cfs_quota_us"), quota != -1 else { return nil }
    guard let period = context.integer(directory + "/cpu.cfs_period_us") else { return nil }
    guard quota > 0, period > 0 else {
      context.diagnostics.record(
        directory + "/cpu.cfs_quota_us",
        "expected -1 or a positive quota over a positive period, found \(quota) / \(period)")
      return nil
    }
    return CgroupLimits.cores(quota: quota, period: period)
  }

  /// quota ÷ period: 150000/100000 is 1.5 CPUs.
  static func cores(quota: Int64, period: Int64) -> Double { Double(quota) / Double(period) }

  /// A fractional count rounded up, as `availableCores` keeps it: 1.5 CPUs are 2 threads' worth,
  /// 0.5 still 1.
  static func roundedUp(_ cores: Double) -> Int { Int(min(cores.rounded(.up), Double(Int32.max))) }

  /// The CPUs of the innermost cpuset (`cpuset.cpus.effective`, v1 `cpuset.effective_cpus`),
  /// which already reflects every parent's.
  func cpusetCount() -> Int? {
    guard let hierarchy = paths.hierarchy("cpuset"), let directory = hierarchy.directories.first else { return nil }
    let path = directory + (hierarchy.version == 2 ? "/cpuset.cpus.effective" : "/cpuset.effective_cpus")
    guard let line = context.line(path) else { return nil }
    guard let cpus = parseCPUList(line), !cpus.isEmpty else {
      context.diagnostics.record(path, "expected a CPU list such as '0-3', found \(line.quotedForMessage)")
      return nil
    }
    return cpus.count
  }

  /// What the cgroups leave below their limits (see ``MemoryInfo/cgroupAvailableBytes``): for
  /// each of the cgroup and its ancestors with a limit below `ceiling` (the RAM), the limit less
  /// usage (v2 `memory.current`, v1 `memory.usage_in_bytes`) less inactive file cache
  /// (`memory.stat` `inactive_file`, v1 `total_inactive_file`); the least of them.
  func memoryHeadroom(below ceiling: UInt64) -> UInt64? {
    guard let hierarchy = paths.hierarchy("memory") else { return nil }
    let v2 = hierarchy.version == 2
    var tightest: UInt64? = nil
    for directory in hierarchy.directories {
      guard let line = context.line(directory + (v2 ? "/memory.max" : "/memory.limit_in_bytes")),
        let limit = UInt64(line), limit < ceiling
      else { continue }
      // A limit without its usage leaves what is left below it unknown: said, not passed over.
      let usagePath = directory + (v2 ? "/memory.current" : "/memory.usage_in_bytes")
      guard let written = context.line(usagePath) else {
        // A file that could not be read has its warning already, with the reason.
        if !context.diagnostics.entries.contains(where: { $0.path == usagePath }) {
          context.diagnostics.record(
            usagePath, "no usage read beside the memory limit: what is left below it is unknown")
        }
        continue
      }
      guard let usage = UInt64(written) else {
        context.diagnostics.record(usagePath, "expected a byte count, found \(written.quotedForMessage)")
        continue
      }
      let inactive = inactiveFile(directory + "/memory.stat", key: v2 ? "inactive_file" : "total_inactive_file")
      let charged = usage - min(usage, inactive ?? 0)
      let left = limit - min(limit, charged)
      tightest = min(tightest ?? left, left)
    }
    return tightest
  }

  private func inactiveFile(_ path: String, key: String) -> UInt64? {
    context.text(path).flatMap { CgroupLimits.statValue(key, in: $0) }
  }

  /// One `KEY VALUE` line of a cgroup's `memory.stat`; nil when there is none or it is not a
  /// byte count.
  static func statValue(_ key: String, in text: String) -> UInt64? {
    for line in text.splitCharacters(separator: "\n") where line.hasASCIIPrefix(key + " ") {
      return UInt64(line.dropFirst(key.count + 1))
    }
    return nil
  }

  /// The tightest memory limit in bytes: v2 `memory.max` ("max" for none), v1
  /// `memory.limit_in_bytes` (a page-rounded 2^63 for none, which any physical size is below).
  func memoryLimit() -> UInt64? {
    guard let hierarchy = paths.hierarchy("memory") else { return nil }
    var tightest: UInt64? = nil
    for directory in hierarchy.directories {
      let path = directory + (hierarchy.version == 2 ? "/memory.max" : "/memory.limit_in_bytes")
      guard let line = context.line(path), line != "max" else { continue }
      guard let bytes = UInt64(line) else {
        context.diagnostics.record(path, "expected a byte count or 'max', found \(line.quotedForMessage)")
        continue
      }
      tightest = min(tightest ?? bytes, bytes)
    }
    return tightest
  }
}
