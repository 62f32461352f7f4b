/// Builds the `memory` section from `/proc/meminfo` and the memory blocks in sysfs.
struct MemoryProbe {
  let context: ProbeContext
  private static let blockDirectory = "/sys/devices/system/memory/"

  init(context: ProbeContext) { self.context = context }

  func probe() -> MemoryInfo {
    let meminfo =
      context.text("/proc/meminfo").map { MemoryProbe.parseMeminfo($0, diagnostics: context.diagnostics) }
      ?? MeminfoValues()
    let total = meminfo["MemTotal"]
    let cgroups = CgroupLimits(context: context)
    var limit = cgroups.memoryLimit()
    // A limit above the RAM limits nothing (v1 writes "no limit" as a page-rounded 2^63).
    if let bytes = limit, let total, bytes >= total { limit = nil }
    let headroom = limit == nil ? nil : cgroups.memoryHeadroom(below: total ?? .max)
    return MemoryInfo(
      totalBytes: total, installedBytes: installedBytes(), availableBytes: meminfo["MemAvailable"],
      swapTotalBytes: meminfo["SwapTotal"], swapFreeBytes: meminfo["SwapFree"], limitBytes: limit,
      cgroupAvailableBytes: headroom)
  }

  /// `Key:   1234 kB` lines, converted to bytes. A line that does not parse is reported.
  static func parseMeminfo(_ text: String, diagnostics: DiagnosticLog? = nil) -> MeminfoValues {
    parseASCIIMeminfo(text, diagnostics: diagnostics) ?? parseMeminfoCharacters(text, diagnostics: diagnostics)
  }

  /// Any text, by Characters.
  static func parseMeminfoCharacters(_ text: String, diagnostics: DiagnosticLog?) -> MeminfoValues {
    var values = MeminfoValues()
    for line in text.splitCharacters(separator: "\n") {
      guard let colon = line.firstIndex(ofASCII: ":") else {
        diagnostics?.record("/proc/meminfo", "line without a colon: \(String(line).quotedForMessage)")
        continue
      }
      let key = String(line[..<colon])
      let parts = line[line.index(after: colon)...].splitCharacters(separator: " ")
      guard let number = parts.first.flatMap({ UInt64($0) }) else {
        diagnostics?.record("/proc/meminfo", "\(key): expected a number, found \(String(line).quotedForMessage)")
        continue
      }
      let multiplier: UInt64 = parts.count > 1 && parts[1] == "kB" ? 1024 : 1
      guard let bytes = number.multipliedIfRepresentable(by: multiplier) else {
        diagnostics?.record("/proc/meminfo", "\(key): \(number) kB is more bytes than 64 bits hold")
        continue
      }
      values.entries.append((key, bytes))
    }
    return values
  }

  /// `parseMeminfo` over the bytes, for text that is ASCII without a CR (every real
  /// /proc/meminfo); nil for other text, which the Character-based parse takes. Same values,
  /// same diagnostics; a tenth of `devcaps get memory.totalBytes` was the Character-based parse.
  static func parseASCIIMeminfo(_ text: String, diagnostics: DiagnosticLog?) -> MeminfoValues? {
    var text = text
    return text.withUTF8 { bytes -> MeminfoValues? in
      if bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) { return nil }
      func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      }
      /// The next run of non-space bytes in `range`, if any.
      func word(in range: Range<Int>) -> Range<Int>? {
        var start = range.lowerBound
        while start < range.upperBound && bytes[start] == UInt8(ascii: " ") { start += 1 }
        guard start < range.upperBound else { return nil }
        var end = start
        while end < range.upperBound && bytes[end] != UInt8(ascii: " ") { end += 1 }
        return start..<end
      }
      var values = MeminfoValues()
      var lineStart = 0
      while lineStart < bytes.count {
        var lineEnd = lineStart
        while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        let line = lineStart..<lineEnd
        lineStart = lineEnd + 1
        if line.isEmpty { continue }
        guard let colon = line.first(where: { bytes[$0] == UInt8(ascii: ":") }) else {
          diagnostics?.record("/proc/meminfo", "line without a colon: \(string(line).quotedForMessage)")
          continue
        }
        let key = string(line.lowerBound..<colon)
        let first = word(in: (colon + 1)..<line.upperBound)
        let second = first.flatMap { word(in: $0.upperBound..<line.upperBound) }
        guard let first,
          let number = UInt64(decimal: UnsafeBufferPointer(rebasing: bytes[first])) ?? UInt64(string(first))
        else {
          diagnostics?.record("/proc/meminfo", "\(key): expected a number, found \(string(line).quotedForMessage)")
          continue
        }
        let isKB = second.map { bytes[$0].elementsEqual("kB".utf8) } ?? false
        guard let bytes = number.multipliedIfRepresentable(by: isKB ? 1024 : 1) else {
          diagnostics?.record("/proc/meminfo", "\(key): \(number) kB is more bytes than 64 bits hold")
          continue
        }
        values.entries.append((key, bytes))
      }
      return values
    }
  }

  /// Memory blocks × block size: the RAM fitted, which "a 4 GiB machine" means. Offline blocks are
  /// fitted RAM too (lsmem counts them), so the block directories are counted, not their `online`.
  func installedBytes() -> UInt64? {
    let path = MemoryProbe.blockDirectory + "block_size_bytes"
    guard let blockSize = context.hexInteger(path), blockSize > 0 else { return nil }
    let blocks = context.countEntries(MemoryProbe.blockDirectory, where: MemoryProbe.isBlockDirectory)
    guard blocks > 0 else { return nil }
    guard let bytes = UInt64(blocks).multipliedIfRepresentable(by: blockSize) else {
      context.diagnostics.record(path, "\(blocks) blocks of \(blockSize) bytes is more than 64 bits hold")
      return nil
    }
    return bytes
  }

  /// `memory0`, `memory42`: not `block_size_bytes`, `auto_online_blocks` or `probe`.
  static func isBlockDirectory(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    // Byte by byte: `starts(with: "memory".utf8)` went through the String's UTF-8 view, 270
    // instructions for each of a machine's 200 blocks.
    let prefix: [UInt8] = [0x6D, 0x65, 0x6D, 0x6F, 0x72, 0x79]  // "memory"
    guard name.count > prefix.count else { return false }
    for offset in prefix.indices where name[offset] != prefix[offset] { return false }
    return name[prefix.count...].allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }
}

/// /proc/meminfo's values in bytes, in file order. An array searched by name, not a dictionary: the
/// first `[String: UInt64]` a process makes costs the Swift runtime a scan of every conformance
/// record (a tenth of `devcaps get memory.totalBytes`), more than reading fifty lines twice.
struct MeminfoValues: Equatable {
  var entries: [(name: String, bytes: UInt64)] = []

  subscript(name: String) -> UInt64? {
    entries.last { $0.name == name }?.bytes
  }

  static func == (a: Self, b: Self) -> Bool {
    a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0 == $1 }
  }
}

extension UInt64 {
  /// Plain decimal digits (nothing else, at least one) that fit; nil otherwise, so that the
  /// caller can ask `UInt64(String)` about signs and the rest.
  init?(decimal digits: UnsafeBufferPointer<UInt8>) {
    guard !digits.isEmpty else { return nil }
    var value: UInt64 = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") else { return nil }
      let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
      guard !overflow && !carry else { return nil }
      value = sum
    }
    self = value
  }
}
