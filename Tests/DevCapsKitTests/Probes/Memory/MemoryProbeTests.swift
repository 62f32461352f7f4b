import Testing

@testable import DevCapsKit

@Suite("Memory")
struct MemoryProbeTests {
  @Test("meminfo values are kB and become bytes; counts stay counts")
  func meminfo() {
    let values = MemoryProbe.parseMeminfo(
      "MemTotal:       16054148 kB\nHugePages_Total:       0\nMemAvailable:   1 kB\n")
    #expect(values["MemTotal"] == 16_054_148 * 1024)
    #expect(values["HugePages_Total"] == 0)
    #expect(values["MemAvailable"] == 1024)
  }

  @Test(
    "the byte parse of ASCII meminfo gives the Character parse's values and diagnostics",
    arguments: [
      "MemTotal:       16054148 kB\nHugePages_Total:       0\nMemAvailable:   1 kB\n",
      "MemTotal: lots kB\ngarbage\n\n\nSwapFree: 5 kB\n", "A: +5 kB\nB: -0\nC: -5\nD:\t5 kB\nE: 5  kB  x\nF:5kB\n",
      "G: 18446744073709551616 kB\nH: 18446744073709551615 kB\nI: 18014398509481983 kB\n", ":\n: 5\nJ 7\nK:: 3\n", "",
      "L: 5 MB\nM: 007 kB", "N:        \n",
    ])
  func asciiParseAgrees(text: String) {
    let (bytesLog, charactersLog) = (DiagnosticLog(), DiagnosticLog())
    let bytes = MemoryProbe.parseASCIIMeminfo(text, diagnostics: bytesLog)
    #expect(bytes == MemoryProbe.parseMeminfoCharacters(text, diagnostics: charactersLog))
    #expect(bytesLog.entries == charactersLog.entries)
  }

  @Test("malformed meminfo lines are reported and skipped")
  func malformed() {
    let log = DiagnosticLog()
    let values = MemoryProbe.parseMeminfo("MemTotal: lots kB\ngarbage\nSwapFree: 5 kB\n", diagnostics: log)
    #expect(values.entries.map(\.name) == ["SwapFree"] && values["SwapFree"] == 5120)
    #expect(log.entries.count == 2)
  }

  @Test("installed RAM counts every memory block, offline ones too, as lsmem does")
  func installed() throws {
    let root = try TemporaryRoot([
      "/proc/meminfo": "MemTotal: 3900000 kB\n",
      "/sys/devices/system/memory/block_size_bytes": "8000000\n",
      "/sys/devices/system/memory/memory0/online": "1\n",
      "/sys/devices/system/memory/memory1/online": "1\n",
      "/sys/devices/system/memory/memory2/online": "0\n",
      "/sys/devices/system/memory/auto_online_blocks": "online\n",
    ])
    let memory = MemoryProbe(context: root.context).probe()
    #expect(memory.installedBytes == 3 * 0x800_0000)
    #expect(memory.totalBytes == 3_900_000 * 1024)
    #expect(memory.availableBytes == nil)
  }

  @Test("a meminfo value past 64 bits is reported, not wrapped or trapped on")
  func meminfoOverflow() {
    let log = DiagnosticLog()
    let values = MemoryProbe.parseMeminfo("MemTotal: 18446744073709551615 kB\nSwapFree: 5 kB\n", diagnostics: log)
    #expect(values.entries.map(\.name) == ["SwapFree"] && values["SwapFree"] == 5120)
    #expect(log.entries.count == 1)
  }

  @Test("a block size whose product with the block count overflows is reported, not trapped on")
  func blockSizeOverflow() throws {
    let root = try TemporaryRoot([
      "/sys/devices/system/memory/block_size_bytes": "ffffffffffffffff\n",
      "/sys/devices/system/memory/memory0/online": "1\n",
      "/sys/devices/system/memory/memory1/online": "1\n",
    ])
    let context = root.context
    let memory = MemoryProbe(context: context).probe()
    #expect(memory.installedBytes == nil)
    #expect(context.diagnostics.entries.count == 1)
  }

  @Test("no memory blocks: installed is unknown")
  func noBlocks() throws {
    let root = try TemporaryRoot(["/proc/meminfo": "MemTotal: 1 kB\n"])
    let memory = MemoryProbe(context: root.context).probe()
    #expect(memory.installedBytes == nil)
  }
}
