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
