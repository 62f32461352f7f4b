import Foundation
import Testing

@testable import DevCapsKit

#if canImport(Glibc)
import Glibc
#endif

/// `device-node` checks the node it resolved, by its descriptor: nothing that changes in the
/// image between resolving the path and checking it can send the check elsewhere.
@Suite("Device nodes checked as resolved")
struct DeviceNodeTests {
  /// An image whose dev/null is a regular file, removed at the end.
  final class Image {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-node-\(UUID().uuidString)").path

    init() throws {
      try FileManager.default.createDirectory(atPath: path + "/dev", withIntermediateDirectories: true)
      try "x".write(toFile: path + "/dev/null", atomically: false, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The image's dev swapped for a link to the host's /dev, as a hostile image would between
    /// the two steps.
    func swapDevForHostLink() {
      #expect(rename(path + "/dev", path + "/dev-before") == 0)
      #expect(symlink("/dev", path + "/dev") == 0)
    }
  }

  @Test(
    "dev swapped for a link to the host's /dev after resolving: the image's regular file is checked, not the host's /dev/null"
  )
  func swappedAfterResolving() throws {
    let image = try Image()
    let access = DeviceNodeAccess.check(
      "/dev/null", inside: SystemRoot(image.path), afterResolving: image.swapDevForHostLink)
    #expect(access == .notADevice("a regular file"))
    // Resolved again, the image's link to /dev leads to itself inside the root: never usable.
    let again = DeviceNodeAccess.check("/dev/null", inside: SystemRoot(image.path))
    #expect(again == .refused(kind: "path", .symbolicLinkLoop), "\(again)")
  }

  @Test(
    "on the live system the node is opened once and checked by its descriptor: /dev/null, a file, a directory, nothing")
  func liveSystem() throws {
    let image = try Image()
    #expect(DeviceNodeAccess.check("/dev/null") == .usable(kind: "character device"))
    #expect(DeviceNodeAccess.check(image.path + "/dev/null") == .notADevice("a regular file"))
    #expect(DeviceNodeAccess.check(image.path + "/dev") == .notADevice("a directory"))
    #expect(DeviceNodeAccess.check(image.path + "/dev/kvm") == .missing)
  }
}
