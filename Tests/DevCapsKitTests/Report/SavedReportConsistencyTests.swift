import Testing

@testable import DevCapsKit

/// Every pair `SavedReport` checks before a report is judged: the part at most its whole, the
/// uptime not negative, levels within 0…1. Each case breaks one pair of a consistent report.
@Suite("Saved reports: impossible values")
struct SavedReportConsistencyTests {
  static func consistent() -> Report {
    var report = Report(sections: [.system, .cpu, .memory, .disks, .power])
    report.system = SystemInfo(uptimeSeconds: 12.5)
    report.cpu = CPUInfo(
      logicalCores: 8, availableCores: 2, physicalCores: 4, packages: 1,
      frequency: CPUFrequency(minHz: 400_000_000, maxHz: 4_000_000_000), availableCoresFraction: 1.5)
    report.memory = MemoryInfo(
      totalBytes: 16 << 30, availableBytes: 8 << 30, swapTotalBytes: 4 << 30, swapFreeBytes: 4 << 30,
      limitBytes: 2 << 30, cgroupAvailableBytes: 1 << 30)
    report.disks = [DiskInfo(path: "/", totalBytes: 1000, freeBytes: 900, availableBytes: 800)]
    var power = PowerInfo(source: .upower)
    power.level = 0.5
    var battery = BatteryInfo(id: "BAT0")
    battery.level = 1
    power.batteries = [battery]
    power.peripherals = [PeripheralInfo(id: "mouse", kind: "mouse", level: 0)]
    report.power = power
    return report
  }

  @Test("a consistent report passes; so does one without the sections")
  func consistentPasses() {
    #expect(Self.consistent().impossibility == nil)
    #expect(Report(sections: []).impossibility == nil)
  }

  @Test(
    "each impossible pair is named with both values",
    arguments: [
      ("cpu.availableCores", "cpu.availableCores: 9 is more than cpu.logicalCores, 8; no machine reports that"),
      ("cpu.physicalCores", "cpu.physicalCores: 9 is more than cpu.logicalCores, 8; no machine reports that"),
      ("cpu.packages", "cpu.packages: 5 is more than cpu.physicalCores, 4; no machine reports that"),
      ("cpu.availableCoresFraction", "cpu.availableCoresFraction: -0.5 is below the least possible, 0"),
      (
        "cpu.availableCoresFraction>",
        "cpu.availableCoresFraction: 8.5 is more than cpu.logicalCores, 8.0; no machine reports that"
      ),
      (
        "cpu.frequency",
        "cpu.frequency.minHz: 5000000000 is more than cpu.frequency.maxHz, 4000000000; no machine reports that"
      ),
      (
        "memory.availableBytes",
        "memory.availableBytes: 17179869185 is more than memory.totalBytes, 17179869184; no machine reports that"
      ),
      (
        "memory.swapFreeBytes",
        "memory.swapFreeBytes: 4294967297 is more than memory.swapTotalBytes, 4294967296; no machine reports that"
      ),
      (
        "memory.limitBytes",
        "memory.limitBytes: 17179869185 is more than memory.totalBytes, 17179869184; no machine reports that"
      ),
      (
        "memory.cgroupAvailableBytes",
        "memory.cgroupAvailableBytes: 2147483649 is more than memory.limitBytes, 2147483648; no machine reports that"
      ),
      (
        "disks.availableBytes",
        "disks.0.availableBytes: 901 is more than disks.0.freeBytes, 900 ('/'); no machine reports that"
      ),
      (
        "disks.freeBytes",
        "disks.0.freeBytes: 1001 is more than disks.0.totalBytes, 1000 ('/'); no machine reports that"
      ),
      ("system.uptimeSeconds", "system.uptimeSeconds: -1.0 is below the least possible, 0"),
      ("power.level", "power.level: 1.5 is outside 0…1 (a level is a fraction: 0.5 is 50 %)"),
      ("power.batteries", "power.batteries.0.level: -0.1 is outside 0…1 (a level is a fraction: 0.5 is 50 %)"),
      ("power.peripherals", "power.peripherals.0.level: 100.0 is outside 0…1 (a level is a fraction: 0.5 is 50 %)"),
    ])
  func impossible(field: String, message: String) {
    var report = Self.consistent()
    switch field {
    case "cpu.availableCores": report.cpu?.availableCores = 9
    case "cpu.physicalCores": report.cpu?.physicalCores = 9
    case "cpu.packages": report.cpu?.packages = 5
    case "cpu.availableCoresFraction": report.cpu?.availableCoresFraction = -0.5
    case "cpu.availableCoresFraction>": report.cpu?.availableCoresFraction = 8.5
    case "cpu.frequency": report.cpu?.frequency.minHz = 5_000_000_000
    case "memory.availableBytes": report.memory?.availableBytes = (16 << 30) + 1
    case "memory.swapFreeBytes": report.memory?.swapFreeBytes = (4 << 30) + 1
    case "memory.limitBytes":
      report.memory?.limitBytes = (16 << 30) + 1
      report.memory?.cgroupAvailableBytes = nil
    case "memory.cgroupAvailableBytes": report.memory?.cgroupAvailableBytes = (2 << 30) + 1
    case "disks.availableBytes": report.disks?[0].availableBytes = 901
    case "disks.freeBytes": report.disks?[0].freeBytes = 1001
    case "system.uptimeSeconds": report.system?.uptimeSeconds = -1
    case "power.level": report.power?.level = 1.5
    case "power.batteries": report.power?.batteries[0].level = -0.1
    case "power.peripherals": report.power?.peripherals[0].level = 100
    default: Issue.record("unknown case \(field)")
    }
    #expect(report.impossibility == message)
  }
}
