import Foundation
import TestProcesses
import Testing

@testable import DevCapsKit

@Suite("CPU identity, features, level and caches")
struct CPUIdentityTests {
  @Test(
    "x86-64 levels: each needs every feature of its own list and those below",
    arguments: [
      ("lm cmov cx8 fpu fxsr mmx syscall sse sse2", "x86-64-v1"),
      ("lm cmov cx8 fpu fxsr mmx syscall sse sse2 cx16 lahf_lm popcnt pni sse4_1 sse4_2 ssse3", "x86-64-v2"),
      // v3 without abm (LZCNT) stays v2, as glibc says.
      (
        "lm cmov cx8 fpu fxsr mmx syscall sse sse2 cx16 lahf_lm popcnt pni sse4_1 sse4_2 ssse3 avx avx2 bmi1 bmi2 f16c fma movbe xsave",
        "x86-64-v2"
      ),
      // v4's features without v3's are still v2.
      (
        "lm cmov cx8 fpu fxsr mmx syscall sse sse2 cx16 lahf_lm popcnt pni sse4_1 sse4_2 ssse3 avx512f avx512bw avx512cd avx512dq avx512vl",
        "x86-64-v2"
      ),
      ("cmov cx8 fpu fxsr mmx syscall sse sse2", nil),
      ("fp asimd evtstrm", nil),
    ] as [(String, String?)])
  func levels(flags: String, level: String?) {
    #expect(CPUFeatures.x86Level(flags.split(separator: " ").map(String.init)) == level)
  }

  @Test("RISC-V isa strings split into extensions")
  func riscv() {
    #expect(
      CPUFeatures.riscvExtensions("rv64imafdc_zicsr_zifencei") == ["i", "m", "a", "f", "d", "c", "zicsr", "zifencei"])
    #expect(CPUFeatures.riscvExtensions("rv32i") == ["i"])
    #expect(CPUFeatures.riscvExtensions("garbage").isEmpty)
    #expect(CPUFeatures.riscvExtensions("").isEmpty)
  }

  @Test("features are those every CPU lists, sorted, each once")
  func commonFlags() {
    let cpuinfo = CPUInfoFile(text: "processor\t: 0\nflags\t\t: sse avx sse\n\nprocessor\t: 1\nflags\t\t: sse\n\n")
    #expect(CPUFeatures.flags(cpuinfo) == ["sse"])
  }

  @Test(
    "CPU masks as the kernel prints them",
    arguments: [
      ("ff", [0, 7], [8]), ("00000000,00000001", [0], [1, 32]), ("00000100,00000000", [40], [0, 39]),
      ("F0", [4, 7], [0, 3]), ("aB", [0, 1, 3, 5, 7], [2, 4, 6]),
    ])
  func masks(text: String, members: [Int], others: [Int]) throws {
    let mask = try #require(CPUMask(hex: text))
    for cpu in members { #expect(mask.contains(cpu)) }
    for cpu in others { #expect(!mask.contains(cpu)) }
  }

  @Test("garbage masks are no mask", arguments: ["", ",", "xyz", "0x3", String(repeating: "f", count: 2049)])
  func badMasks(text: String) {
    #expect(CPUMask(hex: text) == nil)
  }

  @Test(
    "cache sizes as sysfs writes them; anything else is no size",
    arguments: [
      ("32K", 32768), ("8192K", 8_388_608), ("3M", 3_145_728), ("1G", 1_073_741_824), ("512", 512), ("AbK", nil),
      ("", nil), ("K", nil), ("0K", nil), ("-1K", nil), ("32 K", nil), ("32k", nil), ("\u{FF13}\u{FF12}K", nil),
      ("9223372036854775807", 9_223_372_036_854_775_807), ("9223372036854775808", nil), ("9007199254740992K", nil),
    ] as [(String, Int64?)])
  func cacheSizes(text: String, bytes: Int64?) {
    #expect(CPUCacheText.cacheSize(text) == bytes)
  }

  @Test("ARM stepping from variant and revision")
  func armStepping() {
    #expect(CPUIdentity.armStepping(variant: "0x4", revision: "1") == "r4p1")
    #expect(CPUIdentity.armStepping(variant: "4", revision: "1") == nil)
    #expect(CPUIdentity.armStepping(variant: "0x4", revision: nil) == nil)
  }

  @Test("garbage in cache files is reported, the rest still counted")
  func badCaches() throws {
    let base = "/sys/devices/system/cpu/"
    let root = try TemporaryRoot([
      base + "online": "0-1\n",
      base + "cpu0/cache/index0/level": "1\n", base + "cpu0/cache/index0/type": "Data\n",
      base + "cpu0/cache/index0/size": "32K\n", base + "cpu0/cache/index0/shared_cpu_map": "1\n",
      base + "cpu1/cache/index0/level": "9\n", base + "cpu1/cache/index0/type": "Data\n",
      base + "cpu1/cache/index0/size": "32K\n", base + "cpu1/cache/index0/shared_cpu_map": "2\n",
      base + "cpu0/cache/index1/level": "2\n", base + "cpu0/cache/index1/type": "Sideways\n",
      base + "cpu0/cache/index1/size": "lots\n", base + "cpu0/cache/index1/shared_cpu_map": "3\n",
      base + "cpu0/cache/index2/level": "3\n", base + "cpu0/cache/index2/type": "Unified\n",
      base + "cpu0/cache/index2/size": "1024K\n", base + "cpu0/cache/index2/shared_cpu_map": "zz\n",
      base + "cpu1/cache/index2/level": "3\n", base + "cpu1/cache/index2/type": "Unified\n",
      base + "cpu1/cache/index2/size": "1024K\n", base + "cpu1/cache/index2/shared_cpu_map": "3\n",
    ])
    let context = root.context
    let cpu = CPUProbe(context: context).probe()
    #expect(
      cpu.caches == [
        CPUCache(level: 1, type: "data", sizeBytes: 32768, instances: 1),
        CPUCache(level: 3, type: "unified", sizeBytes: 1_048_576, instances: 1),
      ])
    #expect(
      Set(context.diagnostics.entries.map(\.path)) == [
        base + "cpu1/cache/index0/level", base + "cpu0/cache/index1/type", base + "cpu0/cache/index2/shared_cpu_map",
      ])
  }

  @Test("a shared cache is read once, not once per CPU")
  func sharedReadOnce() throws {
    let base = "/sys/devices/system/cpu/"
    var files = [base + "online": "0-3\n"]
    for (name, value) in [("level", "3"), ("type", "Unified"), ("size", "8192K"), ("shared_cpu_map", "f")] {
      files[base + "cpu0/cache/index0/" + name] = value + "\n"
    }
    // The other CPUs' files are garbage: reading any would be reported.
    for cpu in 1...3 { files[base + "cpu\(cpu)/cache/index0/level"] = "x\n" }
    let root = try TemporaryRoot(files)
    let context = root.context
    #expect(
      CPUProbe(context: context).probe().caches == [
        CPUCache(level: 3, type: "unified", sizeBytes: 8_388_608, instances: 1)
      ])
    #expect(context.diagnostics.entries.isEmpty)
  }

  @Test(
    "s390's hypervisor from /proc/sysinfo",
    arguments: [
      ("VM00 Control Program: z/VM    7.3.0\n", "IBM"), ("VM00 Control Program: KVM/Linux\n", "KVM"),
      ("LPAR Number: 12\n", "IBM"), ("Manufacturer: IBM\n", nil),
    ] as [(String, String?)])
  func s390(sysinfo: String, vendor: String?) {
    #expect(HypervisorVendor.s390(sysinfo) == vendor)
  }

  @Test("this machine: lscpu's identity, flags, caches and hypervisor", .enabled(if: Lscpu.executable != nil))
  func liveLscpu() throws {
    let lscpu = try Lscpu.summary(root: nil)
    let cpu = CPUProbe(context: ProbeContext(root: SystemRoot())).probe()
    LscpuComparison.identity(lscpu, cpu, lscpuKnowsAllFields: true)
  }

  static let loader = ["/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-x86-64.so.2"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test("this machine: the x86-64 level glibc's ld.so --help marks supported", .enabled(if: loader != nil))
  func liveLevel() throws {
    let run = try ChildProcess.run(Self.loader!, ["--help"], environment: ["LC_ALL": "C"])
    let text = String(decoding: run.output, as: UTF8.self)
    let supported = text.split(separator: "\n").compactMap { line -> String? in
      let words = line.split(separator: " ")
      guard let name = words.first, name.hasPrefix("x86-64-v"), line.contains("supported") else { return nil }
      return String(name)
    }
    let cpu = CPUProbe(context: ProbeContext(root: SystemRoot())).probe()
    #expect(cpu.level == supported.max())
  }
}
