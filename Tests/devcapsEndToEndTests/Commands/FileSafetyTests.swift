import Foundation
import Synchronization
import TestProcesses
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// devcaps writes only regular files, only where it was asked: `export -o` never replaces a
/// device or FIFO, and `snapshot` never writes outside its directory, whatever is swapped in
/// while it runs.
@Suite("file safety", .serialized)
struct FileSafetyTests {
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-safety-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func export(_ output: String) throws -> DevCapsResult {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    return try DevCapsProcess.run(["export", "nfd", "-o", output], environment: testbed.environment)
  }

  @Test("export -o a device node is refused (exit 73) and the node stays a device")
  func exportToDevice() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A null device (1, 3) of our own: were it replaced, /dev/null would be safe.
    let node = directory.appendingPathComponent("null").path
    try #require(getuid() == 0, "mknod needs root")
    #expect(mknod(node, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
    let result = try Self.export(node)
    #expect(result.status == 73)
    #expect(
      result.stderr
        == "devcaps: cannot write \(node): it is a character device, not a regular file; devcaps writes only regular files\n"
    )
    var status = stat()
    #expect(lstat(node, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["null"], "no temporary file left")
  }

  @Test("export -o a FIFO is refused at once, without waiting for a reader")
  func exportToFIFO() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let result = try Self.export(fifo)
    #expect(result.status == 73)
    #expect(result.stderr.contains("it is a FIFO, not a regular file"), "\(result.stderr)")
  }

  @Test("export -o a symbolic link replaces the file it points to; the link stays a link; a dangling one is refused")
  func exportThroughLink() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("labels")
    try "old\n".write(to: target, atomically: true, encoding: .utf8)
    let link = directory.appendingPathComponent("link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "labels")
    #expect(try Self.export(link).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "labels")
    #expect(try String(contentsOf: target, encoding: .utf8).contains("devcaps-chassis="))
    let dangling = directory.appendingPathComponent("dangling").path
    try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere")
    let refused = try Self.export(dangling)
    #expect(refused.status == 73)
    #expect(refused.stderr.contains("a symbolic link to a file that does not exist"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("nowhere").path))
  }

  @Test("snapshot into a symbolic link to an empty directory is refused (64); the directory stays empty")
  func snapshotIntoLink() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let victim = directory.appendingPathComponent("victim")
    try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: false)
    let link = directory.appendingPathComponent("link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "victim")
    let result = try DevCapsProcess.run(["snapshot", link], environment: testbed.environment)
    #expect(result.status == 64)
    #expect(result.stderr.contains("is a symbolic link"), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path).isEmpty)
  }

  @Test("snapshot into an empty directory of another user is refused (64)")
  func snapshotNotOwned() throws {
    try #require(getuid() == 0, "chown needs root")
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let theirs = directory.appendingPathComponent("theirs")
    try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: false)
    #expect(chown(theirs.path, 65534, 65534) == 0)
    chmod(theirs.path, 0o777)
    let result = try DevCapsProcess.run(["snapshot", theirs.path], environment: testbed.environment)
    #expect(result.status == 64)
    #expect(result.stderr.contains("belongs to another user"), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: theirs.path).isEmpty)
  }

  @Test("a symbolic link swapped in for DIR/proc while snapshot runs is never followed")
  func snapshotRace() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let victim = directory.appendingPathComponent("victim")
    try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: false)
    let bundle = directory.appendingPathComponent("bundle")
    let proc = bundle.appendingPathComponent("proc").path
    let stop = Stop()
    // The attacker: as soon as devcaps has begun writing DIR, keeps putting a link to the
    // victim where proc goes.
    let attacker = Thread {
      while !stop.load() {
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: bundle.path), !entries.isEmpty {
          rmdir(proc)
          unlink(proc)
          symlink(victim.path, proc)
        }
      }
    }
    attacker.start()
    let result = try DevCapsProcess.run(["snapshot", bundle.path], environment: testbed.environment)
    stop.store(true)
    usleep(50_000)
    #expect(result.status == 0 || result.status == 73, "\(result.status) \(result.stderr)")
    // 73: the swap was seen (a link where a directory goes, or the directory gone); 0: it came too late.
    if result.status == 73 {
      #expect(result.stderr.contains("devcaps: cannot write \(bundle.path)/proc/"), "\(result.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path).isEmpty, "written through the link")
  }

  @Test("a mount point that climbs out of the root is left out with a warning, nothing made outside")
  func snapshotMountOutsideRoot() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    // Read as a host path, the mount point leads to a directory beside the root; devcaps
    // resolves it inside the root (`..` stops there), where a directory of that name answers
    // statvfs, so it is measured, as a hostile root's would be, and copying it must not climb.
    let escape = "devcaps-escape-\(UUID().uuidString)"
    let beside = URL(fileURLWithPath: testbed.root).deletingLastPathComponent().appendingPathComponent(escape)
    try FileManager.default.createDirectory(at: beside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: beside) }
    try FileManager.default.createDirectory(atPath: testbed.root + "/" + escape, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: testbed.root + "/a", withIntermediateDirectories: true)
    let mountinfo = try String(contentsOfFile: testbed.root + "/proc/self/mountinfo", encoding: .utf8)
    try testbed.write(
      "proc/self/mountinfo", mountinfo + "99 1 8:9 / /a/../../\(escape) rw,relatime - ext4 /dev/vdb1 rw\n")
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bundle = directory.appendingPathComponent("a/b/bundle")
    let result = try DevCapsProcess.run(["snapshot", bundle.path], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains("mount point /a/../../\(escape) leads outside the root; not copied"), "\(result.stderr)")
    // Where `bundle + mount point` leads: DIR/a/../.. is DIR's parent.
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("a/b/\(escape)").path))
  }

  @Test("a snapshot leaves out the hostname, MACs, serials and user names; --keep-identifiers keeps them, 0600")
  func redaction() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    try testbed.write("sys/devices/pci0000:00/0000:00:14.3/net/wlp0s20f3/address", "a4:c3:f0:12:34:56\n")
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let redacted = directory.appendingPathComponent("redacted")
    let taken = try DevCapsProcess.run(["snapshot", redacted.path], environment: testbed.environment)
    #expect(taken.status == 0, "\(taken.stderr)")
    let everything = try Self.allText(in: redacted)
    let hostname = try String(contentsOfFile: testbed.root + "/proc/sys/kernel/hostname", encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(!everything.contains(hostname), "the hostname \(hostname) is in the bundle")
    #expect(everything.contains("redacted-hostname"))
    #expect(!everything.contains("/run/media/ada"), "a user name in a mount path")
    #expect(everything.contains("/run/media/user"))
    let record = try String(contentsOf: redacted.appendingPathComponent("devices.umockdev"), encoding: .utf8)
    #expect(record.contains("A: address=00:00:00:00:00:00\\n"), "\(record)")
    #expect(!everything.contains("a4:c3:f0:12:34:56"))
    // The same machine kept whole, for the owner's own use: identifying files are 0600.
    let kept = directory.appendingPathComponent("kept")
    #expect(
      try DevCapsProcess.run(["snapshot", "--keep-identifiers", kept.path], environment: testbed.environment).status
        == 0)
    #expect(try Self.allText(in: kept).contains(hostname))
    #expect(try Self.allText(in: kept).contains("a4:c3:f0:12:34:56"))
    for file in ["proc/sys/kernel/hostname", "proc/self/mountinfo", "devices.umockdev", "devcaps-report.json"] {
      let attributes = try FileManager.default.attributesOfItem(atPath: kept.appendingPathComponent(file).path)
      #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(file)")
    }
  }

  /// The attacker thread's stop flag.
  final class Stop: Sendable {
    private let flag = Atomic(false)
    func load() -> Bool { flag.load(ordering: .relaxed) }
    func store(_ value: Bool) { flag.store(value, ordering: .relaxed) }
  }

  /// Every regular file's text, concatenated (binary files as they decode).
  static func allText(in directory: URL) throws -> String {
    var text = ""
    let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
    while let file = files?.nextObject() as? URL {
      guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
      if let data = FileManager.default.contents(atPath: file.path) {
        text += String(decoding: data, as: UTF8.self) + "\n"
      }
    }
    return text
  }

  @Test(
    "a FIFO where a file is expected, not named by the user, is refused without blocking: a root's meminfo, a report in a directory"
  )
  func fifos() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    unlink(testbed.root + "/proc/meminfo")
    #expect(mkfifo(testbed.root + "/proc/meminfo", 0o644) == 0)
    let listed = try DevCapsProcess.run(["list", "--only", "memory"], environment: testbed.environment)
    #expect(listed.status == 0)
    #expect(
      listed.stderr.contains("devcaps: warning: /proc/meminfo: it is a FIFO, not a regular file"), "\(listed.stderr)")

    // A FIFO named as the manifest is read, as cat reads it: NamedPipeInputTests.
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let reports = directory.appendingPathComponent("reports")
    try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: false)
    let phone = try FixtureMachine(name: "pinephone").load()
    let saved = try DevCapsProcess.run(["list", "--json"], environment: phone.environment)
    try saved.stdout.write(to: reports.appendingPathComponent("phone.json"), atomically: true, encoding: .utf8)
    #expect(mkfifo(reports.appendingPathComponent("pipe.json").path, 0o644) == 0)
    try FileManager.default.createDirectory(
      at: reports.appendingPathComponent("folder.json"), withIntermediateDirectories: false)
    let gate = directory.appendingPathComponent("gate.json")
    try #"{"cpu-cores": ">= 1"}"#.write(to: gate, atomically: true, encoding: .utf8)
    let fleet = try DevCapsProcess.run(
      ["require", gate.path, "--against", reports.path], environment: testbed.environment)
    // Each a row that cannot be read, without blocking; the report beside them still judged.
    #expect(fleet.status == 66, "\(fleet.stdout) \(fleet.stderr)")
    #expect(
      fleet.stderr.contains("cannot read \(reports.path)/folder.json: it is a directory, not a regular file"),
      "\(fleet.stderr)")
    #expect(
      fleet.stderr.contains("cannot read \(reports.path)/pipe.json: it is a FIFO, not a regular file"),
      "\(fleet.stderr)")
    #expect(fleet.stdout.contains("pipe.json") && fleet.stdout.contains("not judged, unreadable report"))
    #expect(fleet.stdout.contains("✓ "), "\(fleet.stdout)")
  }
}
