import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What devcaps reads stays inside `DEVCAPS_ROOT`, what it writes to sysfs stays a sysfs
/// attribute, and what it writes with `-o` or into a snapshot goes where it was asked, whatever
/// links an image, a testbed or another user put in the way (issue #36, items 7 to 10).
@Suite("confined paths", .serialized)
struct ConfinementTests {
  /// A file outside every root, as a host's 0600 /root/secret.
  final class HostSecret {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-host-\(UUID().uuidString)")
    let text = "HOST-SECRET-\(UUID().uuidString)"
    var path: String { directory.appendingPathComponent("secret").path }

    init() throws {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try "NAME=\"\(text)\"\nPRETTY_NAME=\"\(text)\"\n".write(toFile: path, atomically: false, encoding: .utf8)
      chmod(path, 0o600)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
  }

  /// The qemu-vm machine with its etc/os-release replaced by a link to `target`.
  static func image(osReleaseTo target: String) throws -> Testbed {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let osRelease = testbed.root + "/etc/os-release"
    try FileManager.default.removeItem(atPath: osRelease)
    try FileManager.default.createSymbolicLink(atPath: osRelease, withDestinationPath: target)
    return testbed
  }

  static func systemName(_ testbed: Testbed) throws -> DevCapsResult {
    try DevCapsProcess.run(["get", "system.prettyName"], environment: testbed.environment)
  }

  @Test("DEVCAPS_ROOT: etc/os-release -> /usr/lib/os-release reads the image's file, or nothing; never the host's")
  func absoluteLinkStaysInImage() throws {
    let testbed = try Self.image(osReleaseTo: "/usr/lib/os-release")
    let bare = try Self.systemName(testbed)
    #expect(bare.stdout == "null\n", "the host's os-release was read: \(bare.stdout)")
    try testbed.write("usr/lib/os-release", "PRETTY_NAME=\"Image OS 1\"\n")
    let own = try Self.systemName(testbed)
    #expect(own.status == 0 && own.stdout == "Image OS 1\n", "\(own.stdout)\(own.stderr)")
  }

  @Test("DEVCAPS_ROOT: a link to a host secret is never read, and snapshot never copies it")
  func secretNeverRead() throws {
    let secret = try HostSecret()
    let testbed = try Self.image(osReleaseTo: secret.path)
    let listed = try DevCapsProcess.run(["list", "--json"], environment: testbed.environment)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(!listed.stdout.contains(secret.text) && !listed.stderr.contains(secret.text))
    let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-confined-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: bundle) }
    let taken = try DevCapsProcess.run(["snapshot", bundle.path], environment: testbed.environment)
    #expect(taken.status == 0, "\(taken.stderr)")
    #expect(!(try FileSafetyTests.allText(in: bundle)).contains(secret.text), "the secret was copied into the bundle")
  }

  @Test("DEVCAPS_ROOT: a relative link climbing with ../../.. stops at the image's root")
  func dotDotConfined() throws {
    let secret = try HostSecret()
    let testbed = try Self.image(osReleaseTo: String(repeating: "../", count: 40) + secret.path.dropFirst())
    let result = try Self.systemName(testbed)
    #expect(result.stdout == "null\n", "\(result.stdout)")
    try FileManager.default.createDirectory(
      atPath: testbed.root + "/" + secret.directory.path, withIntermediateDirectories: true)
    try "PRETTY_NAME=\"Inside\"\n".write(toFile: testbed.root + "/" + secret.path, atomically: false, encoding: .utf8)
    #expect(try Self.systemName(testbed).stdout == "Inside\n", "the same path inside the image is read")
  }

  @Test("DEVCAPS_ROOT: a link loop is a warning naming the file, not a hang")
  func linkLoop() throws {
    let testbed = try Self.image(osReleaseTo: "os-release")
    let result = try Self.systemName(testbed)
    #expect(result.status == 0)
    #expect(result.stdout == "null\n")
    #expect(
      result.stderr.contains("warning: /etc/os-release: Too many levels of symbolic links"), "\(result.stderr)")
  }

  @Test("watch steps refuses to read an in_steps_en that is a link (69); the file it points to is unchanged")
  func sysfsWriteThroughLinkRefused() throws {
    let testbed = try AltitudeAndStepsWatchTests.testbed("raspberry-pi-bma400")
    let secret = try HostSecret()
    try "0\n".write(toFile: secret.path, atomically: false, encoding: .utf8)
    let switchFile = testbed.root + AltitudeAndStepsWatchTests.stepCounter + "/in_steps_en"
    try FileManager.default.removeItem(atPath: switchFile)
    try FileManager.default.createSymbolicLink(atPath: switchFile, withDestinationPath: secret.path)
    let result = try DevCapsProcess.run(["watch", "steps", "--once"], environment: testbed.environment)
    #expect(result.status == 69)
    #expect(
      result.stderr.contains(
        "\(AltitudeAndStepsWatchTests.stepCounter)/in_steps_en: it is a symbolic link; devcaps reads only the attribute file itself"
      ), "\(result.stderr)")
    #expect(try String(contentsOfFile: secret.path, encoding: .utf8) == "0\n", "written through the link")
  }

  /// A sticky directory anyone may write (`DIR/shared`, as /tmp) and a 0600 file reading
  /// "victim" at `victim` below `directory`.
  static func sharedAndVictim(in directory: URL, victim name: String) throws -> (shared: String, victim: String) {
    let shared = directory.appendingPathComponent("shared").path
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
    #expect(chmod(shared, 0o1777) == 0)
    let victim = directory.appendingPathComponent(name).path
    try FileManager.default.createDirectory(
      atPath: (victim as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try "victim\n".write(toFile: victim, atomically: false, encoding: .utf8)
    chmod(victim, 0o600)
    return (shared, victim)
  }

  @Test("export -o: another user's link in a sticky world-writable directory is refused (73); its target unchanged")
  func exportForeignLinkInStickyDirectory() throws {
    try #require(getuid() == 0, "chown -h needs root")
    let directory = try FileSafetyTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (shared, victim) = try Self.sharedAndVictim(in: directory, victim: "victim")
    let link = shared + "/devcaps.prom"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
    #expect(lchown(link, 65534, 65534) == 0)
    let refused = try FileSafetyTests.export(link)
    #expect(refused.status == 73)
    #expect(
      refused.stderr
        == "devcaps: cannot write \(link): it is a symbolic link of user 65534 in a shared sticky directory; devcaps follows only links of yours or of the directory's owner there\n"
    )
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "victim\n")
    var status = stat()
    #expect(stat(victim, &status) == 0 && status.st_mode & 0o777 == 0o600)
    // The caller's own link there is followed, as anywhere.
    #expect(lchown(link, 0, 0) == 0)
    #expect(try FileSafetyTests.export(link).status == 0)
    #expect(try String(contentsOfFile: victim, encoding: .utf8).contains("devcaps-chassis="))
  }

  @Test(
    "export -o and motion --record: another user's directory link partway along the path in a sticky directory is refused (73)"
  )
  func foreignDirectoryLinkMidPath() throws {
    try #require(getuid() == 0, "chown -h needs root")
    let directory = try FileSafetyTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (shared, victim) = try Self.sharedAndVictim(in: directory, victim: "private/victim")
    let private_ = directory.appendingPathComponent("private").path
    let link = shared + "/out"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: private_)
    #expect(lchown(link, 65534, 65534) == 0)
    let message =
      "devcaps: cannot write \(link)/victim: \(link) is a symbolic link of user 65534 in a shared sticky directory; devcaps follows only links of yours or of the directory's owner there\n"
    let exported = try FileSafetyTests.export(link + "/victim")
    #expect(exported.status == 73)
    #expect(exported.stderr == message)
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try DeviceMotionCommandTests.add(testbed, gyroscope: true)
    let recorded = try DevCapsProcess.run(
      ["motion", "--record", link + "/victim", "--count", "1"], environment: testbed.environment)
    #expect(recorded.status == 73)
    #expect(recorded.stderr.hasSuffix(message), "\(recorded.stderr)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "victim\n")
    var status = stat()
    #expect(stat(victim, &status) == 0 && status.st_mode & 0o777 == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: private_) == ["victim"], "no temporary left")
    // The caller's own link there is followed, as anywhere.
    #expect(lchown(link, 0, 0) == 0)
    #expect(try FileSafetyTests.export(link + "/victim").status == 0)
    #expect(try String(contentsOfFile: victim, encoding: .utf8).contains("devcaps-chassis="))
  }

  @Test("snapshot LINK/. is refused (64) as snapshot LINK is; the directory stays empty")
  func snapshotThroughLinkRefused() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let directory = try FileSafetyTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let victim = directory.appendingPathComponent("victim")
    try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: false)
    let link = directory.appendingPathComponent("link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "victim")
    for path in [link + "/.", link + "/./", link + "/sub"] {
      let result = try DevCapsProcess.run(["snapshot", path], environment: testbed.environment)
      #expect(result.status == 64, "\(path)")
      #expect(result.stderr.contains("is a symbolic link, or goes through one"), "\(result.stderr)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path).isEmpty, "\(path)")
    }
  }
}
