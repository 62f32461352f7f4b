import Foundation
import Testing

@testable import DevCapsKit

@Suite("cgroup limits, affinity and rlimits")
struct CgroupLimitTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/cgroup")

  static let fixtures: [(name: String, cores: Double, decidedBy: String, rounded: Int, limit: UInt64)] = [
    ("v2-systemd-nested", 2, "quota", 2, 4 << 30), ("v2-docker-namespace", 1.5, "quota", 2, 512 << 20),
    ("v1-docker", 0.5, "quota", 1, 256 << 20), ("hybrid", 2, "affinity", 2, 2 << 30),
  ]

  @Test("each layout's available cores (fractional, what decided it, rounded up) and memory limit", arguments: fixtures)
  func layouts(name: String, cores: Double, decidedBy: String, rounded: Int, limit: UInt64) {
    let context = ProbeContext(root: SystemRoot(Self.directory.appendingPathComponent(name).path))
    let available = CPUProbe(context: context).availableCores()
    #expect(available?.0 == cores)
    #expect(available?.1 == decidedBy)
    let cpu = CPUProbe(context: ProbeContext(root: SystemRoot(Self.directory.appendingPathComponent(name).path)))
      .probe()
    #expect(cpu.availableCores == rounded)
    #expect(cpu.availableCoresFraction == cores)
    #expect(MemoryProbe(context: context).probe().limitBytes == limit)
    let limits = LimitsProbe(context: context).probe()
    #expect(limits.processOpenFiles == ProcessLimit(soft: 1024, hard: 524_288))
    #expect(limits.processMaxProcesses == ProcessLimit(soft: 63704, hard: 63704))
    #expect(context.diagnostics.entries.isEmpty)
  }

  static let mount = MountEntry(
    device: "0:30", root: "/", mountPoint: "/sys/fs/cgroup", options: [], fileSystemType: "cgroup2", source: "cgroup2")

  @Test("a cgroup's directory and its parents up to the mount")
  func directories() {
    #expect(
      CgroupPaths.directories("/a/b", under: Self.mount) == [
        "/sys/fs/cgroup/a/b", "/sys/fs/cgroup/a", "/sys/fs/cgroup",
      ])
    #expect(CgroupPaths.directories("/", under: Self.mount) == ["/sys/fs/cgroup"])
    var bound = Self.mount
    bound.root = "/docker/abc"
    #expect(CgroupPaths.directories("/docker/abc", under: bound) == ["/sys/fs/cgroup"])
    #expect(CgroupPaths.directories("/docker/abc/x", under: bound) == ["/sys/fs/cgroup/x", "/sys/fs/cgroup"])
    // A namespace the mount predates: the path is not below the mount's root.
    #expect(CgroupPaths.directories("/elsewhere", under: bound) == ["/sys/fs/cgroup"])
    #expect(CgroupPaths.directories("/../../x", under: Self.mount) == ["/sys/fs/cgroup"])
  }

  @Test(
    "quota over period, and rounded up for the integer count",
    arguments: [(150_000, 100_000, 2), (50_000, 100_000, 1), (200_000, 100_000, 2), (1, 1_000_000, 1)])
  func cores(quota: Int64, period: Int64, expected: Int) {
    #expect(CgroupLimits.cores(quota: quota, period: period) == Double(quota) / Double(period))
    #expect(CgroupLimits.roundedUp(CgroupLimits.cores(quota: quota, period: period)) == expected)
  }

  @Test("no cgroup, no affinity: unknown; a limit above the RAM is no limit")
  func nothingKnown() throws {
    let root = try TemporaryRoot([
      "/proc/self/cgroup": "0::/\n",
      "/proc/self/mountinfo": String(
        contentsOf: Self.directory.appendingPathComponent("v2-docker-namespace/proc/self/mountinfo"), encoding: .utf8),
      "/sys/fs/cgroup/memory.max": "\(64 << 30)\n", "/proc/meminfo": "MemTotal: 1024 kB\n",
    ])
    let context = root.context
    #expect(CPUProbe(context: context).availableCores() == nil)
    #expect(MemoryProbe(context: context).probe().limitBytes == nil)
  }

  @Test("what the cgroups leave: the least over the cgroup and its ancestors of limit − (usage − inactive file)")
  func headroom() throws {
    let root = try TemporaryRoot([
      "/proc/self/cgroup": "0::/job\n",
      "/proc/self/mountinfo": "35 24 0:30 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n",
      "/proc/meminfo": "MemTotal: 16777216 kB\nMemAvailable: 8388608 kB\n",
      // The job: 1 GiB, 700 MiB charged of which 200 MiB inactive file cache: 524 MiB left.
      "/sys/fs/cgroup/job/memory.max": "\(1 << 30)\n", "/sys/fs/cgroup/job/memory.current": "\(700 << 20)\n",
      "/sys/fs/cgroup/job/memory.stat": "anon \(500 << 20)\ninactive_file \(200 << 20)\n",
      // Its parent: 2 GiB, 1.8 GiB charged: 200 MiB left, the tighter.
      "/sys/fs/cgroup/memory.max": "\(2 << 30)\n", "/sys/fs/cgroup/memory.current": "\(1843 << 20)\n",
    ])
    let memory = MemoryProbe(context: root.context).probe()
    #expect(memory.limitBytes == 1 << 30)
    #expect(memory.cgroupAvailableBytes == (2048 - 1843) << 20)
    // Without the parent's usage the job's own headroom counts.
    let alone = try TemporaryRoot([
      "/proc/self/cgroup": "0::/job\n", "/proc/self/mountinfo": "35 24 0:30 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n",
      "/proc/meminfo": "MemTotal: 16777216 kB\n", "/sys/fs/cgroup/job/memory.max": "\(1 << 30)\n",
      "/sys/fs/cgroup/job/memory.current": "\(700 << 20)\n",
      "/sys/fs/cgroup/job/memory.stat": "inactive_file \(200 << 20)\n",
    ])
    #expect(MemoryProbe(context: alone.context).probe().cgroupAvailableBytes == 524 << 20)
  }

  @Test(
    "a memory limit without its usage (memory.current missing or not a count) leaves the headroom unknown, with a warning",
    arguments: [nil, "lots\n"])
  func headroomWithoutUsage(usage: String?) throws {
    var files = [
      "/proc/self/cgroup": "0::/\n", "/proc/self/mountinfo": "35 24 0:30 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n",
      "/proc/meminfo": "MemTotal: 16777216 kB\nMemAvailable: 8388608 kB\n",
      "/sys/fs/cgroup/memory.max": "\(1 << 30)\n",
    ]
    files["/sys/fs/cgroup/memory.current"] = usage
    let root = try TemporaryRoot(files)
    let context = root.context
    let memory = MemoryProbe(context: context).probe()
    #expect(memory.limitBytes == 1 << 30)
    #expect(memory.cgroupAvailableBytes == nil)
    #expect(
      context.diagnostics.entries.map(\.description) == [
        usage == nil
          ? "/sys/fs/cgroup/memory.current: no usage read beside the memory limit: what is left below it is unknown"
          : "/sys/fs/cgroup/memory.current: expected a byte count, found 'lots'"
      ])
  }

  @Test("garbage in cgroup, status and limits files is reported, never fatal")
  func garbage() throws {
    let root = try TemporaryRoot([
      "/proc/self/cgroup": "0::/\nnonsense\n",
      "/proc/self/mountinfo": "35 24 0:30 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n",
      "/proc/self/status": "Cpus_allowed_list:\tzz\n",
      "/proc/self/limits": "Max open files            lots                 1024                 files\n",
      "/sys/fs/cgroup/cpu.max": "100000\n",
      "/sys/fs/cgroup/memory.max": "-1\n",
      "/sys/fs/cgroup/cpuset.cpus.effective": "x-y\n",
    ])
    let context = root.context
    #expect(CPUProbe(context: context).availableCores() == nil)
    #expect(MemoryProbe(context: context).probe().limitBytes == nil)
    #expect(LimitsProbe(context: context).probe().processOpenFiles == nil)
    #expect(
      Set(context.diagnostics.entries.map(\.path)) == [
        "/proc/self/cgroup", "/proc/self/status", "/proc/self/limits", "/sys/fs/cgroup/cpu.max",
        "/sys/fs/cgroup/memory.max",
        "/sys/fs/cgroup/cpuset.cpus.effective",
      ])
  }

  @Test("unlimited rlimits are nil inside the limit")
  func unlimited() throws {
    let root = try TemporaryRoot([
      "/proc/self/limits": "Max processes             unlimited            unlimited            processes\n"
    ])
    #expect(LimitsProbe(context: root.context).probe().processMaxProcesses == ProcessLimit(soft: nil, hard: nil))
  }
}

@Suite("cgroup memory.stat")
struct CgroupMemoryStatTests {
  @Test("a memory.stat line's value; none for a missing key, a prefix of another or a value that is no count")
  func statValue() {
    let text = "anon 1000\nfile 5000\ninactive_file 4096\ninactive_file_extra 1\nbad_key x\n"
    #expect(CgroupLimits.statValue("inactive_file", in: text) == 4096)
    #expect(CgroupLimits.statValue("total_inactive_file", in: text) == nil)
    #expect(CgroupLimits.statValue("bad_key", in: text) == nil)
    #expect(CgroupLimits.statValue("anon", in: "") == nil)
  }

  @Test(
    "a status line found in the bytes is the one the text split by Character gives",
    arguments: [
      "Name:\tx\nCpus_allowed_list:\t0-3\nMems: 0\n", "Cpus_allowed_list:\t1\n", "xCpus_allowed_list: 1\n",
      "Name: a\r\nCpus_allowed_list: 0-1\r\nb\n", "Cpus_allowed_list: 0\r\n\nCpus_allowed_list: 5\n",
      "Name: \u{301}\nCpus_allowed_list:\u{301} 0\n", "Cpus_allowed_list", "", "\n\nCpus_allowed_list:\t7",
      "Cpus_allowed_list:\t2\nCpus_allowed_list:\t3\n",
    ])
  func statusLine(text: String) {
    let byCharacter = text.splitCharacters(separator: "\n").first { $0.hasASCIIPrefix("Cpus_allowed_list:") }
    #expect(
      ProcessStatus.firstLine(in: Array(text.utf8), startingWith: "Cpus_allowed_list:") == byCharacter.map(String.init))
  }

  @Test(
    "a cgroup line split in its bytes is split as by Character",
    arguments: [
      "4:memory:/process_api/1ba8", "0::/", "1:cpu,cpuacct:/a:b", "::", "", "3:cpuset", ",,a,,b,", "5:x\r\ny:/",
      "6:é,ü:/ü", "7:a\u{301}:/", "9:a:\u{301}/x", "9:a,\u{301}b:/", "8:name=systemd:/user.slice/a:b:c",
      "/a//b/./c/", "//", "/", "::a::b::", ",a", "a,",
    ])
  func cgroupLineSplit(line: String) {
    let ways: [(Character, Int, Bool)] = [
      (":", 2, false), (",", Int.max, true), ("/", Int.max, true), (":", 0, true), (":", 0, false), (":", 1, true),
      (":", 2, true), (",", 1, false), (":", Int.max, false),
    ]
    for (separator, maxSplits, omitting) in ways {
      #expect(
        CgroupPaths.split(
          Substring(line), at: separator.asciiValue!, maxSplits: maxSplits, omittingEmptySubsequences: omitting)
          == line.split(separator: separator, maxSplits: maxSplits, omittingEmptySubsequences: omitting))
    }
  }
}
