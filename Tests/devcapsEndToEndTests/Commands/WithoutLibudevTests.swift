import Foundation
import TestProcesses
import Testing

/// libudev is opened on first use, not linked: without it devcaps still starts, reports what
/// needs no device, says why the hardware sections are empty, and a stream that needs udev
/// fails with the reason. libudev is hidden by mounting /dev/null over it in a private mount
/// namespace, which needs root (the test command runs as root).
@Suite("without libudev", .serialized, .enabled(if: getuid() == 0, "hiding libudev needs a mount namespace: root"))
struct WithoutLibudevTests {
  func runWithoutLibudev(_ arguments: [String]) throws -> DevCapsResult {
    let library = URL(fileURLWithPath: "/lib/x86_64-linux-gnu/libudev.so.1").resolvingSymlinksInPath().path
    let script = #"mount --bind /dev/null "$1" && shift && exec "$@""#
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "LD_PRELOAD")
    environment.removeValue(forKey: "DEVCAPS_ROOT")
    environment["NO_COLOR"] = "1"
    return try ChildProcess.run(
      "/usr/bin/unshare",
      ["--mount", "/bin/sh", "-c", script, "sh", library, DevCapsProcess.executable.path] + arguments,
      environment: environment
    ).result
  }

  @Test("get memory.totalBytes needs no libudev")
  func get() throws {
    let result = try runWithoutLibudev(["get", "memory.totalBytes"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(UInt64(result.stdout.trimmingCharacters(in: .newlines)) != nil)
  }

  @Test("list says why there are no sensors, and still exits 0")
  func list() throws {
    let result = try runWithoutLibudev(["list", "--json", "--only", "sensors"])
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(try result.json() as? [String: Any])
    #expect((report["sensors"] as? [Any])?.isEmpty == true)
    let warnings = try #require(report["warnings"] as? [[String: String]])
    let warning = try #require(warnings.first { $0["path"] == "libudev" })
    #expect(warning["problem"]?.hasPrefix("cannot use udev (") == true)
    #expect(warning["problem"]?.contains("libudev.so.1") == true)
  }

  @Test("a stream that needs udev exits 69 with the reason")
  func watch() throws {
    let result = try runWithoutLibudev(["watch", "displays"])
    #expect(result.status == 69)
    #expect(result.stderr.hasPrefix("devcaps: cannot use udev ("))
    #expect(result.stderr.contains("libudev.so.1"))
  }
}
