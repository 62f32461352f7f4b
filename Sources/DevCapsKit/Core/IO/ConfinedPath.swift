import CDevCapsShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension FileDescriptor {
  /// The most symbolic links one path may lead through, as the kernel's own bound: more is a loop.
  package static let maximumLinksFollowed = 40

  /// `O_PATH`: a descriptor that names a file or directory without opening it to read.
  package static let pathOnly = devcaps_o_path()

  /// Opens `path`, an absolute path inside the directory `root`, as if `root` were `/` (a
  /// chroot without privileges): each component is opened relative to the one before with
  /// O_NOFOLLOW; a symbolic link is read with readlinkat and its target resolved the same way,
  /// an absolute target from `root` again; `..` never climbs above `root`; more than
  /// ``maximumLinksFollowed`` links is `ELOOP`. Nothing outside `root` is opened. `flags` apply
  /// to the last component.
  ///
  /// Not openat2's RESOLVE_IN_ROOT: glibc 2.36 has no wrapper, and umockdev's preload, which
  /// the testbeds depend on, intercepts only the ordinary calls used here.
  package static func openConfined(_ path: String, below root: String, _ flags: Int32) throws(Errno) -> FileDescriptor {
    // The directories from the root down to the current one, for `..`.
    var directories = [try open(root, pathOnly | O_DIRECTORY)]
    defer { for directory in directories { directory.closeIgnoringErrors() } }
    var pending = Array(path.split(separator: "/").reversed())
    var linksFollowed = 0
    while let part = pending.popLast() {
      if part == "." { continue }
      if part == ".." {
        if directories.count > 1 { directories.removeLast().closeIgnoringErrors() }
        continue
      }
      let current = directories[directories.count - 1]
      let name = String(part)
      let isLast = pending.isEmpty
      do throws(Errno) {
        let opened = try current.open(at: name, isLast ? flags | O_NOFOLLOW : pathOnly | O_DIRECTORY | O_NOFOLLOW)
        // O_PATH with O_NOFOLLOW opens a link itself rather than fail: asked for, it is followed.
        if isLast && flags & pathOnly != 0 && (try? opened.status().st_mode & S_IFMT) == S_IFLNK {
          opened.closeIgnoringErrors()
          throw Errno.symbolicLinkLoop
        }
        if isLast { return opened }
        directories.append(opened)
      } catch {
        // O_NOFOLLOW refuses a link with ELOOP, O_DIRECTORY with ENOTDIR: only then is it worth asking.
        guard error == .symbolicLinkLoop || error == .notDirectory, let target = current.linkTarget(at: name) else {
          throw error
        }
        linksFollowed += 1
        if linksFollowed > maximumLinksFollowed { throw .symbolicLinkLoop }
        if target.hasPrefix("/") {
          while directories.count > 1 { directories.removeLast().closeIgnoringErrors() }
        }
        pending += target.split(separator: "/").reversed()
      }
    }
    // The path named a directory on the way (the root itself, or one reached by `..`).
    return try directories[directories.count - 1].open(at: ".", flags)
  }

  /// The target of the symbolic link `name` in this directory; nil when it is not a link.
  package func linkTarget(at name: String) -> String? {
    let directory = rawValue
    return FileDescriptor.linkTarget { readlinkat(directory, name, $0, $1) }
  }

  /// The target of the symbolic link at `path`; nil when it is not a link. `readlink`, which
  /// umockdev redirects for /sys paths.
  package static func linkTarget(_ path: String) -> String? {
    linkTarget { readlink(path, $0, $1) }
  }

  private static func linkTarget(_ read: (UnsafeMutablePointer<CChar>, Int) -> Int) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBufferPointer { read($0.baseAddress!, $0.count - 1) }
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
