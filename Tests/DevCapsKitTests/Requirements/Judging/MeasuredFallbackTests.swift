import Testing

@testable import DevCapsKit

/// What a measured key falls back on where the first source is missing, as on most CI VMs.
@Suite("Measured keys on VMs")
struct MeasuredFallbackTests {
  func evaluate(_ manifest: String, _ files: [String: String]) throws -> RequirementResult {
    let root = try TemporaryRoot(files)
    let parsed = try Manifest.parse(Array(manifest.utf8))
    return RequirementEvaluator(context: root.context).evaluate(parsed)[0]
  }

  static let debian = [
    "/etc/os-release": "NAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nVERSION=\"12 (bookworm)\"\nID=debian\n",
    "/etc/debian_version": "12.11\n",
  ]

  @Test("os-version compares the point release numerically: 12.11 >= 12.5, not 12 or 12.11 < 12.5 as text")
  func pointRelease() throws {
    let met = try evaluate(#"{"os-version": ">= 12.5"}"#, Self.debian)
    #expect(met.satisfied)
    #expect(met.actual == .string("12.11"))
    #expect(met.finding == .version("12.11", source: "/etc/debian_version"))
    #expect(!(try evaluate(#"{"os-version": ">= 12.12"}"#, Self.debian)).satisfied)
  }

  @Test("a saved report without fullVersion is judged on VERSION_ID")
  func oldReport() throws {
    var report = Report(sections: [.system])
    report.system = SystemInfo(version: "12")
    let result = RequirementEvaluator(report: report).evaluate(
      try Manifest.parse(Array(#"{"os-version": ">= 12.5"}"#.utf8)))[0]
    #expect(!result.satisfied)
    #expect(result.finding == .version("12", source: nil))
  }

  /// A KVM guest's /proc/cpuinfo (Debian 12, Linux 6.1): no cpufreq directory at all.
  static let guest = [
    "/proc/cpuinfo":
      "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU E5-2690 v4 @ 2.60GHz\ncpu MHz\t\t: 2599.998\n\n"
  ]

  @Test("cpu-frequency without cpufreq takes /proc/cpuinfo's clock and says so")
  func cpuinfoClock() throws {
    let result = try evaluate(#"{"cpu-frequency": ">= 2 GHz"}"#, Self.guest)
    #expect(result.satisfied)
    #expect(result.actual == .integer(2_599_998_000))
    #expect(result.finding == .hertz(2_599_998_000, source: "current clock; no cpufreq maximum"))
  }

  @Test("cpu-frequency prefers cpufreq's maximum, with no source named")
  func cpufreqMaximum() throws {
    var files = Self.guest
    files["/sys/devices/system/cpu/online"] = "0\n"
    files["/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"] = "3500000\n"
    let result = try evaluate(#"{"cpu-frequency": ">= 3 GHz"}"#, files)
    #expect(result.satisfied)
    #expect(result.finding == .hertz(3_500_000_000, source: nil))
  }

  @Test("cpu-frequency with none of cpufreq, cpuinfo's clock and SMBIOS is unknown, naming all three")
  func neither() throws {
    let result = try evaluate(#"{"cpu-frequency": ">= 2 GHz"}"#, [:])
    #expect(!result.satisfied)
    #expect(
      result.finding == .unknown("no cpufreq cpuinfo_max_freq, no clock in /proc/cpuinfo and no SMBIOS Max Speed"))
  }
}

@Suite("CPU features and level")
struct CPUFeatureRequirementTests {
  static let haswell = [
    "/proc/cpuinfo":
      "processor\t: 0\nvendor_id\t: GenuineIntel\nflags\t\t: fpu cx8 cmov mmx fxsr sse sse2 syscall lm pni ssse3 cx16 sse4_1 sse4_2 popcnt lahf_lm movbe xsave avx f16c fma abm bmi1 avx2 bmi2 sha_ni\n\n"
  ]

  func evaluate(_ manifest: String, _ files: [String: String] = haswell) throws -> RequirementResult {
    let root = try TemporaryRoot(files)
    return RequirementEvaluator(context: root.context).evaluate(try Manifest.parse(Array(manifest.utf8)))[0]
  }

  @Test("every feature present, by the kernel's name or a common one")
  func present() throws {
    let result = try evaluate(#"{"cpu-features": ["avx2", "sse3", "LZCNT", "sse4.2"]}"#)
    #expect(result.satisfied)
    #expect(result.actual == .strings(["avx2", "sse3", "LZCNT", "sse4.2"]))
  }

  @Test("a missing feature is named, with the kernel's name it is close to")
  func missing() throws {
    let result = try evaluate(#"{"cpu-features": ["avx2", "avx-512f", "sha-ni", "sve"]}"#)
    #expect(!result.satisfied)
    #expect(
      result.finding
        == .missingFeatures(["avx-512f (did you mean 'avx512f'?)", "sha-ni (did you mean 'sha_ni'?)", "sve"]))
    #expect(result.actual == .strings(["avx2"]))
  }

  @Test("no feature line is unknown, not absent")
  func noFlags() throws {
    let result = try evaluate(#"{"cpu-features": ["avx2"]}"#, ["/proc/cpuinfo": "processor\t: 0\n"])
    #expect(result.finding == .unknown("/proc/cpuinfo lists no CPU features"))
  }

  @Test(
    "cpu-level compares the level's number",
    arguments: [
      (">= x86-64-v3", true), ("> x86-64-v3", false), ("== x86-64-v3", true), ("< x86-64-v4", true),
      (">= x86-64-v4", false),
    ])
  func level(constraint: String, holds: Bool) throws {
    let result = try evaluate(#"{"cpu-level": "\#(constraint)"}"#)
    #expect(result.satisfied == holds)
    #expect(result.actual == .string("x86-64-v3"))
  }

  @Test("cpu-level off x86-64 is unmet, saying why")
  func notX86() throws {
    let result = try evaluate(
      #"{"cpu-level": ">= x86-64-v1"}"#, ["/proc/cpuinfo": "processor\t: 0\nFeatures\t: fp asimd\n\n"])
    #expect(!result.satisfied)
    #expect(result.finding == .unknown("not an x86-64 CPU"))
  }
}
