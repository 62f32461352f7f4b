import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `devcaps list --json` on the machine running the tests agrees field by field with the kernel's
/// own answers, read here independently.
@Suite("devcaps list on this machine")
struct LiveMachineTests {
  let report: ReportJSON
  let rawOutput: String

  init() throws {
    let result = try DevCapsProcess.run(["list", "--json"])
    rawOutput = result.stdout
    report = try ReportJSON(result)
  }

  func meminfo(_ key: String) throws -> Int {
    let text = try String(contentsOfFile: "/proc/meminfo", encoding: .utf8)
    let line = text.split(separator: "\n").first { $0.hasPrefix(key + ":") }!
    return Int(line.split(separator: " ")[1])! * 1024
  }

  @Test("validates against the schema")
  func schema() throws {
    #expect(try SchemaValidator.problems(in: [rawOutput], schema: "report.schema.json") == [])
  }

  @Test("memory agrees with /proc/meminfo")
  func memory() throws {
    #expect(report["memory.totalBytes"] as? Int == (try meminfo("MemTotal")))
    #expect(report["memory.swapTotalBytes"] as? Int == (try meminfo("SwapTotal")))
  }

  @Test("kernel and architecture agree with uname(2)")
  func uname() throws {
    var names = utsname()
    Glibc.uname(&names)
    let release = withUnsafeBytes(of: names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let machine = withUnsafeBytes(of: names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    #expect(report["system.kernel"] as? String == release)
    #expect(report["device.architecture"] as? String == machine)
  }

  @Test("OS name agrees with /etc/os-release")
  func osRelease() throws {
    let text = try String(contentsOfFile: "/etc/os-release", encoding: .utf8)
    let line = text.split(separator: "\n").first { $0.hasPrefix("NAME=") }!
    #expect(
      report["system.name"] as? String == line.dropFirst(5).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
  }

  @Test("/ agrees with statvfs")
  func rootDisk() throws {
    var stats = statvfs()
    #expect(statvfs("/", &stats) == 0)
    let disk = report.disks.first!
    #expect(disk["path"] as? String == "/")
    #expect(disk["totalBytes"] as? Int == Int(stats.f_blocks) * Int(stats.f_frsize))
  }

  /// `df --output=pcent PATH`: the Use% column, e.g. 16.
  static func dfPercent(_ path: String) throws -> Int? {
    let text = try ChildProcess.run(
      "/usr/bin/df", ["--output=pcent", path], environment: ["LC_ALL": "C", "PATH": "/usr/bin:/bin"]
    )
    .outputText
    // "Use%\n 16%\n"
    let value = text.split(separator: "\n").last?.trimmingCharacters(in: .whitespaces)
    return value.flatMap { $0.hasSuffix("%") ? Int($0.dropLast()) : nil }
  }

  @Test("/'s % used in the readable report is df's Use%")
  func rootDiskPercent() throws {
    // Other processes write to this disk meanwhile: df before and after bound what devcaps saw.
    let before = try #require(try Self.dfPercent("/"))
    let result = try DevCapsProcess.run(["list", "--only", "disks"])
    let after = try #require(try Self.dfPercent("/"))
    let lines = result.stdout.split(separator: "\n")
    let root = try #require(lines.firstIndex { $0.hasPrefix("  / ") }, "\(result.stdout)")
    let available = try #require(lines[root...].first { $0.hasPrefix("    writable") }, "\(result.stdout)")
    let match = try #require(available.firstMatch(of: /\((\d+) % used\)$/), "\(available)")
    let shown = try #require(Int(match.1))
    #expect(
      (min(before, after)...max(before, after)).contains(shown), "devcaps \(shown) %, df \(before) % then \(after) %")
  }

  @Test("logical cores agree with sysconf")
  func cores() {
    #expect(report["cpu.logicalCores"] as? Int == sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }

  @Test("DMI model agrees with /sys/class/dmi/id, where the machine has DMI")
  func dmi() throws {
    guard let product = try? String(contentsOfFile: "/sys/class/dmi/id/product_name", encoding: .utf8) else {
      #expect(
        report["device.platform"] == nil || report["device.platform"] is NSNull || report["device.platform"] is String)
      return
    }
    #expect(report["device.platform"] as? String == product.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
