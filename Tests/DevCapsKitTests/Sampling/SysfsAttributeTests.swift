import Foundation
import Testing

@testable import DevCapsKit

#if canImport(Glibc)
import Glibc
#endif

/// A sysfs write goes only to a regular attribute file inside the sysfs tree, and a read comes
/// only from one: never through a link in its last component, never out through a linked
/// directory, never to or from a device.
@Suite("Reading and writing sysfs attributes")
struct SysfsAttributeTests {
  /// A `sys/` tree (as the kernel's, in a temporary directory) and a file outside it.
  final class Tree {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-sysfs-\(UUID().uuidString)").path
    var device: String { base + "/sys/devices/iio:device0" }
    var outside: String { base + "/outside" }

    init() throws {
      try FileManager.default.createDirectory(atPath: device + "/buffer", withIntermediateDirectories: true)
      try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
      try "0\n".write(toFile: device + "/buffer/enable", atomically: false, encoding: .utf8)
      try "0\n".write(toFile: outside + "/victim", atomically: false, encoding: .utf8)
      try "0\n".write(toFile: outside + "/enable", atomically: false, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }

    /// The device's `buffer` directory made a link to the directory outside the tree.
    func linkBufferOutside() throws {
      try FileManager.default.removeItem(atPath: device + "/buffer")
      try FileManager.default.createSymbolicLink(atPath: device + "/buffer", withDestinationPath: outside)
    }

    func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
  }

  /// The write's failure; nil when it succeeded.
  static func failure(_ path: String, _ value: String) -> SysfsWriteError? {
    if case .failure(let failure) = SysfsAttribute.write(path, value) { return failure }
    return nil
  }

  @Test("a regular attribute inside the tree is written")
  func writesAttribute() throws {
    let tree = try Tree()
    #expect(Self.failure(tree.device + "/buffer/enable", "1") == nil)
    #expect(tree.contents(tree.device + "/buffer/enable") == "1\n")
  }

  @Test("a link in the attribute's place is refused; the file it points to is unchanged")
  func linkRefused() throws {
    let tree = try Tree()
    let path = tree.device + "/in_steps_en"
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: tree.outside + "/victim")
    let failure = Self.failure(path, "1")
    #expect(failure == SysfsWriteError(path: path, value: "1", problem: .symbolicLink))
    #expect(tree.contents(tree.outside + "/victim") == "0\n")
    #expect(
      failure?.description
        == "cannot write '1' to \(path): it is a symbolic link; devcaps writes only to the attribute file itself")
  }

  @Test("a directory on the way linked out of the tree is refused; the file there is unchanged")
  func linkedDirectoryRefused() throws {
    let tree = try Tree()
    try tree.linkBufferOutside()
    #expect(
      Self.failure(tree.device + "/buffer/enable", "1")
        == SysfsWriteError(
          path: tree.device + "/buffer/enable", value: "1", problem: .outsideSysfs(tree.outside + "/enable")))
    #expect(tree.contents(tree.outside + "/enable") == "0\n")
  }

  @Test("a device or FIFO in an attribute's place is refused, a FIFO without blocking")
  func notRegularRefused() throws {
    let tree = try Tree()
    let fifo = tree.device + "/fifo"
    #expect(mkfifo(fifo, 0o644) == 0)
    // Without a reader, the open fails at once (ENXIO) rather than wait for one.
    #expect(Self.failure(fifo, "1") != nil)
    #expect(
      Self.failure("/dev/full", "1")
        == SysfsWriteError(path: "/dev/full", value: "1", problem: .notRegular(.characterDevice)))
  }

  @Test("a regular attribute inside the tree is read, trimmed")
  func readsAttribute() throws {
    let tree = try Tree()
    #expect(SysfsAttribute.read(tree.device + "/buffer/enable") == .success("0"))
    #expect(SysfsAttribute.read(tree.device + "/absent") == .failure(.failed(.missing)))
  }

  @Test("a read through a link in the attribute's place is refused, saying so")
  func readThroughLinkRefused() throws {
    let tree = try Tree()
    let path = tree.device + "/in_steps_en"
    try "1\n".write(toFile: tree.outside + "/victim", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: tree.outside + "/victim")
    let result = SysfsAttribute.read(path)
    #expect(result == .failure(.refused(.symbolicLink)))
    if case .failure(let failure) = result {
      #expect(failure.description == "it is a symbolic link; devcaps reads only the attribute file itself")
    }
  }

  @Test("a read through a directory linked out of the tree, or of a device, is refused")
  func readOutsideRefused() throws {
    let tree = try Tree()
    try tree.linkBufferOutside()
    #expect(
      SysfsAttribute.read(tree.device + "/buffer/enable") == .failure(.refused(.outsideSysfs(tree.outside + "/enable")))
    )
    #expect(SysfsAttribute.read("/dev/zero") == .failure(.refused(.notRegular(.characterDevice))))
  }
}
