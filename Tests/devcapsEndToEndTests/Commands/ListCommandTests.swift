import DevCapsKit
import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `devcaps list` against umockdev testbeds of real machine shapes. Serialized: umockdev keeps
/// its testbed in the process environment.
@Suite("devcaps list", .serialized)
struct ListCommandTests {
  /// Disk sizes depend on where the testbed lives; everything else is fixed by the fixture.
  /// Every section but disks (the host's mounts), from the table: a new section is in the golden
  /// files the day it is added.
  static let everythingButDisks = ReportSection.allCases.filter { $0 != .disks }.map(\.rawValue).joined(separator: ",")

  @Test("the JSON report of each fixture machine validates and matches its golden file", arguments: FixtureMachine.all)
  func goldenJSON(machine: String) throws {
    let testbed = try FixtureMachine(name: machine).load()
    let result = try DevCapsProcess.run(["list", "--json"], environment: testbed.environment)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(try SchemaValidator.problems(in: [result.stdout], schema: "report.schema.json") == [])
    try expectDisksAgreeWithStatvfs(result, root: testbed.root)
    try Golden.check(DiskSizes.masked(result.stdout), against: "list-\(machine).json")
  }

  @Test("the human report of each fixture machine matches its golden file", arguments: FixtureMachine.all)
  func goldenText(machine: String) throws {
    let testbed = try FixtureMachine(name: machine).load()
    let result = try DevCapsProcess.run(
      ["list", "--only", ListCommandTests.everythingButDisks], environment: testbed.environment)
    #expect(result.status == 0)
    try Golden.check(result.stdout, against: "list-\(machine).txt")
  }

  @Test(
    "a report with every sensor type validates: the phone's sensors, a BME280, a BMA400 step counter, a hub's rotation")
  func everySensorTypeValidates() throws {
    let testbed = try FixtureMachine(name: "pinephone").load()
    // The Raspberry Pi device fixtures, renumbered to sit beside the phone's iio:device0…2.
    for (name, id) in [("raspberry-pi-bme280", "iio:device0"), ("raspberry-pi-bma400", "iio:device1")] {
      let url = FixtureMachine.directory.deletingLastPathComponent().appendingPathComponent("devices/\(name).umockdev")
      try testbed.addDevices(
        String(contentsOf: url, encoding: .utf8).replacingOccurrences(
          of: id, with: id.replacingOccurrences(of: "device", with: "device1")))
    }
    try testbed.addDevices(
      "P: /devices/platform/sensor-hub/HID-SENSOR-20008a.7.auto/iio:device12\nN: iio:device12\nE: SUBSYSTEM=iio\n"
        + "A: name=dev_rotation\nA: in_rot_quaternion_raw=0 0 0 10000\nA: in_rot_scale=0.0001\nA: in_rot_offset=0\n")
    let result = try DevCapsProcess.run(["list", "--json", "--only", "sensors"], environment: testbed.environment)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let schema = try JSONSerialization.jsonObject(
      with: Data(contentsOf: SchemaValidator.schemas.appendingPathComponent("report.schema.json")))
    let kinds =
      ((((schema as? [String: Any])?["$defs"] as? [String: Any])?["sensor"] as? [String: Any])?["properties"]
        as? [String: Any])
    let types = ((kinds?["type"] as? [String: Any])?["enum"] as? [String]) ?? []
    let sensors = try ReportJSON(result)["sensors"] as? [[String: Any]] ?? []
    #expect(Set(sensors.compactMap { $0["type"] as? String }) == Set(types))
    #expect(sensors.allSatisfy { ($0["reading"] as? [String: Any])?["unit"] != nil })
    #expect(try SchemaValidator.problems(in: [result.stdout], schema: "report.schema.json") == [])
  }

  @Test("a laptop: DMI model, vendor, firmware and chassis; installed RAM from every memory block, one of them offline")
  func laptop() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let report = try ReportJSON(DevCapsProcess.run(["list", "--json"], environment: testbed.environment))
    #expect(report["device.model"] as? String == "ThinkPad X1 Carbon Gen 9")
    #expect(report["device.platform"] as? String == "20XW00QGGE")
    #expect(report["device.vendor"] as? String == "LENOVO")
    #expect(report["device.chassis"] as? String == "laptop")
    #expect(report["device.chassisSource"] as? String == "dmi")
    #expect(report["device.firmware.date"] as? String == "2023-05-11")
    #expect(report["memory.installedBytes"] as? Int == 4 * 0x1_0000_0000)
    #expect(report["cpu.maxHz"] == nil)
    #expect(report["cpu.frequency.maxHz"] as? Int == 4_700_000_000)
    #expect(
      report.disks.map { $0["path"] as? String } == [
        "/", "/boot", "/boot/efi", "/run/media/ada/My Passport", "/run/media/ada/3F2A-1B2C",
        "/run/media/ada/4e5f6a7b-8c9d-4e1f-9a3b-4c5d6e7f8a9c", "/srv/backup",
      ])
  }

  @Test("--all-block-devices adds loop, ram and zram devices to storage; the report still validates")
  func allBlockDevices() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("DevCapsKitTests/Fixtures/net-block/root").path
    func names(_ arguments: [String]) throws -> [String?] {
      let result = try DevCapsProcess.run(
        ["list", "--json", "--only", "storage"] + arguments, environment: ["DEVCAPS_ROOT": root])
      #expect(result.status == 0, "stderr: \(result.stderr)")
      #expect(try SchemaValidator.problems(in: [result.stdout], schema: "report.schema.json") == [])
      let storage = try ReportJSON(result)["storage"] as? [[String: Any]] ?? []
      return storage.map { $0["name"] as? String }
    }
    #expect(try names([]) == ["mmcblk0", "nvme0n1", "sda", "sdb", "vda"])
    #expect(try names(["--all-block-devices"]) == ["loop0", "mmcblk0", "nvme0n1", "sda", "sdb", "vda", "zram0"])
  }

  @Test("a VM and a container are their own chassis")
  func virtualized() throws {
    for (machine, name, chassis) in [("qemu-vm", "qemu", "vm"), ("docker-container", "docker", "container")] {
      let testbed = try FixtureMachine(name: machine).load()
      let report = try ReportJSON(
        DevCapsProcess.run(["list", "--json", "--only", "device"], environment: testbed.environment))
      #expect(report["device.virtualization"] as? String == name)
      #expect(report["device.chassis"] as? String == chassis)
    }
  }

  @Test("an ARM phone described by its device tree")
  func armBoard() throws {
    let testbed = try FixtureMachine(name: "pinephone").load()
    let report = try ReportJSON(DevCapsProcess.run(["list", "--json"], environment: testbed.environment))
    #expect(report["device.model"] as? String == "Pine64 PinePhone (1.2)")
    #expect(report["device.platform"] as? String == "pine64,pinephone-1.2")
    #expect(report["device.chassis"] as? String == "handset")
    #expect(report["cpu.model"] as? String == "Cortex-A53")
    #expect(report["cpu.physicalCores"] as? Int == 4)
  }

  @Test("garbage in every file: exit 0, a valid report, nulls, and a warning for each")
  func brokenSysfs() throws {
    let testbed = try FixtureMachine(name: "broken-sysfs").load()
    let result = try DevCapsProcess.run(["list", "--json"], environment: testbed.environment)
    #expect(result.status == 0)
    #expect(try SchemaValidator.problems(in: [result.stdout], schema: "report.schema.json") == [])
    let report = try ReportJSON(result)
    #expect(report["memory.totalBytes"] is NSNull)
    #expect(report["memory.availableBytes"] as? Int == 1_048_576)
    #expect(report["cpu.logicalCores"] is NSNull)
    #expect(report["system.uptimeSeconds"] is NSNull)
    #expect(report["limits.maxProcesses"] is NSNull)
    #expect(report["device.chassis"] as? String == "unknown")
    #expect(report["device.vendor"] is NSNull, "a firmware placeholder is not a vendor")
    let warned = Set(report.warnings.map { $0["path"] as? String ?? "" })
    for path in [
      "/sys/class/dmi/id/chassis_type", "/sys/class/dmi/id/bios_date", "/proc/uptime", "/proc/meminfo",
      "/sys/devices/system/cpu/online", "/proc/sys/kernel/pid_max", "/proc/sys/net/core/rmem_max",
      "/sys/devices/system/memory/block_size_bytes", "/proc/self/mountinfo",
    ] {
      #expect(warned.contains(path), "no warning for \(path)")
    }
    #expect(result.stderr.contains("devcaps: warning: /proc/sys/kernel/pid_max: expected an integer, found '12abc'"))
  }

  @Test("a huge attribute is refused with a warning, not read into memory")
  func hugeAttribute() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    try testbed.write("sys/devices/virtual/dmi/id/bios_version", String(repeating: "A", count: 2 << 20))
    let report = try ReportJSON(
      DevCapsProcess.run(["list", "--json", "--only", "device"], environment: testbed.environment))
    #expect(report["device.firmware.version"] is NSNull)
    #expect(report.warnings.contains { ($0["problem"] as? String)?.hasPrefix("larger than") == true })
  }

  @Test("permission denied is a warning and a null, not a failure")
  func permissionDenied() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    try testbed.write("proc/meminfo", "MemTotal: 1 kB\n", mode: 0o000)
    chmod(testbed.root, 0o755)
    let user = getuid() == 0 ? "nobody" : nil
    let result = try DevCapsProcess.run(
      ["list", "--json", "--only", "memory"], environment: testbed.environment, user: user)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let report = try ReportJSON(result)
    #expect(report["memory.totalBytes"] is NSNull)
    #expect(
      report.warnings.contains {
        $0["path"] as? String == "/proc/meminfo" && $0["problem"] as? String == "permission denied"
      })
  }

  @Test("with only the umockdev preload (no DEVCAPS_ROOT), /sys reads come from the testbed, not the host")
  func sysThroughPreload() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    var environment = testbed.environment
    environment.removeValue(forKey: "DEVCAPS_ROOT")
    let report = try ReportJSON(
      DevCapsProcess.run(["list", "--json", "--only", "device,memory"], environment: environment))
    #expect(report["device.model"] as? String == "ThinkPad X1 Carbon Gen 9")
    // The host has its own memory blocks; the testbed's four online 4 GiB blocks must win.
    #expect(report["memory.installedBytes"] as? Int == 4 * 0x1_0000_0000)
  }

  @Test("--only reports the sections named, in report order")
  func only() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let result = try DevCapsProcess.run(["list", "--json", "--only", "memory,cpu"], environment: testbed.environment)
    #expect(result.status == 0)
    let keys = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
    #expect(keys == ["schemaVersion", "cpu", "memory", "warnings"])
  }

  @Test(
    "usage errors exit 64 with a message that helps",
    arguments: [
      (["list", "--only", "memroy"], "did you mean 'memory'?"),
      (["list", "--only", ""], "unknown section ''"),
      (["list", "--frobnicate"], "Unknown option '--frobnicate'"),
      (["lsit"], "Unexpected argument 'lsit'"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try DevCapsProcess.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("a closed stdout ends quietly with status 0")
  func closedStdout() throws {
    // Standard output is a pipe whose only read end is closed before devcaps starts.
    let devcaps = try ChildProcess(DevCapsProcess.executable.path, ["list"])
    devcaps.closeOutput()
    let run = try devcaps.collect()
    let stderr = run.errorText
    #expect(run.termination == .exited(0))
    #expect(!stderr.contains("Broken pipe"))
  }

  @Test("colour on a terminal, never with NO_COLOR or in a pipe")
  func colour() throws {
    func underTerminal(_ environment: String) throws -> String {
      let result = try DevCapsProcess.runInTerminal(
        "\(environment) '\(DevCapsProcess.executable.path)' list --only cpu")
      return result
    }
    #expect(try underTerminal("env -u NO_COLOR TERM=xterm").contains("\u{1B}["))
    #expect(!(try underTerminal("env NO_COLOR=1 TERM=xterm")).contains("\u{1B}["))
    #expect(
      !(try DevCapsProcess.run(["list", "--only", "cpu"], environment: ["NO_COLOR": ""])).stdout.contains("\u{1B}["))
  }

  func expectDisksAgreeWithStatvfs(_ result: DevCapsResult, root: String) throws {
    for disk in try ReportJSON(result).disks {
      guard let path = disk["path"] as? String, let total = disk["totalBytes"] as? Int else { continue }
      var stats = statvfs()
      #expect(statvfs(root + path, &stats) == 0)
      #expect(total == Int(stats.f_blocks) * Int(stats.f_frsize), "disk \(path)")
    }
  }
}

/// Disk sizes depend on the filesystem the testbed lives on; golden files hold a placeholder.
enum DiskSizes {
  static func masked(_ json: String) -> String {
    var inDisks = false
    return json.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      if line.hasPrefix("  \"disks\": [") { inDisks = true }
      if line.hasPrefix("  ]") { inDisks = false }
      guard inDisks, let colon = line.firstIndex(of: ":"),
        ["\"totalBytes\"", "\"freeBytes\"", "\"availableBytes\""].contains(
          line[..<colon].trimmingCharacters(in: .whitespaces)),
        !line.hasSuffix("null,") && !line.hasSuffix("null")
      else { return String(line) }
      return String(line[...colon]) + " \"<statvfs>\"" + (line.hasSuffix(",") ? "," : "")
    }.joined(separator: "\n")
  }
}

/// A parsed report with dotted-path access, for readable assertions.
struct ReportJSON {
  let root: [String: Any]

  init(_ result: DevCapsResult) throws {
    guard let object = try result.json() as? [String: Any] else {
      throw TestbedError("not a JSON object: \(result.stdout)")
    }
    root = object
  }

  subscript(path: String) -> Any? {
    var current: Any? = root
    for component in path.split(separator: ".") {
      current = (current as? [String: Any])?[String(component)]
    }
    return current
  }

  var disks: [[String: Any]] { root["disks"] as? [[String: Any]] ?? [] }
  var warnings: [[String: Any]] { root["warnings"] as? [[String: Any]] ?? [] }
}
