import Foundation
import TestProcesses
import Testing

/// Under a file-size limit (`ulimit -f`, RLIMIT_FSIZE) a write past it raises SIGXFSZ, which
/// would kill devcaps before it said anything or cleaned up. devcaps ignores the signal, so the
/// write fails with EFBIG and each writer reports it as any other failed write: standard output
/// 74, an export file or a snapshot 73 with nothing of theirs left behind.
@Suite("file-size limit", .serialized)
struct FileSizeLimitTests {
  /// devcaps run by `sh` with a limit of one 512-byte block, its standard output to `stdout`
  /// (a file in `directory`) when given, from `directory`.
  static func limited(
    _ arguments: [String], stdout: String? = nil, in directory: URL, environment: [String: String] = [:]
  ) throws -> DevCapsResult {
    let redirect = stdout.map { " > '\($0)'" } ?? ""
    return try ChildProcess.run(
      "/bin/sh", ["-c", "ulimit -f 1; exec \"$0\" \"$@\"\(redirect)", DevCapsProcess.executable.path] + arguments,
      environment: DevCapsProcess.environment(environment), directory: directory.path
    ).result
  }

  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-fsize-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func names(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }

  @Test("list --json and motion --replay to a file past the limit: exit 74, the reason on stderr")
  func standardOutput() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let listed = try Self.limited(
      ["list", "--json"], stdout: "list.json", in: directory, environment: testbed.environment)
    #expect(listed.status == 74, "\(listed.stderr)")
    #expect(listed.stderr == "devcaps: cannot write to standard output: File too large\n", "\(listed.stderr)")
    let recording = directory.appendingPathComponent("turning.csv")
    try MotionReplayTests.turningRecording().write(to: recording, atomically: true, encoding: .utf8)
    // The recording was written by this process, without the limit; the replay's output is past it.
    let replayed = try Self.limited(
      ["motion", "--replay", recording.path, "--json"], stdout: "motion.ndjson", in: directory)
    #expect(replayed.status == 74, "\(replayed.stderr)")
    #expect(replayed.stderr.hasSuffix("cannot write to standard output: File too large\n"), "\(replayed.stderr)")
  }

  @Test("export -o past the limit: exit 73 naming the file, no temporary file left")
  func exportFile() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let exported = try Self.limited(
      ["export", "prometheus", "-o", "metrics.prom"], in: directory, environment: testbed.environment)
    #expect(exported.status == 73, "\(exported.stderr)")
    #expect(
      exported.stderr.contains("metrics.prom") && exported.stderr.contains("File too large"), "\(exported.stderr)")
    #expect(Self.names(in: directory).isEmpty, "\(Self.names(in: directory))")
  }

  @Test("snapshot past the limit: exit 73 with the reason, and the directory it made is gone")
  func snapshot() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let taken = try Self.limited(["snapshot", "bundle/snap"], in: directory, environment: testbed.environment)
    #expect(taken.status == 73, "\(taken.stderr)")
    #expect(taken.stderr.contains("File too large"), "\(taken.stderr)")
    #expect(Self.names(in: directory).isEmpty, "\(Self.names(in: directory))")
  }
}
