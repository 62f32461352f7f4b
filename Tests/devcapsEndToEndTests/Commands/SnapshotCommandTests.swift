import DevCapsKit
import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `devcaps snapshot DIR` on every fixture machine, replayed in a fresh process by the real
/// `umockdev-run` with `DEVCAPS_ROOT=DIR`: the replayed report must be the report of the machine.
/// Serialized: umockdev keeps its testbed in the process environment.
@Suite("devcaps snapshot", .serialized)
struct SnapshotCommandTests {
  /// Where the replay must not find the machine's own upowerd (as in every fixture test).
  static let noSystemBus = "unix:path=/nonexistent/devcaps-test-bus"

  static func emptyDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-snapshot-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// `DEVCAPS_ROOT=DIR umockdev-run -d DIR/devices.umockdev -- devcaps ARGUMENTS`, as docs/guides/snapshot-and-replay.md says,
  /// in an environment without the test's umockdev preload.
  static func replay(_ bundle: URL, _ arguments: [String], user: String? = nil) throws -> DevCapsResult {
    var environment = ProcessInfo.processInfo.environment
    for key in ["LD_PRELOAD", "UMOCKDEV_DIR", "DEVCAPS_ROOT"] { environment.removeValue(forKey: key) }
    environment["NO_COLOR"] = "1"
    environment["DEVCAPS_ROOT"] = bundle.path
    environment["DBUS_SYSTEM_BUS_ADDRESS"] = noSystemBus
    let command =
      [
        "/usr/bin/umockdev-run", "-d", bundle.appendingPathComponent("devices.umockdev").path, "--",
        try DevCapsProcess.executable(runBy: user).path,
      ] + arguments
    let asUser = user.map { ["/usr/bin/setpriv", "--reuid=\($0)", "--regid=65534", "--clear-groups"] } ?? []
    let line = asUser + command
    return try ChildProcess.run(line[0], Array(line.dropFirst()), environment: environment, input: Data()).result
  }

  /// The report without what is measured again on replay. Disk sizes: statvfs answers for the
  /// mount points inside DIR, on whatever file system DIR is on, and its free space changes
  /// from one second to the next. Everything else (uptime included: it is /proc/uptime's
  /// text, copied) must be equal.
  static func comparable(_ json: String) throws -> NSDictionary {
    guard var report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
      throw TestbedError("not a JSON object: \(json)")
    }
    if let disks = report["disks"] as? [[String: Any]] {
      report["disks"] = disks.map { disk in
        disk.filter { !["totalBytes", "freeBytes", "availableBytes"].contains($0.key) }
      }
    }
    return report as NSDictionary
  }

  @Test("a snapshot replayed under umockdev-run reports the same machine", arguments: FixtureMachine.all)
  func replayEqualsOriginal(machine: String) throws {
    let testbed = try FixtureMachine(name: machine).load()
    let bundle = try Self.emptyDirectory().appendingPathComponent("snapshot")
    defer { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }

    let taken = try DevCapsProcess.run(
      ["snapshot", "--keep-identifiers", bundle.path], environment: testbed.environment)
    #expect(taken.status == 0, "stderr: \(taken.stderr)")
    #expect(taken.stdout.isEmpty)
    let original = try DevCapsProcess.run(["list", "--json"], environment: testbed.environment)
    let replayed = try Self.replay(bundle, ["list", "--json"])
    #expect(replayed.status == 0, "stderr: \(replayed.stderr)")
    #expect(replayed.stderr == original.stderr, "the same warnings")
    #expect(
      try Self.comparable(replayed.stdout) == Self.comparable(original.stdout),
      "\(machine): replayed\n\(replayed.stdout)\noriginal\n\(original.stdout)")
    let saved = try String(contentsOf: bundle.appendingPathComponent("devcaps-report.json"), encoding: .utf8)
    #expect(try Self.comparable(saved) == Self.comparable(original.stdout), "the bundle's own report")
  }

  @Test(
    "a redacted snapshot replays as its own report says: the placeholders, a display's serial `redacted`",
    arguments: FixtureMachine.all)
  func redactedReplayEqualsBundleReport(machine: String) throws {
    let testbed = try FixtureMachine(name: machine).load()
    let bundle = try Self.emptyDirectory().appendingPathComponent("snapshot")
    defer { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }
    let taken = try DevCapsProcess.run(["snapshot", bundle.path], environment: testbed.environment)
    #expect(taken.status == 0, "stderr: \(taken.stderr)")
    let replayed = try Self.replay(bundle, ["list", "--json"])
    #expect(replayed.status == 0, "stderr: \(replayed.stderr)")
    let saved = try String(contentsOf: bundle.appendingPathComponent("devcaps-report.json"), encoding: .utf8)
    #expect(
      try Self.comparable(replayed.stdout) == Self.comparable(saved),
      "\(machine): replayed\n\(replayed.stdout)\nsaved\n\(saved)")
    if machine == "thinkpad-laptop" { #expect(saved.contains(#""serialNumber": "redacted""#), "\(saved)") }
  }

  @Test("a file over the size limit is copied over it again, so the replay warns the same")
  func tooLarge() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    try testbed.write("sys/devices/virtual/dmi/id/bios_version", String(repeating: "A", count: 2 << 20))
    let bundle = try Self.emptyDirectory()
    defer { try? FileManager.default.removeItem(at: bundle) }
    #expect(
      try DevCapsProcess.run(["snapshot", "--keep-identifiers", bundle.path], environment: testbed.environment).status
        == 0)
    let copied = try FileManager.default.attributesOfItem(
      atPath: bundle.appendingPathComponent("sys/class/dmi/id/bios_version").path)
    #expect((copied[.size] as? Int) == (1 << 20) + 1, "the limit and one byte, not the whole file")
    let original = try DevCapsProcess.run(["list", "--json", "--only", "device"], environment: testbed.environment)
    let replayed = try Self.replay(bundle, ["list", "--json", "--only", "device"])
    #expect(replayed.stdout == original.stdout)
    #expect(replayed.stderr.contains("/sys/class/dmi/id/bios_version: larger than 1048576 bytes"), "\(replayed.stderr)")
  }

  @Test("a file devcaps could not read is written unreadable, and the replay is refused it too")
  func permissionDenied() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    try testbed.write("proc/meminfo", "MemTotal: 1 kB\n", mode: 0o000)
    chmod(testbed.root, 0o755)
    let parent = try Self.emptyDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    chmod(parent.path, 0o777)
    // Root reads any file: the machine and the replay are read as nobody, who makes the bundle.
    let bundle = parent.appendingPathComponent("bundle")
    let user = getuid() == 0 ? "nobody" : nil
    let taken = try DevCapsProcess.run(["snapshot", bundle.path], environment: testbed.environment, user: user)
    #expect(taken.status == 0, "stderr: \(taken.stderr)")
    #expect(taken.stderr.contains("devcaps: warning: /proc/meminfo: permission denied"))
    let copied = try FileManager.default.attributesOfItem(atPath: bundle.appendingPathComponent("proc/meminfo").path)
    #expect((copied[.posixPermissions] as? Int) == 0)
    #expect((copied[.size] as? Int) == 0, "nothing of it was read, so nothing of it is copied")
    let replayed = try Self.replay(bundle, ["list", "--json", "--only", "memory"], user: user)
    #expect(replayed.status == 0, "stderr: \(replayed.stderr)")
    let report = try ReportJSON(replayed)
    #expect(report["memory.totalBytes"] is NSNull)
    #expect(
      report.warnings.contains {
        $0["path"] as? String == "/proc/meminfo" && $0["problem"] as? String == "permission denied"
      })
  }

  @Test("the device record keeps every byte: text with escapes, binary in hex, links")
  func recordKeepsBytes() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let connector = "sys/devices/pci0000:00/0000:00:02.0/drm/card0/card0-eDP-1/"
    let odd = Data("tab\there \"quoted\" back\\slash é\u{7F}\u{1}\nsecond line\n".utf8)
    try testbed.write(connector + "odd", odd)
    try testbed.write(connector + "subdir/nested", "inside\n")
    let bundle = try Self.emptyDirectory()
    defer { try? FileManager.default.removeItem(at: bundle) }
    #expect(
      try DevCapsProcess.run(["snapshot", "--keep-identifiers", bundle.path], environment: testbed.environment).status
        == 0)

    // umockdev itself reads the record back into a fresh testbed.
    let record = try String(contentsOf: bundle.appendingPathComponent("devices.umockdev"), encoding: .utf8)
    let replayed = try Testbed()
    try replayed.addDevices(record)
    func bytes(_ root: String, _ path: String) -> Data? { FileManager.default.contents(atPath: root + "/" + path) }
    #expect(bytes(replayed.root, connector + "odd") == odd)
    #expect(bytes(replayed.root, connector + "subdir/nested") == Data("inside\n".utf8))
    #expect(bytes(replayed.root, connector + "edid") == bytes(testbed.root, connector + "edid"))
    #expect(record.contains("H: edid=00FFFFFFFFFFFF00"))
    #expect(record.contains(#"A: odd=tab\there \"quoted\" back\\slash \303\251\177\001\nsecond line\n"#), "\(record)")
    let driver = try FileManager.default.destinationOfSymbolicLink(
      atPath: replayed.root + "/sys/devices/pci0000:00/0000:00:02.0/driver")
    #expect(driver == "../../../bus/pci/drivers/i915")
  }

  @Test("a directory that is not empty is refused with exit 64, and left as it was")
  func notEmpty() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let directory = try Self.emptyDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try "mine\n".write(to: directory.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
    let result = try DevCapsProcess.run(["snapshot", directory.path], environment: testbed.environment)
    #expect(result.status == 64)
    #expect(result.stderr == "devcaps: \(directory.path) is not empty; a snapshot goes into a new or empty directory\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.txt"])
  }

  @Test("an empty directory is taken, a missing one is created with its parents")
  func emptyOrMissing() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let directory = try Self.emptyDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try DevCapsProcess.run(["snapshot", directory.path], environment: testbed.environment).status == 0)
    let nested = directory.appendingPathComponent("a/b/c")
    #expect(try DevCapsProcess.run(["snapshot", nested.path], environment: testbed.environment).status == 0)
    for bundle in [directory, nested] {
      #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("devices.umockdev").path))
      #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("proc/cpuinfo").path))
    }
  }

  @Test("a directory that cannot be created or written is exit 73 with the reason")
  func unwritable() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let directory = try Self.emptyDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("file")
    try "x".write(to: file, atomically: false, encoding: .utf8)
    let readOnly = directory.appendingPathComponent("read-only")
    try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
    chmod(readOnly.path, 0o555)
    chmod(directory.path, 0o755)
    let user = getuid() == 0 ? "nobody" : nil
    let cases: [(path: String, problem: String)] = [
      (file.path, "it is a regular file, not a directory"),
      (file.path + "/below", "Not a directory"),
      (readOnly.path + "/new", "Permission denied"),
    ]
    for (path, problem) in cases {
      let result = try DevCapsProcess.run(["snapshot", path], environment: testbed.environment, user: user)
      #expect(result.status == 73, "\(path): \(result.stderr)")
      #expect(result.stderr == "devcaps: cannot create the snapshot directory \(path): \(problem)\n")
      #expect(result.stdout.isEmpty)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: readOnly.path).isEmpty)
  }

  @Test(
    "a write that fails midway (the file-size limit) is exit 73, and what the snapshot made is removed, nothing else")
  func failedWriteLeavesNothing() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let directory = try Self.emptyDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try "kept\n".write(to: directory.appendingPathComponent("keep"), atomically: false, encoding: .utf8)
    let own = directory.appendingPathComponent("own")
    try FileManager.default.createDirectory(at: own, withIntermediateDirectories: false)
    for bundle in [directory.appendingPathComponent("a/b").path, own.path] {
      // SIGXFSZ ignored, as a shell's `trap '' XFSZ` does, so the write fails with EFBIG.
      let result = try ChildProcess.run(
        "/bin/sh",
        ["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\"", DevCapsProcess.executable.path, "snapshot", bundle],
        environment: testbed.environment
      ).result
      #expect(result.status == 73, "\(bundle): \(result.stderr)")
      #expect(
        result.stderr.hasPrefix("devcaps: cannot write \(bundle)/") && result.stderr.hasSuffix(": File too large\n"),
        "\(result.stderr)")
    }
    // The directories it made (a, a/b) are gone; the one it was given stays, empty; the rest is untouched.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["keep", "own"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: own.path).isEmpty)
    #expect(try String(contentsOf: directory.appendingPathComponent("keep"), encoding: .utf8) == "kept\n")
  }

  @Test("snapshot without a directory, or with an empty name, is a usage error")
  func missingArgument() throws {
    let result = try DevCapsProcess.run(["snapshot"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("Missing expected argument '<dir>'"), "\(result.stderr)")
    let empty = try DevCapsProcess.run(["snapshot", ""])
    #expect(empty.status == 64)
    #expect(empty.stderr.contains("the directory is an empty name; name one"), "\(empty.stderr)")
  }
}
