#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writing files whole: what devcaps writes to a path (exports, calibrations, a snapshot's
/// report) is either all there or not there, and only ever a regular file.
package enum FileOutput {
  /// Replaces a regular file atomically: a temporary file in the same directory (a hidden name
  /// with a random suffix, so a reader globbing `*.prom` never sees it), with `permissions`,
  /// flushed, then renamed over the target.
  ///
  /// Only a regular file is replaced, or a new one created. A device, FIFO, socket or directory
  /// at `path` is refused: renaming over `/dev/null` would turn it into a file. A symbolic link
  /// is followed: the regular file it points to is replaced and the link stays a link; a link
  /// to nothing, or to anything but a regular file, is refused.
  package static func replace(_ path: String, with text: String, permissions: mode_t = 0o644) throws(OutputFileError) {
    try PendingFile(path, permissions: permissions).commit(text)
  }

  /// Appends to a regular file, creating it when absent (a CI system's step summary): the
  /// same rules as `replace` (a device, FIFO, socket or directory refused, never opened, so a
  /// FIFO without a reader cannot block; another user's link in a sticky directory refused),
  /// and the whole text written or an error.
  package static func append(_ path: String, _ text: String) throws(OutputFileError) {
    let target = try regularTarget(path)
    let file: FileDescriptor
    do throws(Errno) {
      file = try FileDescriptor.open(target, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_NOFOLLOW, mode: 0o644)
    } catch {
      throw .system(path, "append to", error)
    }
    let kind: FileKind
    do throws(Errno) {
      kind = FileKind(mode: try file.status().st_mode)
    } catch {
      file.closeIgnoringErrors()
      throw .system(path, "append to", error)
    }
    // Checked again on the open file: something else may have been put there meanwhile.
    guard kind == .regular else {
      file.closeIgnoringErrors()
      throw .notRegularFile(path, kind)
    }
    do throws(Errno) {
      try file.writeAll(text)
    } catch {
      file.closeIgnoringErrors()
      throw .system(path, "append to", error)
    }
    do throws(Errno) { try file.close() } catch { throw .system(path, "append to", error) }
  }

  /// The path to replace: `path` itself when it is absent or a regular file, the file a symbolic
  /// link points to when that is a regular file; anything else is refused.
  static func regularTarget(_ path: String) throws(OutputFileError) -> String {
    try refuseForeignLinks(path)
    let info: stat
    do throws(Errno) {
      info = try FileSystem.status(path, followingLinks: false)
    } catch {
      if error == .noSuchFileOrDirectory { return path }
      throw .system(path, "look at", error)
    }
    let kind = FileKind(mode: info.st_mode)
    if kind == .regular { return path }
    guard kind == .symbolicLink else { throw .notRegularFile(path, kind) }
    let target: String
    do throws(Errno) {
      target = try FileSystem.resolvedPath(path)
    } catch {
      if error == .noSuchFileOrDirectory { throw .danglingLink(path) }
      throw .system(path, "follow the link", error)
    }
    let targetInfo: stat
    do throws(Errno) { targetInfo = try FileSystem.status(target) } catch { throw .system(path, "look at", error) }
    let targetKind = FileKind(mode: targetInfo.st_mode)
    guard targetKind == .regular else { throw .notRegularFile(path, targetKind) }
    return target
  }

  /// The rule of the kernel's fs.protected_symlinks, kept whatever the sysctl says, for every
  /// link on the way to `path`, not only the last: in a sticky directory anyone may write (/tmp, a
  /// shared drop folder), a link is followed only when it belongs to the caller or to the
  /// directory's owner. Another user's link there is a trap (`shared/devcaps.prom -> /root/victim`,
  /// or `shared/out -> /root` under `shared/out/victim`), never a way to the target.
  ///
  /// The path is walked as the kernel resolves it: each component looked at with lstat, a link's
  /// target read and walked in its place, so a link reached through another link is checked too.
  /// The walk stops at the first missing component (creating the file then fails or not, as it
  /// would anyway); more than ``FileDescriptor/maximumLinksFollowed`` links is a loop.
  static func refuseForeignLinks(_ path: String) throws(OutputFileError) {
    // The link-free directory reached so far, and the components still to walk, last first.
    var directory = path.hasPrefix("/") ? "/" : "."
    var pending = Array(path.split(separator: "/").reversed())
    var linksFollowed = 0
    while let part = pending.popLast() {
      if part == "." { continue }
      let candidate = directory == "/" ? "/" + part : directory + "/" + part
      guard let info = try? FileSystem.status(candidate, followingLinks: false) else { return }
      guard info.st_mode & S_IFMT == S_IFLNK else {
        directory = candidate
        continue
      }
      let parent: stat
      do throws(Errno) { parent = try FileSystem.status(directory) } catch {
        throw .system(path, "look at the directory of", error)
      }
      let shared = parent.st_mode & S_ISVTX != 0 && parent.st_mode & S_IWOTH != 0
      if shared && info.st_uid != geteuid() && info.st_uid != parent.st_uid {
        throw .foreignLink(path, link: pending.isEmpty ? path : candidate, owner: info.st_uid)
      }
      linksFollowed += 1
      if linksFollowed > FileDescriptor.maximumLinksFollowed {
        throw .system(path, "follow the links of", .symbolicLinkLoop)
      }
      guard let target = FileDescriptor.linkTarget(candidate) else { return }
      if target.hasPrefix("/") { directory = "/" }
      pending += target.split(separator: "/").reversed()
    }
  }

  /// `mkdir -p`: every missing directory of `path` made with `mode` (before the umask). Nil when
  /// `path` is a directory afterwards; else the first directory that could not be made, and why
  /// (`ENOTDIR` when something else is in the way).
  package static func makeDirectories(_ path: String, mode: mode_t) -> (directory: String, failure: Errno)? {
    var built = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      built += "/" + part
      do throws(Errno) {
        try FileSystem.makeDirectory(built, mode: mode)
        continue
      } catch {
        guard error.rawValue == EEXIST else { return (built, error) }
      }
      guard let status = try? FileSystem.status(built), status.st_mode & S_IFMT == S_IFDIR else {
        return (built, Errno(rawValue: ENOTDIR))
      }
    }
    return nil
  }
}

/// A file `FileOutput` will replace, made ready before its content exists: the path checked
/// (a regular file or nothing, no foreign link) and a temporary file created beside it, so a
/// command that gathers for a while (`motion --record`) refuses an unusable path at once. The
/// content is written by `commit`; `abandon` removes the temporary file and leaves the path as
/// it was.
package final class PendingFile {
  let path: String
  let target: String
  let directory: String
  let temporary: String
  let descriptor: FileDescriptor
  private var open = true

  package init(_ path: String, permissions: mode_t = 0o644) throws(OutputFileError) {
    let target = try FileOutput.regularTarget(path)
    let slash = target.lastIndex(of: "/")
    let directory = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    if name.isEmpty { throw .notAFileName(path) }
    var template = Array((directory + "/." + name + ".XXXXXX").utf8CString)
    let opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if opened < 0 { throw .system(path, "write", .current) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let descriptor = FileDescriptor(rawValue: opened)
    do throws(Errno) {
      try descriptor.setPermissions(permissions)
    } catch {
      descriptor.closeIgnoringErrors()
      unlink(temporary)
      throw .system(path, "write", error)
    }
    self.path = path
    self.target = target
    self.directory = directory
    self.temporary = temporary
    self.descriptor = descriptor
  }

  /// The text written and flushed, then renamed over the target; on any failure nothing is
  /// left but what was there before.
  package func commit(_ text: String) throws(OutputFileError) {
    precondition(open, "a pending file is committed or abandoned once")
    open = false
    do throws(Errno) {
      try descriptor.writeAll(text)
      try descriptor.synchronize()
    } catch {
      descriptor.closeIgnoringErrors()
      unlink(temporary)
      throw .system(path, "write", error)
    }
    do throws(Errno) {
      try descriptor.close()
      try Errno.check { rename(temporary, target) }
    } catch {
      unlink(temporary)
      throw .system(path, "write", error)
    }
    if let directoryDescriptor = try? FileDescriptor.open(directory, O_RDONLY | O_DIRECTORY) {
      try? directoryDescriptor.synchronize()
      directoryDescriptor.closeIgnoringErrors()
    }
  }

  /// The temporary file removed; the path untouched.
  package func abandon() {
    guard open else { return }
    open = false
    descriptor.closeIgnoringErrors()
    unlink(temporary)
  }

  deinit { abandon() }
}

/// Why ``FileOutput/replace(_:with:permissions:)`` wrote nothing.
package enum OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Something other than a regular file is at the path.
  case notRegularFile(String, FileKind)
  /// A symbolic link that points to nothing.
  case danglingLink(String)
  /// The path ends in a slash.
  case notAFileName(String)
  /// A symbolic link of another user's in a sticky directory anyone may write: the path itself,
  /// or a link on the way to it.
  case foreignLink(String, link: String, owner: uid_t)
  /// A system call failed: what devcaps was doing, and why it failed.
  case system(String, String, Errno)

  /// One line naming the path: `cannot write /dev/null: it is a character device, not a regular file`.
  package var description: String {
    switch self {
    case .notRegularFile(let path, let kind):
      return "cannot write \(path): it is \(kind.rawValue), not a regular file; devcaps writes only regular files"
    case .danglingLink(let path):
      return "cannot write \(path): it is a symbolic link to a file that does not exist"
    case .notAFileName(let path):
      return "cannot write \(path): not a file name"
    case .foreignLink(let path, let link, let owner):
      let what = link == path ? "it" : link
      return
        "cannot write \(path): \(what) is a symbolic link of user \(owner) in a shared sticky directory; devcaps follows only links of yours or of the directory's owner there"
    case .system(let path, let operation, let error):
      return "cannot \(operation) \(path): \(error)"
    }
  }

}
