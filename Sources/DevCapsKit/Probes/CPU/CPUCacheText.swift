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

  static func cacheType(_ text: String) -> String? {
    switch text {
    case "Data": "data"
    case "Instruction": "instruction"
    case "Unified": "unified"
    default: nil
    }
  }

  /// The kernel writes `32K`; M and G and a bare byte count are taken too.
  static func cacheSize(_ text: String) -> Int64? {
    let factors: [Character: Int64] = ["K": 1024, "M": 1_048_576, "G": 1_073_741_824]
    let factor = text.last.flatMap { factors[$0] }
    let digits = factor == nil ? Substring(text) : text.dropLast()
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int64(digits),
      let bytes = number.multipliedIfRepresentable(by: factor ?? 1), bytes > 0
    else { return nil }
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
