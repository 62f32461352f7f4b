/// Builds the `memory` section from `/proc/meminfo` and the memory blocks in sysfs.
struct MemoryProbe {
  let context: ProbeContext
  private static let blockDirectory = "/sys/devices/system/memory/"

  init(context: ProbeContext) { self.context = context }

  func probe() -> MemoryInfo {
    let meminfo = context.text("/proc/meminfo").map { MemoryProbe.parseMeminfo($0, diagnostics: context.diagnostics) } ?? MeminfoValues()
    return MemoryInfo(
      totalBytes: meminfo["MemTotal"], installedBytes: installedBytes(), availableBytes: meminfo["MemAvailable"],
      swapTotalBytes: meminfo["SwapTotal"], swapFreeBytes: meminfo["SwapFree"])
  }

  /// `Key:   1234 kB` lines, converted to bytes. A line that does not parse is reported.
  static func parseMeminfo(_ text: String, diagnostics: DiagnosticLog? = nil) -> MeminfoValues {
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
    let prefix = "memory".utf8
    guard name.count > prefix.count, name.starts(with: prefix) else { return false }
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
