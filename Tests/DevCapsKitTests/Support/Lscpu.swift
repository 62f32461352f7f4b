import Foundation
import TestProcesses
@testable import DevCapsKit

/// What util-linux's `lscpu --sysroot ROOT --json` says about a root, reduced to what devcaps
/// reports. lscpu prints one section per CPU type (a big.LITTLE has two); counts are summed over
/// the types, sockets are the largest count of any type (the types of a big.LITTLE share their
/// package), frequencies are the extremes.
struct LscpuSummary: Equatable {
  /// `Model name:` values other than lscpu's `-` for "unknown".
  var modelNames: Set<String> = []
  var onlineCPUs: Int?
  var cores: Int?
  var sockets: Int?
  var maxMHz: Double?
  var minMHz: Double?
  /// Whether lscpu printed any CPU-type section at all (it does not when /proc/cpuinfo has no
  /// field it knows, as 2.38 with RISC-V).
  var hasCPUType = false
}

enum Lscpu {
  static let executable = ["/usr/bin/lscpu", "/bin/lscpu"].first { FileManager.default.isExecutableFile(atPath: $0) }

  static func summary(root: String) throws -> LscpuSummary {
    // The C locale, so that MHz come with a decimal point.
    let run = try ChildProcess.run(
      executable ?? "/usr/bin/lscpu", ["--sysroot", root, "--json"], environment: ["LC_ALL": "C", "PATH": "/usr/bin:/bin"])
    guard run.status == 0 else { throw LscpuFailure(status: run.status) }
    let data = run.output
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return summarize(flatten(json?["lscpu"] as? [[String: Any]] ?? []))
  }

  /// Newer lscpu nests fields under `children`; 2.38 prints them flat. Either way, in order.
  private static func flatten(_ fields: [[String: Any]]) -> [(String, String?)] {
    fields.flatMap { field -> [(String, String?)] in
      [(field["field"] as? String ?? "", field["data"] as? String)] + flatten(field["children"] as? [[String: Any]] ?? [])
    }
  }

  private static func summarize(_ fields: [(String, String?)]) -> LscpuSummary {
    var summary = LscpuSummary()
    var types: [[String: String]] = []
    for (name, data) in fields {
      guard let data else { continue }
      if name == "On-line CPU(s) list:" { summary.onlineCPUs = parseCPUList(data)?.count }
      if name == "Model name:" { types.append([:]) }
      if !types.isEmpty { types[types.count - 1][name] = types[types.count - 1][name] ?? data }
    }
    summary.hasCPUType = !types.isEmpty
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
