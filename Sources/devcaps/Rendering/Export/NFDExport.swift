import DevCapsKit

/// A report as a Kubernetes node-feature-discovery local-source feature file (features.d): one
/// `name=value` line per label. Names carry no namespace, so NFD prefixes them with
/// `feature.node.kubernetes.io/`. Every name and value is made valid by Kubernetes' label rules
/// (at most 63 characters of `A-Z a-z 0-9 - _ .`, alphanumeric at both ends); an unknown value
/// has no label.
struct NFDExport {
  let report: Report

  func render() -> String {
    var labels: [(String, String)] = []
    let results = report.capabilities ?? []
    for key in CapabilityCatalog.keys {
      guard let result = results.first(where: { $0.key == key }) else { continue }
      labels.append(("devcaps-" + key, result.present ? "true" : "false"))
    }
    if let chassis = report.device?.chassis, chassis != .unknown {
      labels.append(("devcaps-chassis", chassis.rawValue))
    }
    if let architecture = report.device?.architecture {
      labels.append(("devcaps-architecture", architecture))
    }
    if let level = report.cpu?.level { labels.append(("devcaps-cpu-level", level)) }
    if let cores = report.cpu?.availableCoresFraction ?? report.cpu?.availableCores.map(Double.init), cores.isFinite {
      // Kubernetes' count: 1.5 under a 1.5-CPU quota, 4 (not 4.0) when whole.
      labels.append(("devcaps-available-cores", cores == cores.rounded() ? String(Int(cores)) : String(cores)))
    }
    if let os = report.system?.id { labels.append(("devcaps-os", os)) }
    if let version = report.system?.fullVersion ?? report.system?.version {
      labels.append(("devcaps-os-version", version))
    }
    if let device = report.device {
      labels.append(("devcaps-virtualization", device.virtualization ?? "none"))
      if let hypervisor = device.hypervisor { labels.append(("devcaps-hypervisor", hypervisor)) }
    }
    if report.pci != nil || report.gpus != nil {
      for vendor in GPUVendors.names(pci: report.pci, gpus: report.gpus) {
        labels.append(("devcaps-gpu-" + vendor, "true"))
      }
    }
    if let memory = report.memory, let bytes = memory.installedBytes ?? memory.totalBytes.map(Self.installedEstimate),
      let memoryClass = Self.memoryClass(bytes)
    {
      labels.append(("devcaps-memory", memoryClass))
    }
    var text = ""
    var seen: Set<String> = []
    for (name, value) in labels {
      let name = OutsideText.escape(name, for: .nfdLabel)
      // A value with nothing a label may hold (an os-release ID of "!!!") is unknown: no label.
      let value = OutsideText.escape(value, for: .nfdLabel)
      guard !name.isEmpty, !value.isEmpty, seen.insert(name).inserted else { continue }
      text += "\(name)=\(value)\n"
    }
    return text
  }

  /// The installed memory a MemTotal tells of, when the installed size is unknown (a kernel
  /// without memory blocks in sysfs, as on many ARM boards and microVMs, or a report without
  /// it): the firmware, the kernel and an integrated GPU take a few percent before MemTotal
  /// (15.0 GiB of a 16 GiB laptop, 1.9 of a 2 GiB phone), so MemTotal rounded down would halve
  /// the class. Over 0.93: a class is never above what a VM of 15 GiB (MemTotal 14.6) or 30 GiB
  /// has; a machine that lost more than 7 % is a class lower, never higher.
  static func installedEstimate(_ memTotal: UInt64) -> UInt64 {
    UInt64(min(Double(memTotal) / 0.93, Double(UInt64.max / 2)))
  }

  /// The bytes rounded down to a power of two, as a Kubernetes quantity: `16Gi`, `512Mi`; nil
  /// below 1 MiB.
  static func memoryClass(_ bytes: UInt64) -> String? {
    for (shift, suffix) in [(UInt64(30), "Gi"), (20, "Mi")] {
      let units = bytes >> shift
      if units > 0 {
        return "\(UInt64(1) << UInt64(63 - units.leadingZeroBitCount))\(suffix)"
      }
    }
    return nil
  }
}
