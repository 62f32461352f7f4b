extension CPUProbe {
  /// The caches in `cpuN/cache/indexM`, counted as lscpu counts them: an instance per distinct
  /// `shared_cpu_map`. A CPU already named by an instance's map is not read again for that
  /// index, so a 256-CPU machine reads each shared L3 once, not 256 times.
  func caches(cpus: [Int], cpuinfo: CPUInfoFile) -> [CPUCache] {
    guard let first = cpus.first else { return [] }
    let indices = context.entries(CPUProbe.directory(ofCPU: first) + "cache/").filter { $0.hasPrefix("index") }
      .sorted()
    guard !indices.isEmpty else { return sparcCaches(cpus: cpus) ?? CPUCacheText.s390Caches(cpuinfo) }
    var found: [CPUCache] = []
    for index in indices {
      var covered = CPUMask()
      for cpu in cpus where !covered.contains(cpu) {
        let base = CPUProbe.directory(ofCPU: cpu) + "cache/" + index + "/"
        guard let text = context.line(base + "shared_cpu_map") else { continue }
        guard var shared = CPUMask(hex: text) else {
          context.diagnostics.record(
            base + "shared_cpu_map", "expected a CPU mask such as 'ff', found \(text.quotedForMessage)")
          continue
        }
        shared.insert(cpu)
        covered.formUnion(shared)
        guard let cache = cacheDescription(base) else { continue }
        CPUCacheText.count(cache, into: &found)
      }
    }
    return CPUCacheText.inReportOrder(found)
  }

  /// sparc64 has no `cache/` directories: its kernel (arch/sparc/kernel/sysfs.c) writes each CPU's
  /// `l1_icache_size`, `l1_dcache_size` and `l2_cache_size` in bytes. No file says which CPUs share
  /// a cache, so lscpu (lscpu-topology.c, read_sparc_caches) counts one instance per CPU, and so
  /// does devcaps. Nil when cpu0's first file is absent: not a sparc64 layout.
  private func sparcCaches(cpus: [Int]) -> [CPUCache]? {
    guard let first = cpus.first, context.exists(CPUProbe.directory(ofCPU: first) + "l1_icache_size") else {
      return nil
    }
    let files = [("l1_icache_size", 1, "instruction"), ("l1_dcache_size", 1, "data"), ("l2_cache_size", 2, "unified")]
    var found: [CPUCache] = []
    for cpu in cpus {
      for (name, level, type) in files {
        let path = CPUProbe.directory(ofCPU: cpu) + name
        guard let size = context.integer(path) else { continue }
        guard size > 0 else {
          context.diagnostics.record(path, "expected a cache size in bytes, found \(size)")
          continue
        }
        CPUCacheText.count(CPUCache(level: level, type: type, sizeBytes: size, instances: 1), into: &found)
      }
    }
    return CPUCacheText.inReportOrder(found)
  }

  /// One instance's level, type and size; garbage in any is reported and drops the instance.
  private func cacheDescription(_ base: String) -> CPUCache? {
    guard let level = context.integer(base + "level"), let typeText = context.line(base + "type"),
      let sizeText = context.line(base + "size")
    else { return nil }
    guard (1...4).contains(level) else {
      context.diagnostics.record(base + "level", "expected a cache level 1 to 4, found \(level)")
      return nil
    }
    guard let type = CPUCacheText.cacheType(typeText) else {
      context.diagnostics.record(
        base + "type", "expected Data, Instruction or Unified, found \(typeText.quotedForMessage)")
      return nil
    }
    guard let size = CPUCacheText.cacheSize(sizeText) else {
      context.diagnostics.record(base + "size", "expected a size such as '32K', found \(sizeText.quotedForMessage)")
      return nil
    }
    return CPUCache(level: Int(level), type: type, sizeBytes: size, instances: 1)
  }
}
