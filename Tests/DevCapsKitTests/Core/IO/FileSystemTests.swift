import Foundation
import Testing

@testable import DevCapsKit

@Suite("the path calls of the I/O funnel: status, access, mkdir, realpath, statvfs, directories, poll")
struct FileSystemTests {
  @Test("status follows a link unless asked for the link's own; a missing path is ENOENT")
  func status() throws {
    let root = try TemporaryRoot(["/file": "text"])
    #expect(symlink(root.path + "/file", root.path + "/link") == 0)
    #expect(try FileSystem.status(root.path + "/link").st_mode & S_IFMT == S_IFREG)
    #expect(try FileSystem.status(root.path + "/link", followingLinks: false).st_mode & S_IFMT == S_IFLNK)
    #expect(throws: Errno.noSuchFileOrDirectory) { try FileSystem.status(root.path + "/missing") }
    let directory = try FileDescriptor.open(root.path, O_RDONLY | O_DIRECTORY)
    defer { directory.closeIgnoringErrors() }
    #expect(try directory.status(at: "link", followingLinks: false).st_mode & S_IFMT == S_IFLNK)
    #expect(try directory.status(at: "link").st_size == 4)
    #expect(throws: Errno.noSuchFileOrDirectory) { try directory.status(at: "missing") }
  }

  @Test("access says yes for what is there and the error for what is not")
  func access() throws {
    let root = try TemporaryRoot(["/file": "text"])
    #expect(FileSystem.isAccessible(root.path + "/file", F_OK))
    #expect(!FileSystem.isAccessible(root.path + "/missing", F_OK))
    #expect(throws: Errno.noSuchFileOrDirectory) { try FileSystem.checkAccess(root.path + "/missing", F_OK) }
    #expect(throws: Errno.notDirectory) { try FileSystem.checkAccess(root.path + "/file/below", F_OK) }
  }

  @Test("mkdir makes one directory; one already there is EEXIST, a missing parent ENOENT")
  func makeDirectory() throws {
    let root = try TemporaryRoot()
    try FileSystem.makeDirectory(root.path + "/made", mode: 0o700)
    #expect(try FileSystem.status(root.path + "/made").st_mode & S_IFMT == S_IFDIR)
    #expect(throws: Errno.exists) { try FileSystem.makeDirectory(root.path + "/made", mode: 0o700) }
    #expect(throws: Errno.noSuchFileOrDirectory) { try FileSystem.makeDirectory(root.path + "/a/b", mode: 0o700) }
    let directory = try FileDescriptor.open(root.path + "/made", O_RDONLY | O_DIRECTORY)
    defer { directory.closeIgnoringErrors() }
    try directory.makeDirectory(at: "inner", mode: 0o700)
    #expect(throws: Errno.exists) { try directory.makeDirectory(at: "inner", mode: 0o700) }
  }

  @Test("realpath resolves links and dots; a missing target is ENOENT")
  func resolvedPath() throws {
    let root = try TemporaryRoot(["/dir/file": "text"])
    let real = try FileSystem.resolvedPath(root.path)
    #expect(symlink(root.path + "/dir", root.path + "/link") == 0)
    #expect(try FileSystem.resolvedPath(root.path + "/link/./file") == real + "/dir/file")
    #expect(throws: Errno.noSuchFileOrDirectory) { try FileSystem.resolvedPath(root.path + "/link/missing") }
  }

  @Test("statvfs measures a file system, by path or by descriptor, the same")
  func volumeStatistics() throws {
    let root = try TemporaryRoot()
    let byPath = try FileSystem.volumeStatistics(root.path)
    #expect(byPath.f_blocks > 0 && byPath.f_frsize > 0)
    let descriptor = try FileDescriptor.open(root.path, FileDescriptor.pathOnly)
    let byDescriptor = try descriptor.closeAfter { (descriptor) throws(Errno) in try descriptor.volumeStatistics() }
    #expect(byDescriptor.f_blocks == byPath.f_blocks && byDescriptor.f_fsid == byPath.f_fsid)
    #expect(throws: Errno.noSuchFileOrDirectory) { try FileSystem.volumeStatistics(root.path + "/missing") }
  }

  @Test("a directory's names, without . and .., by path or by descriptor; a file is ENOTDIR")
  func directoryEntries() throws {
    let root = try TemporaryRoot(["/dir/b": "", "/dir/a": "", "/dir/.hidden": "", "/file": ""])
    var names: [String] = []
    try DirectoryEntries.forEachName(in: root.path + "/dir") { names.append(String(decoding: $0, as: UTF8.self)) }
    #expect(names.sorted() == [".hidden", "a", "b"])
    names = []
    let descriptor = try FileDescriptor.open(root.path + "/dir", O_RDONLY | O_DIRECTORY)
    try DirectoryEntries.forEachName(in: descriptor) { names.append(String(decoding: $0, as: UTF8.self)) }
    #expect(names.sorted() == [".hidden", "a", "b"])
    #expect(throws: Errno.notDirectory) { try DirectoryEntries.forEachName(in: root.path + "/file") { _ in } }
    #expect(throws: Errno.noSuchFileOrDirectory) {
      try DirectoryEntries.forEachName(in: root.path + "/missing") { _ in }
    }
  }

  @Test("a descriptor that is no directory is refused with ENOTDIR")
  func directoryDescriptorRefused() throws {
    let root = try TemporaryRoot(["/file": ""])
    let descriptor = try FileDescriptor.open(root.path + "/file", O_RDONLY)
    #expect(throws: Errno.notDirectory) { try DirectoryEntries.forEachName(in: descriptor) { _ in } }
  }

  @Test("poll says which descriptor is ready, and 0 when the time runs out")
  func poll() throws {
    let pipe = try FileDescriptor.pipe()
    defer {
      pipe.read.closeIgnoringErrors()
      pipe.write.closeIgnoringErrors()
    }
    var entry = pollfd(fd: pipe.read.rawValue, events: Int16(POLLIN), revents: 0)
    #expect(try FileDescriptor.poll(&entry, timeout: 0) == 0)
    try pipe.write.write(value: UInt8(1))
    var entries = [pollfd(fd: pipe.write.rawValue, events: 0, revents: 0), entry]
    #expect(try FileDescriptor.poll(&entries, timeout: 1000) == 1)
    #expect(entries[1].revents & Int16(POLLIN) != 0)
    var closed = pollfd(fd: -1, events: Int16(POLLIN), revents: 0)
    #expect(try FileDescriptor.poll(&closed, timeout: 0) == 0, "a negative descriptor is skipped, as poll(2) says")
  }
}
