#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The C functions under names of their own: inside `FileSystem`, `stat` and `access` would be its own.
private func systemStat(_ path: String, _ info: inout stat) -> Int32 { stat(path, &info) }
private func systemLinkStat(_ path: String, _ info: inout stat) -> Int32 { lstat(path, &info) }
private func systemAccess(_ path: String, _ mode: Int32) -> Int32 { access(path, mode) }
private func systemVolumeStatistics(_ path: String, _ info: inout statvfs) -> Int32 { statvfs(path, &info) }

/// The calls that take a path rather than a descriptor: what is there, may this process use
/// it, where does it lead, how full is its file system, make a directory there. As
/// ``FileDescriptor``'s, each is retried when interrupted (EINTR) and fails with a typed
/// ``Errno``. On the live system these are the calls umockdev's preload redirects into a
/// testbed; below `DEVCAPS_ROOT`, paths are opened confined instead (``FileDescriptor/openConfined(_:below:_:)``).
package enum FileSystem {
  /// `stat(2)`, or `lstat(2)` when `followingLinks` is false (a link's own status).
  package static func status(_ path: String, followingLinks: Bool = true) throws(Errno) -> stat {
    var info = stat()
    if followingLinks {
      try Errno.check { systemStat(path, &info) }
    } else {
      try Errno.check { systemLinkStat(path, &info) }
    }
    return info
  }

  /// `access(2)`: whether this process may use `path` as `mode` says (`F_OK`: it exists; `R_OK`,
  /// `W_OK`, `X_OK` or'ed), links followed. Checked with the real user, as access does.
  package static func checkAccess(_ path: String, _ mode: Int32) throws(Errno) {
    try Errno.check { systemAccess(path, mode) }
  }

  /// ``checkAccess(_:_:)`` as a yes or no, for a question whose answer is only that.
  package static func isAccessible(_ path: String, _ mode: Int32) -> Bool {
    (try? checkAccess(path, mode)) != nil
  }

  /// `mkdir(2)`: one directory (its parent must exist), `mode` before the umask.
  package static func makeDirectory(_ path: String, mode: mode_t) throws(Errno) {
    try Errno.check { mkdir(path, mode) }
  }

  /// `realpath(3)`: the absolute path `path` leads to, every link and `..` resolved.
  package static func resolvedPath(_ path: String) throws(Errno) -> String {
    while true {
      if let resolved = realpath(path, nil) {
        defer { free(resolved) }
        return String(cString: resolved)
      }
      let error = Errno.current
      if error != .interrupted { throw error }
    }
  }

  /// `rmdir(2)`: removes an empty directory, nothing else.
  package static func removeDirectory(_ path: String) throws(Errno) {
    try Errno.check { rmdir(path) }
  }

  /// `statvfs(3)`: the sizes of the file system `path` is on.
  package static func volumeStatistics(_ path: String) throws(Errno) -> statvfs {
    var info = statvfs()
    try Errno.check { systemVolumeStatistics(path, &info) }
    return info
  }
}

extension FileDescriptor {
  /// `fstatat(2)`: the status of `name` in this directory; a link's own when `followingLinks` is false.
  package func status(at name: String, followingLinks: Bool = true) throws(Errno) -> stat {
    var info = stat()
    let directory = rawValue
    let flags = followingLinks ? 0 : AT_SYMLINK_NOFOLLOW
    try Errno.check { fstatat(directory, name, &info, flags) }
    return info
  }

  /// `mkdirat(2)`: the directory `name` in this directory, `mode` before the umask.
  package func makeDirectory(at name: String, mode: mode_t) throws(Errno) {
    let directory = rawValue
    try Errno.check { mkdirat(directory, name, mode) }
  }

  /// `unlinkat(2)`: removes `name` in this directory, a file, or an empty directory when
  /// `directory` (`AT_REMOVEDIR`); a link itself, never what it points to.
  package func remove(at name: String, directory: Bool) throws(Errno) {
    let parent = rawValue
    try Errno.check { unlinkat(parent, name, directory ? AT_REMOVEDIR : 0) }
  }

  /// `fstatvfs(3)`: the sizes of the file system this descriptor is on.
  package func volumeStatistics() throws(Errno) -> statvfs {
    var info = statvfs()
    let descriptor = rawValue
    try Errno.check { fstatvfs(descriptor, &info) }
    return info
  }

  /// `poll(2)` on `descriptors` until one is ready, or for at most `timeout` milliseconds (-1:
  /// no limit): how many are ready, their `revents` set (and every other's cleared). Retried when
  /// interrupted, with the whole timeout again: the waits that pass one are start-up waits for a
  /// first message, where a signal stretching them is harmless.
  @discardableResult
  package static func poll(_ descriptors: inout [pollfd], timeout: Int32 = -1) throws(Errno) -> Int {
    let count = nfds_t(descriptors.count)
    let ready = descriptors.withUnsafeMutableBufferPointer { buffer in
      Errno.result { systemPoll(buffer.baseAddress, count, timeout) }
    }
    return Int(try ready.get())
  }

  /// ``poll(_:timeout:)`` on one descriptor.
  @discardableResult
  package static func poll(_ descriptor: inout pollfd, timeout: Int32 = -1) throws(Errno) -> Int {
    Int(try Errno.check { systemPoll(&descriptor, 1, timeout) })
  }
}

private func systemPoll(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ timeout: Int32) -> Int32 {
  poll(descriptors, count, timeout)
}
