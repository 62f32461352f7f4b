import Foundation
import Testing

@testable import DevCapsKit

@Suite("mkdir -p, the one way devcaps makes directories (snapshots, calibration state)")
struct MakeDirectoriesTests {
  let root = NSTemporaryDirectory() + "devcaps-mkdir-\(UUID().uuidString)"

  @Test("every missing directory is made, with the mode asked for; an existing one is fine")
  func makesEveryLevel() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(FileOutput.makeDirectories(root + "/a/b/c", mode: 0o700) == nil)
    var status = stat()
    #expect(stat(root + "/a/b/c", &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFDIR)
    #expect(status.st_mode & 0o777 == 0o700 & ~currentUmask())
    #expect(FileOutput.makeDirectories(root + "/a/b/c", mode: 0o700) == nil, "already there")
    #expect(FileOutput.makeDirectories(root + "//a/./b/", mode: 0o700) == nil, "doubled and dotted")
  }

  @Test("a file in the way is named, with ENOTDIR")
  func fileInTheWay() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(FileOutput.makeDirectories(root, mode: 0o700) == nil)
    #expect(FileManager.default.createFile(atPath: root + "/file", contents: Data()))
    let failure = try #require(FileOutput.makeDirectories(root + "/file/below", mode: 0o700))
    #expect(failure.directory == root + "/file")
    #expect(failure.failure == Errno(rawValue: ENOTDIR))
  }

  private func currentUmask() -> mode_t {
    let mask = umask(0)
    umask(mask)
    return mask
  }
}
