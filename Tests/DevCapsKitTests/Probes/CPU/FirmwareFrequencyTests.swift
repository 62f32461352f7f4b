import Foundation
import Testing

@testable import DevCapsKit

/// The firmware's stated maximum clock (SMBIOS type 4 Max Speed) where cpufreq has none, and
/// what `cpu-frequency` makes of it. See Fixtures/smbios/README.md.
@Suite("CPU frequency from the firmware")
struct FirmwareFrequencyTests {
  static func root(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/smbios/" + name).path
  }

  func cpuFrequency(_ root: String, _ manifest: String) throws -> RequirementResult {
    let evaluator = RequirementEvaluator(context: ProbeContext(root: SystemRoot(root)))
    return evaluator.evaluate(try Manifest.parse(Array(manifest.utf8)))[0]
  }

  @Test("an x86 KVM guest: QEMU's 2000 MHz beside cpuinfo's clock, which cpu-frequency prefers")
  func x86Guest() throws {
    let context = ProbeContext(root: SystemRoot(Self.root("qemu-q35-kvm")))
    let frequency = CPUProbe(context: context).probe().frequency
    #expect(frequency == CPUFrequency(currentHz: 2_599_998_000, firmwareMaxHz: 2_000_000_000))
    #expect(context.diagnostics.entries.isEmpty)
    let result = try cpuFrequency(Self.root("qemu-q35-kvm"), #"{"cpu-frequency": ">= 2.5 GHz"}"#)
    #expect(result.satisfied)
    #expect(result.finding == .hertz(2_599_998_000, source: "current clock; no cpufreq maximum"))
  }

  @Test("an arm64 guest, whose cpuinfo states no clock: cpu-frequency is the firmware's, and says so")
  func arm64Guest() throws {
    let context = ProbeContext(root: SystemRoot(Self.root("qemu-virt-arm64")))
    #expect(CPUProbe(context: context).probe().frequency == CPUFrequency(firmwareMaxHz: 2_000_000_000))
    #expect(context.diagnostics.entries.isEmpty)
    let result = try cpuFrequency(Self.root("qemu-virt-arm64"), #"{"cpu-frequency": ">= 2 GHz"}"#)
    #expect(result.satisfied)
    #expect(
      result.finding
        == .hertz(2_000_000_000, source: "firmware's stated maximum (SMBIOS); no cpufreq and no clock in /proc/cpuinfo")
    )
    #expect(!(try cpuFrequency(Self.root("qemu-virt-arm64"), #"{"cpu-frequency": ">= 2.1 GHz"}"#)).satisfied)
  }

  @Test("with cpufreq's maximum the firmware's table is not read")
  func cpufreqFirst() throws {
    let root = try TemporaryRoot([
      "/sys/devices/system/cpu/online": "0\n", "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq": "3500000\n",
    ])
    // Garbage where the table would be: reading it would not change the answer, but it must not
    // even be opened.
    try root.write(CPUProbe.smbiosTable, Data([4, 0x2a, 0, 4]))
    let recorder = SourceRecorder()
    let context = ProbeContext(root: SystemRoot(root.path), recorder: recorder)
    #expect(CPUProbe(context: context).probe().frequency.firmwareMaxHz == nil)
    #expect(recorder.files[CPUProbe.smbiosTable] == nil)
  }

  /// A type 4 structure of `length` bytes (those of its fields that fit): Max Speed at 14h,
  /// Status at 18h, no strings.
  static func processor(maxSpeed: UInt16, status: UInt8, length: UInt8 = 0x2a) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: max(Int(length), 0x19))
    (bytes[0], bytes[1]) = (4, length)
    (bytes[0x14], bytes[0x15]) = (UInt8(maxSpeed & 0xff), UInt8(maxSpeed >> 8))
    bytes[0x18] = status
    return Array(bytes.prefix(Int(length))) + [0, 0]
  }

  @Test(
    "Max Speed of populated sockets only, 0 as unknown, short and truncated structures skipped",
    arguments: [
      // Two sockets, the second empty (status 0) but stating a faster part.
      (processor(maxSpeed: 3000, status: 0x41) + processor(maxSpeed: 3600, status: 0x00), 3_000_000_000),
      (processor(maxSpeed: 0, status: 0x41), nil),
      // SMBIOS 2.0's structure, 1Ah bytes: Max Speed and Status are its last fields.
      (processor(maxSpeed: 2400, status: 0x41, length: 0x1a), 2_400_000_000),
      // Too short to hold Max Speed.
      (processor(maxSpeed: 2400, status: 0x41, length: 0x14), nil),
      // The length runs past the end of the table.
      (Array(processor(maxSpeed: 2400, status: 0x41).prefix(20)), nil),
    ] as [([UInt8], Int64?)])
  func maxSpeed(table: [UInt8], hertz: Int64?) throws {
    let root = try TemporaryRoot()
    try root.write(CPUProbe.smbiosTable, Data(table))
    let context = root.context
    #expect(CPUProbe(context: context).firmwareMaxHz() == hertz)
    #expect(context.diagnostics.entries.isEmpty)
  }
}
