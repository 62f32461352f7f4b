import Foundation
import TestProcesses

@testable import DevCapsKit

/// What util-linux's `lscpu --sysroot ROOT --json` says about a root, reduced to what devcaps
/// reports. lscpu prints one section per CPU type (a big.LITTLE has two); counts are summed over
/// the types, sockets are the largest count of any type (the types of a big.LITTLE share their
/// package), frequencies are the extremes.
struct LscpuSummary {
  /// `Model name:` values other than lscpu's `-` for "unknown".
  var modelNames: Set<String> = []
  var onlineCPUs: Int?
  var cores: Int?
  var sockets: Int?
  var maxMHz: Double?
  var minMHz: Double?
  /// The first CPU type's identity lines.
  var vendor: String?
  var family: String?
  var model: String?
  var stepping: String?
  var flags: Set<String> = []
  /// "L1d cache:" and its kind → (bytes, instances): "2.5 MiB (8 instances)" read back; s390's
  /// caches from /proc/cpuinfo have no instance count.
  var caches: [String: (bytes: Double, instances: Int?)] = [:]
  var hypervisorVendor: String?
  /// Whether lscpu printed any CPU-type section at all (it does not when /proc/cpuinfo has no
  /// field it knows, as 2.38 with RISC-V).
  var hasCPUType = false
}

enum Lscpu {
  static let executable = ["/usr/bin/lscpu", "/bin/lscpu"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// `root` nil: this machine.
  static func summary(root: String?) throws -> LscpuSummary {
    // The C locale, so that MHz come with a decimal point.
    let run = try ChildProcess.run(
      executable ?? "/usr/bin/lscpu", (root.map { ["--sysroot", $0] } ?? []) + ["--json"],
      environment: ["LC_ALL": "C", "PATH": "/usr/bin:/bin"])
    guard run.status == 0 else { throw LscpuFailure(status: run.status) }
    let data = run.output
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return summarize(flatten(json?["lscpu"] as? [[String: Any]] ?? []))
  }

  /// Newer lscpu nests fields under `children`; 2.38 prints them flat. Either way, in order.
  private static func flatten(_ fields: [[String: Any]]) -> [(String, String?)] {
    fields.flatMap { field -> [(String, String?)] in
      [(field["field"] as? String ?? "", field["data"] as? String)]
        + flatten(field["children"] as? [[String: Any]] ?? [])
    }
  }

  private static func summarize(_ fields: [(String, String?)]) -> LscpuSummary {
    var summary = LscpuSummary()
    var types: [[String: String]] = []
    for (name, data) in fields {
      guard let data else { continue }
      if name == "On-line CPU(s) list:" { summary.onlineCPUs = parseCPUList(data)?.count }
      if name == "Vendor ID:" { summary.vendor = data }
      if name == "Hypervisor vendor:" { summary.hypervisorVendor = data }
      if name.hasPrefix("L"), name.hasSuffix(" cache:"), let size = cacheSize(data) { summary.caches[name] = size }
      if name == "Model name:" { types.append([:]) }
      if !types.isEmpty { types[types.count - 1][name] = types[types.count - 1][name] ?? data }
    }
    summary.hasCPUType = !types.isEmpty
    if let first = types.first {
      summary.family = first["CPU family:"]
      summary.model = first["Model:"]
      summary.stepping = first["Stepping:"]
      summary.flags = Set((first["Flags:"] ?? "").split(separator: " ").map(String.init))
    }
    for type in types {
      if let model = type["Model name:"], model != "-" { summary.modelNames.insert(model) }
      if let sockets = sockets(type) {
        summary.sockets = max(summary.sockets ?? 0, sockets)
        if let perSocket = type["Core(s) per socket:"].flatMap({ Int($0) }) {
          summary.cores = (summary.cores ?? 0) + perSocket * sockets
        }
      }
      if let maximum = type["CPU max MHz:"].flatMap({ Double($0) }) {
        summary.maxMHz = max(summary.maxMHz ?? maximum, maximum)
      }
      if let minimum = type["CPU min MHz:"].flatMap({ Double($0) }) {
        summary.minMHz = min(summary.minMHz ?? minimum, minimum)
      }
    }
    return summary
  }

  /// "2.5 MiB (8 instances)" → (2621440, 8); "256 MiB" → (268435456, nil).
  static func cacheSize(_ text: String) -> (bytes: Double, instances: Int?)? {
    let words = text.split(separator: " ")
    let units: [Substring: Double] = ["B": 1, "KiB": 1024, "MiB": 1_048_576, "GiB": 1_073_741_824]
    guard words.count >= 2, let number = Double(words[0]), let unit = units[words[1]] else { return nil }
    let instances = words.count >= 3 ? Int(words[2].dropFirst()) : nil
    return (number * unit, instances)
  }

  /// `Socket(s):`, or on s390 sockets per book × books (× drawers).
  private static func sockets(_ type: [String: String]) -> Int? {
    let number = { (name: String) in type[name].flatMap { Int($0) } }
    if let sockets = number("Socket(s):") { return sockets }
    guard let perBook = number("Socket(s) per book:") else { return nil }
    if let books = number("Book(s):") { return perBook * books }
    guard let perDrawer = number("Book(s) per drawer:"), let drawers = number("Drawer(s):") else { return nil }
    return perBook * perDrawer * drawers
  }
}

struct LscpuFailure: Error {
  var status: Int32
}
