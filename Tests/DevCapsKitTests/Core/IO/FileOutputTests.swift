import Foundation
import Testing

@testable import DevCapsKit

/// FileOutput follows no other user's link in a sticky world-writable directory, wherever on the
/// path it is (issue #36): the rule of the kernel's fs.protected_symlinks.
@Suite("FileOutput: links of other users in sticky directories")
struct FileOutputTests {
  let root = NSTemporaryDirectory() + "devcaps-output-\(UUID().uuidString)"

  @Test("another user's directory link partway along the path is refused, naming the link; the target is untouched")
  func foreignLinkMidPath() throws {
    try #require(getuid() == 0, "lchown needs root")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/shared", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: root + "/private/deeper", withIntermediateDirectories: true)
    #expect(chmod(root + "/shared", 0o1777) == 0)
    try FileManager.default.createSymbolicLink(atPath: root + "/shared/out", withDestinationPath: root + "/private")
    #expect(lchown(root + "/shared/out", 65534, 65534) == 0)
    // Reached directly, through `.`, and through a link of the caller's own that leads there.
    try FileManager.default.createSymbolicLink(atPath: root + "/mine", withDestinationPath: "shared/./out")
    for (path, link) in [
      (root + "/shared/out/v6", root + "/shared/out"),
      (root + "/shared/./out/deeper/v6", root + "/shared/out"),
      (root + "/mine/deeper/v6", root + "/shared/out"),
    ] {
      let error = #expect(throws: OutputFileError.self, "\(path)") { try FileOutput.replace(path, with: "metrics\n") }
      #expect(
        error?.description
          == "cannot write \(path): \(link) is a symbolic link of user 65534 in a shared sticky directory; devcaps follows only links of yours or of the directory's owner there"
      )
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/private") == ["deeper"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/private/deeper").isEmpty)
    // The directory's owner's link (here the caller's) is followed.
    #expect(lchown(root + "/shared/out", 0, 0) == 0)
    try FileOutput.replace(root + "/mine/deeper/v6", with: "metrics\n")
    #expect(try String(contentsOfFile: root + "/private/deeper/v6", encoding: .utf8) == "metrics\n")
  }
}
