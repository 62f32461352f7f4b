import Foundation
import Testing
@testable import DevCapsKit

/// Where the installed lscpu (Debian 12: util-linux 2.38.1) falls short of current util-linux on
/// a fixture. The lscpu test accepts these shortfalls, and only these; devcaps follows current
/// util-linux. See Fixtures/cpu/README.md.
enum LscpuShortfall: Sendable {
  /// lscpu before 2.39 does not read LoongArch's `Model Name`, and 2.38 not RISC-V's `uarch`
  /// either: it prints `-`, or no model line at all.
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
    CPUFrequency(currentHz: currentMHz.map { $0 * 1_000_000 }, minHz: minMHz.map { $0 * 1_000_000 },
      maxHz: maxMHz.map { $0 * 1_000_000 })
  }

  static let all: [CPUFixture] = [
    CPUFixture(name: "x86-xeon-2s", expected: CPUInfo(
      model: "Intel(R) Xeon(R) CPU E5-2623 v4 @ 2.60GHz", logicalCores: 16, physicalCores: 8, packages: 2,
      frequency: frequency(2600, 1200, 3200))),
    CPUFixture(name: "x86-offline", expected: CPUInfo(
      model: "Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz", logicalCores: 6, physicalCores: 4, packages: 1,
      frequency: frequency(2100, 400, 4200)), lscpuShortfalls: [.unreadableFrequencyAsZero]),
    CPUFixture(name: "armv7-cortex-a7", expected: CPUInfo(
      model: "Cortex-A7", logicalCores: 4, physicalCores: 4, packages: 1, frequency: frequency(1008, 480, 1368))),
    CPUFixture(name: "arm64-big-little", expected: CPUInfo(
      model: "Cortex-A55 + Cortex-A76", logicalCores: 8, physicalCores: 8, packages: 1,
      frequency: frequency(1800, 408, 2400))),
    CPUFixture(name: "arm64-no-policy", expected: CPUInfo(
      model: "Cortex-A53", logicalCores: 4, physicalCores: 4, packages: 1, frequency: frequency(1536, 100, 1536))),
    CPUFixture(name: "ppc64le-power9-smt4", expected: CPUInfo(
      model: "POWER9, altivec supported", logicalCores: 16, physicalCores: 4, packages: 1,
      frequency: frequency(3200, 2166, 3800))),
    CPUFixture(name: "s390x-zvm", expected: CPUInfo(
      model: nil, logicalCores: 2, physicalCores: 2, packages: 2, frequency: frequency(5200, nil, nil))),
    CPUFixture(name: "sparc64-t4", expected: CPUInfo(
      model: "UltraSparc T4 (Niagara4)", logicalCores: 8, physicalCores: 1, packages: 1,
      frequency: frequency(nil, nil, nil))),
    CPUFixture(name: "loongarch-3a5000", expected: CPUInfo(
      model: "Loongson-3A5000", logicalCores: 4, physicalCores: 4, packages: 1, frequency: frequency(2500, nil, nil)),
      lscpuShortfalls: [.modelFieldUnknown]),
    CPUFixture(name: "riscv64-uarch", expected: CPUInfo(
      model: "sifive,u74-mc", logicalCores: 4, physicalCores: 4, packages: 1, frequency: frequency(1500, 375, 1500)),
      lscpuShortfalls: [.modelFieldUnknown, .noCPUType]),
    CPUFixture(name: "riscv64-no-uarch", expected: CPUInfo(
      model: nil, logicalCores: 4, physicalCores: 4, packages: 1, frequency: frequency(nil, nil, nil)),
      lscpuShortfalls: [.noCPUType]),
  ]
}

@Suite("CPU fixtures of every architecture")
struct CPUFixtureTests {
  @Test("devcaps reports each machine's cpu section without diagnostics", arguments: CPUFixture.all)
  func probe(fixture: CPUFixture) {
    let context = ProbeContext(root: SystemRoot(fixture.root))
    #expect(CPUProbe(context: context).probe() == fixture.expected)
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
