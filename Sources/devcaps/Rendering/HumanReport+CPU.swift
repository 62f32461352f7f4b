import DevCapsKit

extension HumanReport {
  /// Vendor and lscpu's family/model/stepping, ISA level, feature count, caches, hypervisor.
  func cpuIdentityRows(_ cpu: CPUInfo) -> [(String, String)] {
    let numbers = [("family", cpu.family), ("model", cpu.modelNumber), ("stepping", cpu.stepping)]
      .compactMap { name, value in value.map { "\(name) \(OutsideText.value($0))" } }
    var vendor = known(cpu.vendor)
    if !numbers.isEmpty { vendor += style.dim(" (" + numbers.joined(separator: ", ") + ")") }
    let features = cpu.flags.isEmpty ? known(nil) : "\(cpu.flags.count)" + style.dim(" (devcaps get cpu.flags)")
    var rows = [("Vendor", vendor), ("Level", known(cpu.level)), ("Features", features)]
    for cache in cpu.caches {
      let name = "L\(cache.level)" + (cache.type == "data" ? "d" : cache.type == "instruction" ? "i" : "") + " cache"
      let size = Units.binaryBytes(UInt64(max(cache.sizeBytes, 0)))
      rows.append((name, cache.instances == 1 ? size : "\(size) × \(cache.instances)"))
    }
    rows.append(("Hypervisor", cpu.hypervisorVendor.map(OutsideText.value) ?? style.dim("none detected")))
    return rows
  }
}
