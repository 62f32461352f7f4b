/// Builds the `memory` section from `/proc/meminfo` and the memory blocks in sysfs.
public struct MemoryProbe {
  let context: ProbeContext
  private static let blockDirectory = "/sys/devices/system/memory/"

  public init(context: ProbeContext) { self.context = context }

  public func probe() -> MemoryInfo {
    let meminfo = context.text("/proc/meminfo").map { MemoryProbe.parseMeminfo($0, diagnostics: context.diagnostics) } ?? [:]
    return MemoryInfo(
      totalBytes: meminfo["MemTotal"], installedBytes: installedBytes(), availableBytes: meminfo["MemAvailable"],
      swapTotalBytes: meminfo["SwapTotal"], swapFreeBytes: meminfo["SwapFree"])
  }

  /// `Key:   1234 kB` lines, converted to bytes. A line that does not parse is reported.
  public static func parseMeminfo(_ text: String, diagnostics: DiagnosticLog? = nil) -> [String: UInt64] {
    var values: [String: UInt64] = [:]
    for line in text.split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else {
        diagnostics?.record("/proc/meminfo", "line without a colon: \(String(line).quotedForMessage)")
        continue
      }
      let key = String(line[..<colon])
      let parts = line[line.index(after: colon)...].split(separator: " ")
      guard let number = parts.first.flatMap({ UInt64($0) }) else {
        diagnostics?.record("/proc/meminfo", "\(key): expected a number, found \(String(line).quotedForMessage)")
        continue
      }
      let multiplier: UInt64 = parts.count > 1 && parts[1] == "kB" ? 1024 : 1
      let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
      if !overflow { values[key] = bytes }
    }
    return values
  }

  /// Online memory blocks × block size: the RAM fitted, which "a 4 GiB machine" means.
  func installedBytes() -> UInt64? {
    guard let blockSize = context.hexInteger(MemoryProbe.blockDirectory + "block_size_bytes"), blockSize > 0 else {
      return nil
    }
    var online: UInt64 = 0
    // A block per 128 MiB or more: hundreds of files, read relative to their directory.
    let blocks = context.entries(MemoryProbe.blockDirectory).filter {
      $0.hasPrefix("memory") && Int($0.dropFirst("memory".count)) != nil
    }
    _ = context.root.readEach(in: MemoryProbe.blockDirectory, blocks.map { $0 + "/online" }) { name, bytes in
      guard let bytes else { return }
      switch bytes.first {
      case UInt8(ascii: "1"): online += 1
      case UInt8(ascii: "0"): break
      default:
        context.diagnostics.record(
          MemoryProbe.blockDirectory + name, "expected 0 or 1, found \(String(decoding: bytes, as: UTF8.self).quotedForMessage)")
      }
    }
    return online == 0 ? nil : online * blockSize
  }
}
