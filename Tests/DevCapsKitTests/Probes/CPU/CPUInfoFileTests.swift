import Testing
@testable import DevCapsKit

@Suite("/proc/cpuinfo")
struct CPUInfoFileTests {
  @Test("x86: model name, cores and packages from physical and core ids")
  func x86() {
    var text = ""
    for (cpu, core) in [(0, 0), (1, 1), (2, 0), (3, 1)] {
      text += "processor\t: \(cpu)\nmodel name\t: Intel(R) Core(TM) i5\ncpu MHz\t\t: 1197.803\nphysical id\t: 0\ncore id\t\t: \(core)\nflags\t\t: fpu hypervisor\n\n"
    }
    let info = CPUInfoFile(text: text)
    #expect(info.processors.count == 4)
    #expect(info.modelNames == ["Intel(R) Core(TM) i5"])
    #expect(info.topology?.cores == 2)
    #expect(info.topology?.packages == 1)
    #expect(info.firstProcessorHz == 1_197_803_000)
    #expect(info.firstProcessorFlags.contains("hypervisor"))
  }

  @Test("ARM big.LITTLE: parts decoded as lscpu does, machine block kept apart")
  func armHeterogeneous() {
    let text = """
      processor\t: 0
      CPU implementer\t: 0x41
      CPU part\t: 0xd05

      processor\t: 1
      CPU implementer\t: 0x41
      CPU part\t: 0xd0b

      processor\t: 2
      CPU implementer\t: 0x51
      CPU part\t: 0x801

      Hardware\t: Qualcomm
      Model\t\t: Some Phone
      """
    let info = CPUInfoFile(text: text)
    #expect(info.processors.count == 3)
    #expect(info.modelNames == ["Cortex-A55", "Cortex-A76", "ARM implementer 0x51 part 0x801"])
    #expect(info.machine["Model"] == "Some Phone")
    #expect(info.topology == nil)
  }

  @Test("empty and garbage files give nothing, not a crash", arguments: ["", "\n\n\n", "garbage", ":::", "processor : x\n"])
  func garbage(text: String) {
    let info = CPUInfoFile(text: text)
    #expect(info.modelNames.isEmpty)
    #expect(info.firstProcessorHz == nil)
  }

  @Test(
    "regression: cpu MHz of inf, 1e300, nan, -1 or 0 gives no frequency instead of trapping in Int64(Double)",
    arguments: ["inf", "-inf", "infinity", "1e300", "1e10", "nan", "-nan", "-1", "-5", "0", "0.0", "-0", "0x1p70", ""])
  func regressionNonFiniteMegahertz(text: String) throws {
    let cpuinfo = "processor\t: 0\nmodel name\t: Intel(R) Core(TM) i5\ncpu MHz\t\t: \(text)\n"
    #expect(CPUInfoFile(text: cpuinfo).firstProcessorHz == nil)
    let root = try TemporaryRoot(["/proc/cpuinfo": cpuinfo])
    let context = root.context
    let cpu = CPUProbe(context: context).probe()
    #expect(cpu.frequency.currentHz == nil)
    #expect(cpu.model == "Intel(R) Core(TM) i5")
    #expect(context.diagnostics.entries.map(\.path) == (Double(text) == 0 ? [] : ["/proc/cpuinfo"]))
  }

  @Test("cpu MHz within range converts, rounded to the Hz", arguments: [
    ("1197.803", 1_197_803_000), ("0.000001", 1), ("1000000000", 1_000_000_000_000_000), ("5200", 5_200_000_000),
  ] as [(String, Int64)])
  func megahertz(text: String, hertz: Int64) {
    #expect(CPUInfoFile.hertz(megahertz: text) == hertz)
  }

  @Test("regression: cpufreq values whose Hz overflow Int64, or negative ones, are reported, not multiplied",
    arguments: ["9223372036854775807", "9223372036854776", "-1200000"])
  func regressionFrequencyOverflow(kilohertz: String) throws {
    let root = try TemporaryRoot([
      "/sys/devices/system/cpu/online": "0\n",
      "/sys/devices/system/cpu/cpufreq/policy0/cpuinfo_max_freq": kilohertz + "\n",
      "/sys/devices/system/cpu/cpufreq/policy0/cpuinfo_min_freq": kilohertz + "\n",
      "/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq": kilohertz + "\n",
    ])
    let context = root.context
    let cpu = CPUProbe(context: context).probe()
    #expect(cpu.frequency == CPUFrequency())
    #expect(context.diagnostics.entries.count == 3)
  }

  @Test("the CPU probe reads online CPUs, sysfs topology and cpufreq policies")
  func probe() throws {
    let root = try TemporaryRoot([
      "/proc/cpuinfo": "processor\t: 0\nCPU implementer\t: 0x41\nCPU part\t: 0xd03\n\nprocessor\t: 1\nCPU implementer\t: 0x41\nCPU part\t: 0xd03\n",
      "/sys/devices/system/cpu/online": "0-1\n",
      "/sys/devices/system/cpu/cpu0/topology/physical_package_id": "0\n",
      "/sys/devices/system/cpu/cpu0/topology/core_id": "0\n",
      "/sys/devices/system/cpu/cpu1/topology/physical_package_id": "0\n",
      "/sys/devices/system/cpu/cpu1/topology/core_id": "1\n",
      "/sys/devices/system/cpu/cpufreq/policy0/cpuinfo_max_freq": "1152000\n",
      "/sys/devices/system/cpu/cpufreq/policy0/cpuinfo_min_freq": "648000\n",
      "/sys/devices/system/cpu/cpufreq/policy1/cpuinfo_max_freq": "1800000\n",
      "/sys/devices/system/cpu/cpufreq/policy1/cpuinfo_min_freq": "300000\n",
      "/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq": "816000\n",
    ])
    let cpu = CPUProbe(context: root.context).probe()
    #expect(cpu == CPUInfo(model: "Cortex-A53", logicalCores: 2, physicalCores: 2, packages: 1,
      frequency: CPUFrequency(currentHz: 816_000_000, minHz: 300_000_000, maxHz: 1_800_000_000)))
  }
}
