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

  /// CPUs the quota allows, rounded up: v2 `cpu.max` ("QUOTA PERIOD", "max PERIOD" for none),
  /// v1 `cpu.cfs_quota_us` (-1 for none) over `cpu.cfs_period_us`.
  func cpuQuotaCores() -> Int? {
    guard let hierarchy = paths.hierarchy("cpu") else { return nil }
    var tightest: Int? = nil
    for directory in hierarchy.directories {
      let cores = hierarchy.version == 2 ? cpuMax(directory + "/cpu.max") : cfsQuota(directory)
      if let cores { tightest = min(tightest ?? cores, cores) }
    }
    return tightest
  }

  private func cpuMax(_ path: String) -> Int? {
    guard let line = context.line(path) else { return nil }
    let fields = line.split(separator: " ")
    if fields.first == "max" { return nil }
    guard fields.count == 2, let quota = Int64(fields[0]), let period = Int64(fields[1]), quota > 0, period > 0 else {
      context.diagnostics.record(path, "expected 'QUOTA PERIOD' or 'max PERIOD', found \(line.quotedForMessage)")
      return nil
    }
    return CgroupLimits.cores(quota: quota, period: period)
  }

  private func cfsQuota(_ directory: String) -> Int? {
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

  /// quota ÷ period rounded up: 150000/100000 is 2 CPUs' worth of threads, 50000/100000 still 1.
  static func cores(quota: Int64, period: Int64) -> Int {
    Int(min(quota / period + (quota % period == 0 ? 0 : 1), Int64(Int32.max)))
  }

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
