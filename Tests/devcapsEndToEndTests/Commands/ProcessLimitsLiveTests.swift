import Foundation
import TestProcesses
import Testing

/// What this process may use, checked against the system's own tools and a real child cgroup.
@Suite("Available cores and memory on this machine")
struct ProcessLimitsLiveTests {
  static let taskset = ["/usr/bin/taskset", "/bin/taskset"].first { FileManager.default.isExecutableFile(atPath: $0) }

  func shell(_ command: String) throws -> String {
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "DEVCAPS_ROOT")
    let run = try ChildProcess.run("/bin/sh", ["-c", command], environment: environment)
    return String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test("cpu.availableCores is nproc's count, under taskset -c 0 too", .enabled(if: taskset != nil))
  func nproc() throws {
    let devcaps = DevCapsProcess.executable.path
    #expect(try shell("'\(devcaps)' get cpu.availableCores") == (try shell("nproc")))
    #expect(try shell("\(Self.taskset!) -c 0 '\(devcaps)' get cpu.availableCores") == "1")
    #expect(try shell("\(Self.taskset!) -c 0 nproc") == "1")
  }

  /// The cgroup v1 directories of this process for a controller, when its hierarchy is mounted
  /// at /sys/fs/cgroup/NAME and a child can be made there.
  static func v1Directory(_ controller: String) -> String? {
    guard let text = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
      guard fields.count == 3, fields[1].split(separator: ",").contains(Substring(controller)) else { continue }
      let directory = "/sys/fs/cgroup/\(fields[1])\(fields[2] == "/" ? "" : fields[2])"
      return access(directory, W_OK) == 0 && FileManager.default.fileExists(atPath: directory + "/cgroup.procs")
        ? directory : nil
    }
    return nil
  }

  static let writable: (cpu: String, memory: String)? = {
    guard let cpu = v1Directory("cpu"), let memory = v1Directory("memory") else { return nil }
    return (cpu, memory)
  }()

  @Test(
    "in a child cgroup with a half-CPU quota and 512 MiB: 1 core, 512 MiB",
    .enabled(
      if: writable != nil,
      "needs writable cgroup v1 cpu and memory hierarchies below /sys/fs/cgroup (a v2-only or read-only /sys/fs/cgroup has none)"
    ))
  func childCgroup() throws {
    try Self.withChildCgroups(named: "devcaps-test", quota: 50000, memoryLimit: 512 << 20) { cpu, memory in
      try childCgroup(cpu: cpu, memory: memory)
    }
  }

  /// Child cgroups of the writable cpu and memory hierarchies with a CPU quota (of a 100 ms
  /// period) and a memory limit, removed after `body`.
  static func withChildCgroups(
    named prefix: String, quota: Int, memoryLimit: UInt64, _ body: (String, String) throws -> Void
  ) throws {
    let (cpuParent, memoryParent) = writable!
    let name = "\(prefix)-\(getpid())"
    let cpu = cpuParent + "/" + name
    let memory = memoryParent + "/" + name
    try FileManager.default.createDirectory(atPath: cpu, withIntermediateDirectories: false)
    defer { rmdir(cpu) }
    try FileManager.default.createDirectory(atPath: memory, withIntermediateDirectories: false)
    defer { rmdir(memory) }
    try "100000\n".write(toFile: cpu + "/cpu.cfs_period_us", atomically: false, encoding: .utf8)
    try "\(quota)\n".write(toFile: cpu + "/cpu.cfs_quota_us", atomically: false, encoding: .utf8)
    try "\(memoryLimit)\n".write(toFile: memory + "/memory.limit_in_bytes", atomically: false, encoding: .utf8)
    try body(cpu, memory)
  }

  func childCgroup(cpu: String, memory: String) throws {
    let devcaps = DevCapsProcess.executable.path
    let output = try shell(
      "echo $$ > '\(cpu)/cgroup.procs' && echo $$ > '\(memory)/cgroup.procs' && '\(devcaps)' get cpu.availableCores && '\(devcaps)' get memory.limitBytes"
    )
    #expect(output == "1\n\(512 << 20)")
  }
}

/// `available-cores` and `memory-available` in a real child cgroup: a 1.5-CPU quota and a
/// 512 MiB limit with 100 MiB of it charged (a file in /dev/shm, which stays charged to the
/// cgroup that wrote it and cannot be reclaimed as file cache can).
@Suite("The CI gate in a real cgroup", .serialized)
struct CgroupGateLiveTests {
  @Test(
    "a 1.5-CPU quota: 1.5 CPUs (quota), '>= 2' unmet, '>= 1.5' met; memory-available is what the cgroup leaves",
    .enabled(
      if: ProcessLimitsLiveTests.writable != nil,
      "needs writable cgroup v1 cpu and memory hierarchies below /sys/fs/cgroup (a v2-only or read-only /sys/fs/cgroup has none)"
    ))
  func quotaAndHeadroom() throws {
    try ProcessLimitsLiveTests.withChildCgroups(named: "devcaps-gate", quota: 150_000, memoryLimit: 512 << 20) {
      cpu, memory in try quotaAndHeadroom(cpu: cpu, memory: memory)
    }
  }

  func quotaAndHeadroom(cpu: String, memory: String) throws {
    let shm = "/dev/shm/devcaps-gate-\(getpid())"
    defer { unlink(shm) }
    let devcaps = DevCapsProcess.executable.path
    let manifest = #"{"available-cores": ">= 2", "memory-available": ">= 4 GiB"}"#
    let output = try ProcessLimitsLiveTests().shell(
      """
      echo $$ > '\(cpu)/cgroup.procs' && echo $$ > '\(memory)/cgroup.procs' && \
      head -c \(100 << 20) /dev/zero > '\(shm)' && \
      '\(devcaps)' get cpu.availableCoresFraction && '\(devcaps)' get cpu.availableCores && \
      '\(devcaps)' get memory.cgroupAvailableBytes && \
      echo '{"available-cores": ">= 1.5"}' | '\(devcaps)' require - >/dev/null && echo met && \
      echo '\(manifest)' | '\(devcaps)' require - --format json; echo "status $?"
      """)
    var lines = output.split(separator: "\n").map(String.init)
    #expect(lines.count > 5, "\(output)")
    guard lines.count > 5 else { return }
    #expect(lines.removeFirst() == "1.5")
    #expect(lines.removeFirst() == "2")
    let headroom = UInt64(lines.removeFirst()) ?? 0
    // 512 MiB less the 100 MiB file and what the shell and devcaps themselves are charged.
    #expect(headroom > 300 << 20 && headroom < 412 << 20, "\(headroom)")
    #expect(lines.removeFirst() == "met")
    #expect(lines.last == "status 1")
    let document = try JSONSerialization.jsonObject(with: Data(lines.dropLast().joined(separator: "\n").utf8))
    let results = try #require((document as? [String: Any])?["results"] as? [[String: Any]])
    #expect(results[0]["detail"] as? String == "1.5 CPUs (quota)")
    #expect(results[0]["actual"] as? Double == 1.5)
    #expect(results[1]["satisfied"] as? Bool == false)
    #expect((results[1]["detail"] as? String)?.hasSuffix("left below the cgroup limit") == true, "\(results[1])")
  }
}
