/// The text of cache descriptions: sysfs `type` and `size` files, s390's /proc/cpuinfo lines.
enum CPUCacheText {
  static func count(_ cache: CPUCache, into found: inout [CPUCache]) {
    if let same = found.firstIndex(where: {
      $0.level == cache.level && $0.type == cache.type && $0.sizeBytes == cache.sizeBytes
    }) {
      found[same].instances += 1
    } else {
      found.append(cache)
    }
  }

  /// By level, then type, then size: the order lscpu prints them in.
  static func inReportOrder(_ caches: [CPUCache]) -> [CPUCache] {
    caches.sorted { ($0.level, $0.type, $0.sizeBytes) < ($1.level, $1.type, $1.sizeBytes) }
  }

  static func cacheType(_ text: String) -> String? {
    switch text {
    case "Data": "data"
    case "Instruction": "instruction"
    case "Unified": "unified"
    default: nil
    }
  }

  /// The kernel writes `32K`; M and G and a bare byte count are taken too. Read as bytes: as
  /// Characters and `Int64(Substring)`, this was two blocks of the standard library's code kept
  /// in memory for a `list` (issue #25).
  static func cacheSize(_ text: String) -> Int64? {
    var digits = Array(text.utf8)
    var factor: Int64 = 1
    switch digits.last {
    case UInt8(ascii: "K"): factor = 1024
    case UInt8(ascii: "M"): factor = 1_048_576
    case UInt8(ascii: "G"): factor = 1_073_741_824
    default: break
    }
    if factor != 1 { digits.removeLast() }
    guard !digits.isEmpty else { return nil }
    var number: Int64 = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9"),
        let shifted = number.multipliedIfRepresentable(by: 10)
      else { return nil }
      let (sum, overflow) = shifted.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
      guard !overflow else { return nil }
      number = sum
    }
    guard let bytes = number.multipliedIfRepresentable(by: factor), bytes > 0 else { return nil }
    return bytes
  }

  /// s390 without sysfs caches: the `cacheN` lines of /proc/cpuinfo's header ("level=3
  /// type=Unified scope=Shared size=262144K …"). lscpu shows only the shared ones, as one
  /// instance each, and so does devcaps.
  static func s390Caches(_ cpuinfo: CPUInfoFile) -> [CPUCache] {
    var found: [CPUCache] = []
    for number in 0..<16 {
      guard let line = cpuinfo.machine["cache\(number)"] else { continue }
      var fields: [Substring: Substring] = [:]
      for pair in line.split(separator: " ") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { fields[parts[0]] = parts[1] }
      }
      guard fields["scope"] == "Shared", let level = fields["level"].flatMap({ Int($0) }), (1...4).contains(level),
        let type = fields["type"].flatMap({ cacheType(String($0)) }),
        let size = fields["size"].flatMap({ cacheSize(String($0)) })
      else { continue }
      count(CPUCache(level: level, type: type, sizeBytes: size, instances: 1), into: &found)
    }
    return found
  }
}
