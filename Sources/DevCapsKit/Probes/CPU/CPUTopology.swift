/// Physical cores and packages (sockets).
struct CPUTopology: Equatable {
  var cores: Int
  var packages: Int
}

extension CPUProbe {
  /// The sysfs topology of the given CPUs counted as lscpu counts it: each distinct set of CPUs
  /// sharing a core (`core_cpus_list`, called `thread_siblings_list` before Linux 5.x) is one
  /// core, each distinct set sharing a package (`package_cpus_list`, formerly
  /// `core_siblings_list`) one package. Sets, not IDs: `core_id` is only unique within a cluster
  /// on arm64 and RISC-V device-tree machines and within a die on x86, and POWER LPARs report
  /// package -1 everywhere. CPUs without a topology directory (offline ones) are skipped. A CPU
  /// already named by a set read is not read again for that kind of set, as for caches: a
  /// 256-CPU machine reads two package lists, not 256 lists of 128 CPUs each.
  func siblingTopology(_ cpus: [Int]) -> CPUTopology? {
    var cores = Set<[Int]>()
    var packages = Set<[Int]>()
    var (coresCovered, packagesCovered) = (CPUMask(), CPUMask())
    for cpu in cpus where !coresCovered.contains(cpu) || !packagesCovered.contains(cpu) {
      let base = CPUProbe.directory(ofCPU: cpu) + "topology/"
      guard let core = cpuList(base, "core_cpus_list", "thread_siblings_list") else { continue }
      if !packagesCovered.contains(cpu) {
        guard let package = cpuList(base, "package_cpus_list", "core_siblings_list") else { continue }
        packages.insert(package)
        for member in package + [cpu] { packagesCovered.insert(member) }
      }
      cores.insert(core)
      for member in core + [cpu] { coresCovered.insert(member) }
    }
    return cores.isEmpty || packages.isEmpty ? nil : CPUTopology(cores: cores.count, packages: packages.count)
  }

  /// Distinct (physical_package_id, core_id) pairs and package IDs: for roots that have the IDs
  /// without the sibling lists.
  func identifierTopology(_ cpus: [Int]) -> CPUTopology? {
    var cores = Set<[Int64]>()
    var packages = Set<Int64>()
    for cpu in cpus {
      let base = CPUProbe.directory(ofCPU: cpu) + "topology/"
      guard let package = context.integer(base + "physical_package_id"), let core = context.integer(base + "core_id")
      else { continue }
      cores.insert([package, core])
      packages.insert(package)
    }
    return cores.isEmpty ? nil : CPUTopology(cores: cores.count, packages: packages.count)
  }

  /// The first of the named CPU-list files that exists, parsed; a malformed one is reported.
  private func cpuList(_ directory: String, _ names: String...) -> [Int]? {
    for name in names {
      guard let text = context.line(directory + name) else { continue }
      guard let list = parseCPUList(text), !list.isEmpty else {
        context.diagnostics.record(
          directory + name, "expected a CPU list such as '0-3', found \(text.quotedForMessage)")
        return nil
      }
      return list
    }
    return nil
  }
}
