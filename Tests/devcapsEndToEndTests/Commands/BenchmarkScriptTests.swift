import Foundation
import TestProcesses
import Testing

/// scripts/benchmark.py's own command line: asking for help or giving a wrong mode must not start
/// a benchmark that runs for minutes.
@Suite("scripts/benchmark.py")
struct BenchmarkScriptTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/benchmark.py").path

  static func run(_ arguments: [String]) throws -> DevCapsResult {
    try ChildProcess.run(
      "/usr/bin/python3", [script] + arguments, environment: ProcessInfo.processInfo.environment, input: Data(),
      directory: nil, seconds: 60
    ).result
  }

  @Test("--help prints the docstring and the modes, and exits 0")
  func help() throws {
    let result = try BenchmarkScriptTests.run(["--help"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Measures devcaps against the peer tools"))
    for mode in ["--sections", "--daemons", "replay"] { #expect(result.stdout.contains(mode)) }
  }

  @Test(
    "an unknown option, or replay with another mode, is a usage error (exit 2) before anything runs",
    arguments: [["--bogus"], ["replay", "--sections"], ["--sections", "--daemons"], ["nothing"]])
  func usage(arguments: [String]) throws {
    let result = try BenchmarkScriptTests.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains("usage: benchmark.py"))
    #expect(result.stdout.isEmpty)
  }
}
