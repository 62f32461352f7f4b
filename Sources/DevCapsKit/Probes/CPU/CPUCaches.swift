extension CPUProbe {
  /// The caches in `cpuN/cache/indexM`, counted as lscpu counts them: an instance per distinct
  /// `shared_cpu_map`. A CPU already named by an instance's map is not read again for that
  /// index, so a 256-CPU machine reads each shared L3 once, not 256 times.
  func caches(cpus: [Int], cpuinfo: CPUInfoFile) -> [CPUCache] {
    guard let first = cpus.first else { return [] }
    let indices = context.entries(CPUProbe.directory(ofCPU: first) + "cache/").filter { $0.hasPrefix("index") }
      .sorted()
    guard !indices.isEmpty else { return CPUCacheText.s390Caches(cpuinfo) }
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
    return found.sorted { ($0.level, $0.type, $0.sizeBytes) < ($1.level, $1.type, $1.sizeBytes) }
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
