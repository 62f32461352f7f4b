import Foundation
import Testing

@testable import DevCapsKit

#if canImport(Glibc)
import Glibc
#endif

/// Below `DEVCAPS_ROOT` every path resolves inside the root, as if it were `/`: an image's links
/// lead to the image's files, never to the host's.
@Suite("Reading confined to the root")
struct ConfinedRootTests {
  /// A file outside the root, as a host's /root/secret.
  final class HostFile {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-host-\(UUID().uuidString)")
    var path: String { directory.appendingPathComponent("secret").path }

    init() throws {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try "HOST-SECRET\n".write(toFile: path, atomically: false, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
  }

  static func link(_ root: TemporaryRoot, _ path: String, to target: String) throws {
    let url = URL(fileURLWithPath: root.path + path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
  }

  @Test("an absolute link restarts at the root: etc/os-release -> /usr/lib/os-release reads the image's")
  func absoluteLinkRestartsAtRoot() throws {
    let root = try TemporaryRoot(["/usr/lib/os-release": "NAME=Image\n"])
    try Self.link(root, "/etc/os-release", to: "/usr/lib/os-release")
    #expect(try SystemRoot(root.path).readText("/etc/os-release").get() == "NAME=Image\n")
    let bare = try TemporaryRoot()
    try Self.link(bare, "/etc/os-release", to: "/usr/lib/os-release")
    #expect(SystemRoot(bare.path).readText("/etc/os-release") == .failure(.missing), "never the host's")
  }

  @Test("a link to a host file is never read, absolute or climbing with ..")
  func hostFileNeverRead() throws {
    let host = try HostFile()
    let root = try TemporaryRoot()
    try Self.link(root, "/etc/os-release", to: host.path)
    try Self.link(root, "/etc/climb", to: String(repeating: "../", count: 30) + host.path.dropFirst())
    try Self.link(root, "/etc/directory", to: host.directory.path)
    let system = SystemRoot(root.path)
    #expect(system.readText("/etc/os-release") == .failure(.missing))
    #expect(system.readText("/etc/climb") == .failure(.missing))
    #expect(system.readText("/etc/directory/secret") == .failure(.missing))
    #expect(system.readText("/../../../../" + host.path) == .failure(.missing))
    #expect(system.directoryEntries("/etc/directory") == .failure(.missing))
    #expect(!system.exists("/etc/os-release"))
    #expect(system.status("/etc/directory") == nil)
  }

  @Test("`..` stops at the root, as at /")
  func dotDotStopsAtRoot() throws {
    let root = try TemporaryRoot(["/f": "inside\n", "/d/g": "g\n"])
    try Self.link(root, "/d/up", to: "../../../../../../f")
    let system = SystemRoot(root.path)
    #expect(try system.readText("/d/up").get() == "inside\n")
    #expect(try system.readText("/../../d/../d/./g").get() == "g\n")
    #expect(try system.directoryEntries("/../..").get().contains("d"))
  }

  @Test("relative links inside the root resolve as before; a directory reached through one lists")
  func relativeLinks() throws {
    let root = try TemporaryRoot(["/sys/devices/x/name": "x\n"])
    try Self.link(root, "/sys/class/thing/x", to: "../../devices/x")
    let system = SystemRoot(root.path)
    #expect(try system.readText("/sys/class/thing/x/name").get() == "x\n")
    #expect(try system.directoryEntries("/sys/class/thing/x").get() == ["name"])
    #expect(system.linkTarget("/sys/class/thing/x") == "../../devices/x")
    #expect(system.exists("/sys/class/thing/x/name"))
  }

  @Test("a link loop is an error (ELOOP), not a hang; so is a chain longer than 40")
  func loops() throws {
    let root = try TemporaryRoot()
    try Self.link(root, "/a", to: "b")
    try Self.link(root, "/b", to: "/a")
    try Self.link(root, "/self", to: "self/x")
    for index in 0...FileDescriptor.maximumLinksFollowed {
      try Self.link(
        root, "/chain\(index)", to: index == FileDescriptor.maximumLinksFollowed ? "end" : "chain\(index + 1)")
    }
    try root.write("/end", "end\n")
    let system = SystemRoot(root.path)
    #expect(system.readText("/a") == .failure(.system(errno: ELOOP)))
    #expect(system.readText("/self") == .failure(.system(errno: ELOOP)))
    #expect(system.readText("/chain1") == .success("end\n"), "40 links are followed")
    #expect(system.readText("/chain0") == .failure(.system(errno: ELOOP)), "41 are not")
    let context = root.context
    #expect(context.text("/a") == nil)
    #expect(context.diagnostics.entries.map(\.path) == ["/a"], "a diagnostic, not silence")
  }
}
