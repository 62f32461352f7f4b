import Foundation
import Testing

@testable import DevCapsKit

@Suite("/proc/cpuinfo")
struct CPUInfoFileTests {
  @Test("x86: model name, cores and packages from physical and core ids")
  func x86() {
    var text = ""
    for (cpu, core) in [(0, 0), (1, 1), (2, 0), (3, 1)] {
      text +=
        "processor\t: \(cpu)\nmodel name\t: Intel(R) Core(TM) i5\ncpu MHz\t\t: 1197.803\nphysical id\t: 0\ncore id\t\t: \(core)\nflags\t\t: fpu hypervisor\n\n"
    }
    let info = CPUInfoFile(text: text)
    #expect(info.processors.count == 4)
    #expect(info.modelNames == ["Intel(R) Core(TM) i5"])
    #expect(info.topology?.cores == 2)
    #expect(info.topology?.packages == 1)
    #expect(info.firstProcessorHz == 1_197_803_000)
    #expect(info.firstProcessorHas(flag: "hypervisor"))
    #expect(!info.firstProcessorHas(flag: "hyper"))
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
    #expect(info.modelNames == ["Cortex-A55", "Cortex-A76", "Kryo-V2"])
    #expect(info.machine["Model"] == "Some Phone")
    #expect(info.topology == nil)
  }

  @Test(
    "ARM parts lscpu cannot name have no name: ARMv7's model name stands in, else nothing",
    arguments: [
      ("0x41", "0xfff", nil, nil),  // ARM, unknown part
      ("0x51", "0x001", nil, nil),  // Qualcomm, unknown part
      ("0x99", "0xd03", nil, nil),  // unknown implementer
      ("0x41", "0xd03", "ARMv8 Processor rev 4 (v8l)", "Cortex-A53"),  // aarch32 kernel on a Cortex-A53
      ("0x41", "0xzz", "ARMv7 Processor rev 5 (v7l)", "ARMv7 Processor rev 5 (v7l)"),
      ("65", "3331", nil, nil),  // not the kernel's 0x form
      ("0x", "0x", nil, nil),
      ("0x4100000000000000000041", "0xd03", nil, nil),
      ("-0x41", "0xd03", nil, nil),
    ] as [(String, String, String?, String?)])
  func armUnknownParts(implementer: String, part: String, modelName: String?, expected: String?) {
    var text = "processor\t: 0\n"
    if let modelName { text += "model name\t: \(modelName)\n" }
    text += "CPU implementer\t: \(implementer)\nCPU part\t: \(part)\n"
    #expect(CPUInfoFile(text: text).modelNames == (expected.map { [$0] } ?? []))
  }

  @Test("names from each architecture's field, as lscpu's patterns read them")
  func namesPerArchitecture() {
    #expect(
      CPUInfoFile(text: "processor\t: 0\ncpu\t\t: POWER9, altivec supported\n\nmodel\t: 9006-22P\n").modelNames
        == ["POWER9, altivec supported"])
    #expect(
      CPUInfoFile(text: "cpu\t\t: UltraSparc T4 (Niagara4)\ntype\t\t: sun4v\n").modelNames == [
        "UltraSparc T4 (Niagara4)"
      ])
    #expect(CPUInfoFile(text: "processor\t\t: 0\nModel Name\t\t: Loongson-3A5000\n").modelNames == ["Loongson-3A5000"])
    #expect(
      CPUInfoFile(text: "processor\t: 0\nhart\t\t: 1\nuarch\t\t: sifive,u74-mc\n").modelNames == ["sifive,u74-mc"])
    #expect(
      CPUInfoFile(text: "processor\t: 0\nhart\t\t: 0\nisa\t\t: rv64imafdc\nmvendorid\t: 0x0\n").modelNames.isEmpty)
    #expect(
      CPUInfoFile(text: "processor\t\t: 0\ncpu model\t\t: MIPS 1004Kc V2.15\n").modelNames == ["MIPS 1004Kc V2.15"])
    #expect(CPUInfoFile(text: "vendor_id       : IBM/S390\n\ncpu number      : 0\n").modelNames.isEmpty)
    #expect(CPUInfoFile(text: "processor\t: 0\nmodel name\t: -\n").modelNames.isEmpty)
  }

  @Test("s390: a `cpu number` record per CPU, the header and `processor N:` lines describe the machine")
  func s390Records() {
    let text = """
      vendor_id       : IBM/S390
      # processors    : 2
      processor 0: version = FF,  identification = 0D8B28,  machine = 8561
      processor 1: version = FF,  identification = 0D8B28,  machine = 8561

      cpu number      : 0
      physical id     : 1
      core id         : 0
      cpu MHz dynamic : 5200

      cpu number      : 1
      physical id     : 2
      core id         : 1
      cpu MHz dynamic : 5200
      """
    let info = CPUInfoFile(text: text)
    #expect(info.processors.count == 2)
    #expect(info.machine["vendor_id"] == "IBM/S390")
    #expect(info.topology?.cores == 2)
    #expect(info.topology?.packages == 2)
    #expect(info.firstProcessorHz == 5_200_000_000)
  }

  @Test("arm64 before Linux 3.19: bare `processor` lines, then one description for all")
  func arm64BeforeThreeNineteen() {
    let text = """
      Processor\t: AArch64 Processor rev 4 (aarch64)
      processor\t: 0
      processor\t: 1
      Features\t: fp asimd evtstrm crc32
      CPU implementer\t: 0x41
      CPU part\t: 0xd03

      Hardware\t: ODROID-C2
      """
    let info = CPUInfoFile(text: text)
    #expect(info.processors.count == 2)
    #expect(info.modelNames == ["Cortex-A53"])
    #expect(info.machine["Hardware"] == "ODROID-C2")
  }

  @Test(
    "empty and garbage files give nothing, not a crash", arguments: ["", "\n\n\n", "garbage", ":::", "processor : x\n"])
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

  @Test(
    "cpu MHz within range converts, rounded to the Hz",
    arguments: [
      ("1197.803", 1_197_803_000), ("0.000001", 1), ("1000000000", 1_000_000_000_000_000), ("5200", 5_200_000_000),
    ] as [(String, Int64)])
  func megahertz(text: String, hertz: Int64) {
    #expect(CPUInfoFile.hertz(megahertz: text) == hertz)
  }

  @Test(
    "regression: cpufreq values whose Hz overflow Int64, or negative ones, are reported, not multiplied",
    arguments: ["9223372036854775807", "9223372036854776", "-1200000"])
  func regressionFrequencyOverflow(kilohertz: String) throws {
    let root = try TemporaryRoot([
      "/sys/devices/system/cpu/online": "0\n",
      "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq": kilohertz + "\n",
      "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_min_freq": kilohertz + "\n",
      "/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq": kilohertz + "\n",
    ])
    let context = root.context
    let cpu = CPUProbe(context: context).probe()
    #expect(cpu.frequency == CPUFrequency())
    #expect(context.diagnostics.entries.count == 3)
  }

  @Test("the largest kHz that still fits in Int64 Hz is kept")
  func largestFrequency() throws {
    let root = try TemporaryRoot([
      "/sys/devices/system/cpu/online": "0\n",
      "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq": "9223372036854775\n",
    ])
    #expect(CPUProbe(context: root.context).probe().frequency.maxHz == 9_223_372_036_854_775_000)
  }

  @Test("sysfs topology: sibling lists win over IDs that repeat across clusters; malformed lists are reported")
  func siblingLists() throws {
    var files = ["/sys/devices/system/cpu/online": "0-3\n"]
    for cpu in 0..<4 {
      let base = "/sys/devices/system/cpu/cpu\(cpu)/topology/"
      files[base + "physical_package_id"] = "0\n"
      files[base + "core_id"] = "\(cpu % 2)\n"  // two clusters of two, core_id counted per cluster
      files[base + "core_cpus_list"] = "\(cpu)\n"
      files[base + "package_cpus_list"] = "0-3\n"
    }
    files["/sys/devices/system/cpu/cpu3/topology/core_cpus_list"] = "3-x\n"
    let root = try TemporaryRoot(files)
    let context = root.context
    let cpu = CPUProbe(context: context).probe()
    #expect(cpu.physicalCores == 3)
    #expect(cpu.packages == 1)
    #expect(context.diagnostics.entries.map(\.path) == ["/sys/devices/system/cpu/cpu3/topology/core_cpus_list"])
  }

  @Test("without an online list, the cpuN directories are the CPUs")
  func withoutOnlineList() throws {
    let root = try TemporaryRoot([
      "/sys/devices/system/cpu/cpu0/topology/thread_siblings_list": "0-1\n",
      "/sys/devices/system/cpu/cpu0/topology/core_siblings_list": "0-1\n",
      "/sys/devices/system/cpu/cpu1/topology/thread_siblings_list": "0-1\n",
      "/sys/devices/system/cpu/cpu1/topology/core_siblings_list": "0-1\n",
      "/sys/devices/system/cpu/cpufreq/policy0/cpuinfo_max_freq": "2000000\n",
      "/sys/devices/system/cpu/cpuidle/current_driver": "none\n",
    ])
    let cpu = CPUProbe(context: root.context).probe()
    #expect(cpu.logicalCores == nil)
    #expect(cpu.physicalCores == 1)
    #expect(cpu.frequency.maxHz == 2_000_000_000)
  }

  @Test("the CPU probe reads online CPUs, sysfs topology and cpufreq policies")
  func probe() throws {
    let root = try TemporaryRoot([
      "/proc/cpuinfo":
        "processor\t: 0\nCPU implementer\t: 0x41\nCPU part\t: 0xd03\n\nprocessor\t: 1\nCPU implementer\t: 0x41\nCPU part\t: 0xd03\n",
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
    #expect(
      cpu
        == CPUInfo(
          model: "Cortex-A53", logicalCores: 2, physicalCores: 2, packages: 1,
          frequency: CPUFrequency(currentHz: 816_000_000, minHz: 300_000_000, maxHz: 1_800_000_000), vendor: "ARM"))
  }
}

/// The parse of plain text (in its bytes) against the parse by Character, on every fixture's
/// /proc/cpuinfo and on lines that put the splitting and trimming to the test.
@Suite("/proc/cpuinfo in its bytes")
struct CPUInfoFilePlainTests {
  static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static var fixtureFiles: [String] {
    let cpu = tests.appendingPathComponent("DevCapsKitTests/Fixtures/cpu")
    let machines = tests.appendingPathComponent("devcapsEndToEndTests/Fixtures/machines")
    let names = { (directory: URL) in
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }
    return names(cpu).map { cpu.appendingPathComponent("\($0)/proc/cpuinfo").path }
      + names(machines).map { machines.appendingPathComponent("\($0)/root/proc/cpuinfo").path }
  }

  @Test("every fixture's file reads the same in bytes and by Character")
  func fixtures() throws {
    let files = CPUInfoFilePlainTests.fixtureFiles.filter { FileManager.default.fileExists(atPath: $0) }
    #expect(files.count >= 15)
    for file in files {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      let plain = try #require(CPUInfoFile.plainRecords(text), "\(file) is not plain text")
      #expect(plain == CPUInfoFile.characterRecords(text), "\(file)")
    }
  }

  @Test(
    "blank lines, spaces, NULs, empty keys and colons in values read the same",
    arguments: [
      "processor\t: 0\nflags\t\t: fpu vme \n \t\nprocessor : 1\nflags: fpu\n",
      "vendor_id : IBM/S390\n\0\ncpu number : 0\n: no key\nkey only :\n  spaced key  :  a : b  \n",
      "processor: 0\nno colon here\nmodel name: x\n\nmachine: y\nmachine: z\n",
      "\n\n\nprocessor\t: 0\n\0processor\t: 1\n",
      "",
      ":",
      "a:b\nprocessor:0\na:c\n   \na:d",
    ])
  func tricky(text: String) throws {
    let plain = try #require(CPUInfoFile.plainRecords(text))
    #expect(plain == CPUInfoFile.characterRecords(text))
  }

  @Test("a key repeated in a processor's record or in the machine's lines keeps its first value")
  func firstValueWins() throws {
    let text = "machine: y\nmachine: z\nprocessor: 0\nflags: fpu\nflags: vme\n\nmachine: w\n"
    for records in [try #require(CPUInfoFile.plainRecords(text)), CPUInfoFile.characterRecords(text)] {
      #expect(records.machine == ["machine": "y"])
      #expect(records.processors == [["processor": "0", "flags": "fpu"]])
    }
  }

  @Test("text with a carriage return or beyond ASCII takes the Character path")
  func notPlain() {
    #expect(CPUInfoFile.plainRecords("processor\t: 0\r\nmodel name\t: x\r\n") == nil)
    #expect(CPUInfoFile.plainRecords("processor\t: 0\nmodel name\t: Cortex™\n") == nil)
    // By Character, "\r\n" is one Character and no line feed: the file is one line.
    let crlf = "processor\t: 0\r\nmodel name\t: x\r\n"
    #expect(CPUInfoFile(text: crlf).processors == CPUInfoFile.characterRecords(crlf).processors)
    #expect(CPUInfoFile(text: crlf).processors.count == 1)
  }

  @Test("a flags line splits and sorts the same in bytes and by Character")
  func flags() throws {
    for file in CPUInfoFilePlainTests.fixtureFiles where FileManager.default.fileExists(atPath: file) {
      let info = CPUInfoFile(text: try String(contentsOfFile: file, encoding: .utf8))
      for record in info.processors + [info.machine] {
        for key in CPUFeatures.keys {
          guard let line = record[key] else { continue }
          #expect(
            CPUFeatures.sortedUniqueWords(line, key: key) == CPUFeatures.sortedUnique(CPUFeatures.words(line)),
            "\(file): \(key)")
        }
      }
    }
  }
}
