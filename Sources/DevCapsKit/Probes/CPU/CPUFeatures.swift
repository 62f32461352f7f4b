/// The kernel's feature names for the CPU, and the x86-64 level they add up to.
enum CPUFeatures {
  /// The feature line of each architecture, as lscpu reads it: x86 `flags`, ARM and LoongArch
  /// `Features`, s390 `features`, MIPS `ASEs implemented`, SPARC `type`. RISC-V's `isa` is split
  /// into its extensions.
  static let keys = ["flags", "Features", "features", "ASEs implemented", "type"]

  /// Sorted and de-duplicated; only what every processor record lists (a process may run on any
  /// of them). Records whose line is the same text as the first's cost one comparison. Sorted
  /// arrays, not Sets: building a Set kept a block of the standard library's code in memory for
  /// a `list` (issue #25).
  static func flags(_ cpuinfo: CPUInfoFile) -> [String] {
    let records = cpuinfo.processors.isEmpty ? [cpuinfo.machine] : cpuinfo.processors
    guard let (key, line) = featureLine(cpuinfo.describingRecord) else { return [] }
    var common = sortedUniqueWords(line, key: key)
    for record in records.dropFirst() {
      guard let other = record[key], other != line else { continue }
      let others = sortedUniqueWords(other, key: key)
      common = common.filter { containsSorted(others, $0) }
    }
    return common
  }

  static func sortedUnique(_ words: [String]) -> [String] {
    var unique: [String] = []
    for word in words.sorted() where unique.last != word { unique.append(word) }
    return unique
  }

  /// Binary search of an ascending array.
  static func containsSorted(_ sorted: [String], _ word: String) -> Bool {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < word { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == word
  }

  private static func featureLine(_ record: [String: String]) -> (String, String)? {
    for key in keys + ["isa"] {
      if let line = record[key] { return (key, line) }
    }
    return nil
  }

  /// The line's features, sorted and each once. A plain line (every kernel's) is split and
  /// sorted in its bytes: splitting and sorting Strings was a sixth of `list --only cpu`.
  static func sortedUniqueWords(_ line: String, key: String) -> [String] {
    if key == "isa" { return sortedUnique(riscvExtensions(line)) }
    let isSeparator = { (byte: UInt8) in
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",")
    }
    return PlainASCII.sortedUniqueWords(line, separatedBy: isSeparator) ?? sortedUnique(words(line))
  }

  /// Any text's features, split by Character.
  static func words(_ line: String) -> [String] {
    line.splitCharacters(separator: " ").flatMap { $0.splitCharacters(separator: "\t") }
      .flatMap { $0.splitCharacters(separator: ",") }.map(String.init)
  }

  /// `rv64imafdc_zicsr_zifencei` → i m a f d c zicsr zifencei: one letter per single-letter
  /// extension after the base, then the multi-letter ones between underscores.
  static func riscvExtensions(_ isa: String) -> [String] {
    var parts = isa.lowercased().split(separator: "_").map(String.init)
    guard !parts.isEmpty, parts[0].hasPrefix("rv") else { return [] }
    let base = parts.removeFirst().dropFirst(2).drop { $0.isASCII && $0.isNumber }
    return base.map { String($0) } + parts.filter { !$0.isEmpty }
  }

  /// The x86-64 psABI levels by the names /proc/cpuinfo gives their features (`pni` is SSE3,
  /// `abm` LZCNT, `lahf_lm` LAHF in 64-bit mode). glibc also checks OSXSAVE for v3, which
  /// /proc/cpuinfo does not list; the kernel clears `avx` when XSAVE is not enabled.
  static let levels: [(name: String, features: [String])] = [
    ("x86-64-v1", ["lm", "cmov", "cx8", "fpu", "fxsr", "mmx", "syscall", "sse", "sse2"]),
    ("x86-64-v2", ["cx16", "lahf_lm", "popcnt", "pni", "sse4_1", "sse4_2", "ssse3"]),
    ("x86-64-v3", ["avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"]),
    ("x86-64-v4", ["avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"]),
  ]

  /// The highest level whose features, and those of every level below, are all present; nil
  /// without `lm` (not x86-64) or without the baseline.
  static func x86Level(_ flags: [String]) -> String? {
    // `flags` (the cpu section's) are sorted and unique already: checked, not sorted again.
    let present = zip(flags, flags.dropFirst()).allSatisfy { $0 < $1 } ? flags : sortedUnique(flags)
    var reached: String? = nil
    for level in levels {
      guard level.features.allSatisfy({ containsSorted(present, $0) }) else { break }
      reached = level.name
    }
    return reached
  }

  /// The level's rank (1 for x86-64-v1); nil for a name that is not a level.
  static func rank(_ level: String) -> Int? {
    levels.firstIndex { $0.name == level }.map { $0 + 1 }
  }
}
