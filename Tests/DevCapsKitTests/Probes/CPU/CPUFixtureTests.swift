import Foundation
import Testing

@testable import DevCapsKit

/// Where the installed lscpu (Debian 12: util-linux 2.38.1) falls short of current util-linux on
/// a fixture. The lscpu test accepts these shortfalls, and only these; devcaps follows current
/// util-linux. See Fixtures/cpu/README.md.
enum LscpuShortfall: Sendable {
  /// lscpu before 2.39 does not read LoongArch's `Model Name`, `CPU Family` and `CPU Revision`,
  /// and 2.38 not RISC-V's `uarch` either: it prints `-`, or no such line at all.
  case modelFieldUnknown
  /// With no /proc/cpuinfo field it knows (RISC-V with 2.38), lscpu has no CPU type and prints no
  /// per-type lines: no model, cores, sockets or MHz.
  case noCPUType
  /// lscpu before 2.41 counts a present CPU whose cpufreq cannot be read (offline, its policy
  /// inactive) as 0 MHz in `CPU min MHz`.
  case unreadableFrequencyAsZero
}

/// One machine under Fixtures/cpu, with the `cpu` section devcaps must report for it.
struct CPUFixture: Sendable, CustomTestStringConvertible {
  var name: String
  var expected: CPUInfo
  var lscpuShortfalls: Set<LscpuShortfall> = []

  var testDescription: String { name }
  var root: String { CPUFixture.directory.appendingPathComponent(name).path }

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/cpu")

  static func frequency(_ currentMHz: Int64?, _ minMHz: Int64?, _ maxMHz: Int64?) -> CPUFrequency {
    CPUFrequency(
      currentHz: currentMHz.map { $0 * 1_000_000 }, minHz: minMHz.map { $0 * 1_000_000 },
      maxHz: maxMHz.map { $0 * 1_000_000 })
  }

  /// The identity devcaps reports beyond lscpu's counts: the features are compared whole with
  /// lscpu's, so only their number is written here.
  struct Identity: Sendable {
    var vendor: String?
    var family: String?
    var modelNumber: String?
    var stepping: String?
    var flagCount: Int
    var level: String?
    var caches: [CPUCache] = []
  }

  static let identities: [String: Identity] = [
    "x86-xeon-2s": Identity(
      vendor: "GenuineIntel", family: "6", modelNumber: "79", stepping: "1", flagCount: 119, level: "x86-64-v3",
      caches: [
        CPUCache(level: 1, type: "data", sizeBytes: 32768, instances: 8),
        CPUCache(level: 1, type: "instruction", sizeBytes: 32768, instances: 8),
        CPUCache(level: 2, type: "unified", sizeBytes: 262_144, instances: 8),
        CPUCache(level: 3, type: "unified", sizeBytes: 10_485_760, instances: 2),
      ]),
    "x86-offline": Identity(
      vendor: "GenuineIntel", family: "6", modelNumber: "142", stepping: "10", flagCount: 118, level: "x86-64-v3"),
    "armv7-cortex-a7": Identity(vendor: "ARM", modelNumber: "5", stepping: "r0p5", flagCount: 14),
    "arm64-big-little": Identity(
      vendor: "ARM", modelNumber: "0", stepping: "r2p0", flagCount: 16,
      caches: [
        CPUCache(level: 1, type: "data", sizeBytes: 32768, instances: 4),
        CPUCache(level: 1, type: "data", sizeBytes: 65536, instances: 4),
        CPUCache(level: 1, type: "instruction", sizeBytes: 32768, instances: 4),
        CPUCache(level: 1, type: "instruction", sizeBytes: 65536, instances: 4),
        CPUCache(level: 2, type: "unified", sizeBytes: 131_072, instances: 4),
        CPUCache(level: 2, type: "unified", sizeBytes: 524_288, instances: 4),
        CPUCache(level: 3, type: "unified", sizeBytes: 3_145_728, instances: 1),
      ]),
    "arm64-no-policy": Identity(vendor: "ARM", modelNumber: "4", stepping: "r0p4", flagCount: 4),
    "ppc64le-power9-smt4": Identity(modelNumber: "2.2 (pvr 004e 1202)", flagCount: 0),
    "s390x-zvm": Identity(
      vendor: "IBM/S390", flagCount: 20,
      caches: [
        CPUCache(level: 3, type: "unified", sizeBytes: 268_435_456, instances: 1),
        CPUCache(level: 4, type: "unified", sizeBytes: 1_006_632_960, instances: 1),
      ]),
    // sparc64's cpuN/l1_icache_size and friends, one instance per strand as lscpu counts them.
    "sparc64-t4": Identity(
      flagCount: 1,
      caches: [
        CPUCache(level: 1, type: "data", sizeBytes: 16384, instances: 8),
        CPUCache(level: 1, type: "instruction", sizeBytes: 16384, instances: 8),
        CPUCache(level: 2, type: "unified", sizeBytes: 131_072, instances: 8),
      ]),
    "loongarch-3a5000": Identity(family: "Loongson-64bit", modelNumber: "0x11", flagCount: 13),
    // i m a f d c and the eight multi-letter extensions of the JH7110's isa line.
    "riscv64-uarch": Identity(vendor: "0x489", flagCount: 14),
    "riscv64-no-uarch": Identity(vendor: "0x0", flagCount: 11),
  ]

  static let all: [CPUFixture] = [
    CPUFixture(
      name: "x86-xeon-2s",
      expected: CPUInfo(
        model: "Intel(R) Xeon(R) CPU E5-2623 v4 @ 2.60GHz", logicalCores: 16, physicalCores: 8, packages: 2,
        frequency: frequency(2600, 1200, 3200))),
    CPUFixture(
      name: "x86-offline",
      expected: CPUInfo(
        model: "Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz", logicalCores: 6, physicalCores: 4, packages: 1,
        frequency: frequency(2100, 400, 4200)), lscpuShortfalls: [.unreadableFrequencyAsZero]),
    CPUFixture(
      name: "armv7-cortex-a7",
      expected: CPUInfo(
        model: "Cortex-A7", logicalCores: 4, physicalCores: 4, packages: 1, frequency: frequency(1008, 480, 1368))),
    CPUFixture(
      name: "arm64-big-little",
      expected: CPUInfo(
        model: "Cortex-A55 + Cortex-A76", logicalCores: 8, physicalCores: 8, packages: 1,
        frequency: frequency(1800, 408, 2400))),
    CPUFixture(
      name: "arm64-no-policy",
      expected: CPUInfo(
        model: "Cortex-A53", logicalCores: 4, physicalCores: 4, packages: 1, frequency: frequency(1536, 100, 1536))),
    CPUFixture(
      name: "ppc64le-power9-smt4",
      expected: CPUInfo(
        model: "POWER9, altivec supported", logicalCores: 16, physicalCores: 4, packages: 1,
        frequency: frequency(3200, 2166, 3800))),
    CPUFixture(
      name: "s390x-zvm",
      expected: CPUInfo(
        model: nil, logicalCores: 2, physicalCores: 2, packages: 2, frequency: frequency(5200, nil, nil))),
    CPUFixture(
      name: "sparc64-t4",
      expected: CPUInfo(
        model: "UltraSparc T4 (Niagara4)", logicalCores: 8, physicalCores: 1, packages: 1,
        frequency: frequency(nil, nil, nil))),
    CPUFixture(
      name: "loongarch-3a5000",
      expected: CPUInfo(
        model: "Loongson-3A5000", logicalCores: 4, physicalCores: 4, packages: 1, frequency: frequency(2500, nil, nil)),
      lscpuShortfalls: [.modelFieldUnknown]),
    CPUFixture(
      name: "riscv64-uarch",
      expected: CPUInfo(
        model: "sifive,u74-mc", logicalCores: 4, physicalCores: 4, packages: 1, frequency: frequency(1500, 375, 1500)),
      lscpuShortfalls: [.modelFieldUnknown, .noCPUType]),
    CPUFixture(
      name: "riscv64-no-uarch",
      expected: CPUInfo(
        model: nil, logicalCores: 4, physicalCores: 4, packages: 1, frequency: frequency(nil, nil, nil)),
      lscpuShortfalls: [.noCPUType]),
  ]
}

@Suite("CPU fixtures of every architecture")
struct CPUFixtureTests {
  @Test("devcaps reports each machine's cpu section without diagnostics", arguments: CPUFixture.all)
  func probe(fixture: CPUFixture) throws {
    let context = ProbeContext(root: SystemRoot(fixture.root))
    var cpu = CPUProbe(context: context).probe()
    let identity = try #require(CPUFixture.identities[fixture.name])
    #expect(cpu.vendor == identity.vendor)
    #expect(cpu.family == identity.family)
    #expect(cpu.modelNumber == identity.modelNumber)
    #expect(cpu.stepping == identity.stepping)
    #expect(cpu.flags.count == identity.flagCount)
    #expect(cpu.flags == Array(Set(cpu.flags)).sorted())
    #expect(cpu.level == identity.level)
    #expect(cpu.caches == identity.caches)
    #expect(cpu.hypervisorVendor == nil)
    (cpu.vendor, cpu.family, cpu.modelNumber, cpu.stepping, cpu.flags, cpu.level, cpu.caches) = (
      nil, nil, nil, nil, [], nil, []
    )
    #expect(cpu == fixture.expected)
    #expect(context.diagnostics.entries.isEmpty)
  }

  @Test(
    "lscpu --sysroot agrees with devcaps on each machine", .enabled(if: Lscpu.executable != nil),
    arguments: CPUFixture.all)
  func lscpuAgrees(fixture: CPUFixture) throws {
    let lscpu = try Lscpu.summary(root: fixture.root)
    let cpu = CPUProbe(context: ProbeContext(root: SystemRoot(fixture.root))).probe()
    let shortfalls = fixture.lscpuShortfalls
    let typeless = shortfalls.contains(.noCPUType) && !lscpu.hasCPUType

    #expect(lscpu.onlineCPUs == cpu.logicalCores)

    let models = Set(cpu.model.map { $0.components(separatedBy: " + ") } ?? [])
    if !(shortfalls.contains(.modelFieldUnknown) && lscpu.modelNames.isEmpty) {
      #expect(lscpu.modelNames == models)
    }
    LscpuComparison.identity(lscpu, cpu, lscpuKnowsAllFields: !shortfalls.contains(.modelFieldUnknown) && !typeless)
    if !typeless {
      #expect(lscpu.cores == cpu.physicalCores)
      #expect(lscpu.sockets == cpu.packages)
      #expect(lscpu.maxMHz.map { Int64(($0 * 1_000_000).rounded()) } == cpu.frequency.maxHz)
      if !(shortfalls.contains(.unreadableFrequencyAsZero) && lscpu.minMHz == 0) {
        #expect(lscpu.minMHz.map { Int64(($0 * 1_000_000).rounded()) } == cpu.frequency.minHz)
      }
    }
  }
}

/// Vendor, family, model, stepping, flags, caches and hypervisor compared with lscpu's lines.
enum LscpuComparison {
  static func identity(
    _ lscpu: LscpuSummary, _ cpu: CPUInfo, lscpuKnowsAllFields: Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(lscpu.vendor == cpu.vendor || (!lscpuKnowsAllFields && lscpu.vendor == nil), sourceLocation: sourceLocation)
    #expect(lscpu.family == cpu.family || (!lscpuKnowsAllFields && lscpu.family == nil), sourceLocation: sourceLocation)
    #expect(
      lscpu.model == cpu.modelNumber || (!lscpuKnowsAllFields && lscpu.model == nil), sourceLocation: sourceLocation)
    #expect(lscpu.stepping == cpu.stepping, sourceLocation: sourceLocation)
    #expect(
      lscpu.flags == Set(cpu.flags) || (!lscpuKnowsAllFields && lscpu.flags.isEmpty), sourceLocation: sourceLocation)
    #expect(lscpu.hypervisorVendor == cpu.hypervisorVendor, sourceLocation: sourceLocation)
    var totals: [String: (bytes: Int64, instances: Int)] = [:]
    for cache in cpu.caches {
      let name = "L\(cache.level)" + (cache.type == "data" ? "d" : cache.type == "instruction" ? "i" : "") + " cache:"
      let sum = totals[name] ?? (0, 0)
      totals[name] = (sum.bytes + cache.sizeBytes * Int64(cache.instances), sum.instances + cache.instances)
    }
    #expect(Set(totals.keys) == Set(lscpu.caches.keys), sourceLocation: sourceLocation)
    for (name, printed) in lscpu.caches {
      guard let total = totals[name] else { continue }
      // lscpu prints one decimal: 2.5 MiB. Within 4 % of it is the same size; a wrong instance
      // count is off by a multiple.
      #expect(
        abs(Double(total.bytes) - printed.bytes) <= printed.bytes * 0.04, "\(name)", sourceLocation: sourceLocation)
      #expect(
        printed.instances == nil || printed.instances == total.instances, "\(name)", sourceLocation: sourceLocation)
    }
  }
}
