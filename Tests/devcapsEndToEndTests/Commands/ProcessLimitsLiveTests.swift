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
    let (cpuParent, memoryParent) = Self.writable!
    let name = "devcaps-test-\(getpid())"
    let cpu = cpuParent + "/" + name
    let memory = memoryParent + "/" + name
    try FileManager.default.createDirectory(atPath: cpu, withIntermediateDirectories: false)
    defer { rmdir(cpu) }
    try FileManager.default.createDirectory(atPath: memory, withIntermediateDirectories: false)
    defer { rmdir(memory) }
    try "50000\n".write(toFile: cpu + "/cpu.cfs_quota_us", atomically: false, encoding: .utf8)
    try "\(512 << 20)\n".write(toFile: memory + "/memory.limit_in_bytes", atomically: false, encoding: .utf8)
    let devcaps = DevCapsProcess.executable.path
    let output = try shell(
      "echo $$ > '\(cpu)/cgroup.procs' && echo $$ > '\(memory)/cgroup.procs' && '\(devcaps)' get cpu.availableCores && '\(devcaps)' get memory.limitBytes"
    )
    #expect(output == "1\n\(512 << 20)")
  }
}
