#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The directory a snapshot is written into, laid out as a root directory (`DEVCAPS_ROOT`):
/// `/proc/meminfo` goes to `DIR/proc/meminfo`.
///
/// Nothing is written outside it. It is created here, or must be an empty directory the caller
/// owns (not a symbolic link to one); it is opened once, and every file and subdirectory is made
/// relative to that descriptor, one component at a time, with O_NOFOLLOW and O_EXCL, so that
/// a symbolic link put into it mid-run (`DIR/proc` → elsewhere) is refused rather than followed.
/// Paths are normalised first; one that leaves the root (`/a/../../x`) is refused.
final class BundleDirectory {
  let path: String
  private let descriptor: FileDescriptor
  /// The directories `prepare` made for the bundle (it, and its missing parents), outermost first.
  private let madeDirectories: [String]
  /// What was made inside it, in order, relative to it: each removed again when the snapshot fails.
  private var made: [(path: String, isDirectory: Bool)] = []

  private init(path: String, descriptor: FileDescriptor, madeDirectories: [String]) {
    self.path = path
    self.descriptor = descriptor
    self.madeDirectories = madeDirectories
  }

  deinit { descriptor.closeIgnoringErrors() }

  /// Creates the directory (and its missing parents), or takes an empty one the caller owns.
  static func prepare(_ path: String) throws(SnapshotError) -> BundleDirectory {
    let trimmed = try withoutLinks(path)
    var madeDirectories: [String] = []
    if let status = try? FileSystem.status(trimmed, followingLinks: false) {
      switch FileKind(mode: status.st_mode) {
      case .directory:
        guard status.st_uid == geteuid() else { throw .notOwned(path) }
      case .symbolicLink: throw .symbolicLink(path)
      default: throw .cannotCreate(path, "it is \(FileKind(mode: status.st_mode).rawValue), not a directory")
      }
    } else {
      madeDirectories = missingDirectories(trimmed)
      if let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex,
        let (_, failure) = FileOutput.makeDirectories(String(trimmed[..<slash]), mode: 0o777)
      {
        throw .cannotCreate(path, failure.description)
      }
      do throws(Errno) {
        try FileSystem.makeDirectory(trimmed, mode: 0o777)
      } catch {
        throw .cannotCreate(path, error.description)
      }
    }
    let opened: FileDescriptor
    do {
      opened = try FileDescriptor.open(trimmed, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
    } catch {
      throw .cannotCreate(path, error == .symbolicLinkLoop ? "it is a symbolic link" : error.description)
    }
    let bundle = BundleDirectory(path: trimmed, descriptor: opened, madeDirectories: madeDirectories)
    // The directory opened is the one checked, and still empty: nothing was swapped in between.
    switch SystemRoot().directoryEntries(trimmed) {
    case .success(let names) where !names.isEmpty: throw .notEmpty(path)
    case .success: break
    case .failure(let failure): throw .cannotCreate(path, failure.description)
    }
    // Root writes anywhere the permission bits say no: this finds a read-only file system, and a
    // directory another user may not write, before any probing.
    do throws(Errno) {
      try FileSystem.checkAccess(trimmed, W_OK | X_OK)
    } catch {
      throw .cannotCreate(path, error.description)
    }
    return bundle
  }

  /// The path without `.` components and trailing slashes (`LINK/.` is `LINK`), after checking
  /// that none of its components is a symbolic link: `snapshot LINK/.` would otherwise write
  /// wherever the link points, as `snapshot LINK` is refused for.
  private static func withoutLinks(_ path: String) throws(SnapshotError) -> String {
    let absolute = path.hasPrefix("/")
    var built = ""
    for part in path.split(separator: "/") where part != "." {
      built += built.isEmpty && !absolute ? String(part) : "/" + part
      if let status = try? FileSystem.status(built, followingLinks: false), status.st_mode & S_IFMT == S_IFLNK {
        throw .symbolicLink(path)
      }
    }
    return built.isEmpty ? (absolute ? "/" : ".") : built
  }

  /// `path` and those of its parents that do not exist yet, outermost first: what `mkdir -p` makes.
  private static func missingDirectories(_ path: String) -> [String] {
    var missing: [String] = []
    var current = Substring(path)
    while !current.isEmpty, (try? FileSystem.status(String(current), followingLinks: false)) == nil {
      missing.insert(String(current), at: 0)
      guard let slash = current.lastIndex(of: "/"), slash != current.startIndex else { break }
      current = current[..<slash]
    }
    return missing
  }

  /// After a failed snapshot: removes what it made, innermost first, and the directories
  /// `prepare` made for it, so a failure leaves the place as it was. Only what it made: a
  /// directory someone else filled meanwhile stays (rmdir removes only empty ones).
  func removeMade() {
    for entry in made.reversed() { try? descriptor.remove(at: entry.path, directory: entry.isDirectory) }
    made.removeAll()
    for directory in madeDirectories.reversed() { try? FileSystem.removeDirectory(directory) }
  }

  /// The components of a path inside the root, `.` and `..` resolved; nil when it leaves the root.
  static func components(_ rootPath: String) -> [String]? {
    var parts: [String] = []
    for part in rootPath.split(separator: "/") where part != "." {
      if part == ".." {
        if parts.popLast() == nil { return nil }
      } else {
        parts.append(String(part))
      }
    }
    return parts
  }

  /// The path in the bundle of a path inside the root, for messages.
  func hostPath(_ rootPath: String) -> String { path + rootPath }

  /// Something is at this path in the bundle already (never following a link).
  func contains(_ rootPath: String) -> Bool {
    guard let parts = BundleDirectory.components(rootPath), let name = parts.last else { return true }
    guard let parent = try? directory(parts.dropLast(), creating: false) else { return false }
    defer { if parent != descriptor { parent.closeIgnoringErrors() } }
    return (try? parent.status(at: name, followingLinks: false)) != nil
  }

  func makeDirectory(_ rootPath: String) throws(SnapshotError) {
    guard let parts = BundleDirectory.components(rootPath) else { throw .outsideRoot(rootPath) }
    let opened: FileDescriptor
    do {
      opened = try directory(parts[...], creating: true)
    } catch {
      throw .cannotWrite(hostPath(rootPath), error.description)
    }
    if opened != descriptor { opened.closeIgnoringErrors() }
  }

  /// Writes a new file (its directories first) with these bytes. `permissions` nil: 0666 less
  /// the umask, as any file a program makes; else these bits (less the umask): 0600 for an
  /// identifier kept, 0 for a source that was unreadable.
  func writeFile(_ rootPath: String, _ bytes: [UInt8], permissions: mode_t? = nil) throws(SnapshotError) {
    guard let parts = BundleDirectory.components(rootPath), let name = parts.last else { throw .outsideRoot(rootPath) }
    let target = hostPath(rootPath)
    do throws(Errno) {
      let parent = try directory(parts.dropLast(), creating: true)
      defer { if parent != descriptor { parent.closeIgnoringErrors() } }
      // The descriptor is open for writing whatever the bits say: a file made unreadable is still written.
      let file = try parent.open(at: name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: permissions ?? 0o666)
      made.append((parts.joined(separator: "/"), false))
      try file.closeAfter { (file) throws(Errno) in try file.writeAll(bytes) }
    } catch {
      throw .cannotWrite(target, error == .symbolicLinkLoop ? "a symbolic link is in the way" : error.description)
    }
  }

  /// The directory at these components below the bundle, opened (the bundle's own descriptor
  /// for none), each made when `creating` and missing, none followed if it is a link.
  private func directory(_ parts: ArraySlice<String>, creating: Bool) throws(Errno) -> FileDescriptor {
    var current = descriptor
    for (depth, part) in parts.enumerated() {
      if creating {
        do throws(Errno) {
          try current.makeDirectory(at: part, mode: 0o777)
          made.append((parts.prefix(depth + 1).joined(separator: "/"), true))
        } catch let error where error != .exists {
          if current != descriptor { current.closeIgnoringErrors() }
          throw error
        } catch {
          // Made already (by an earlier file in it): opened below all the same.
        }
      }
      let next: FileDescriptor
      do {
        next = try current.open(at: part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
      } catch {
        if current != descriptor { current.closeIgnoringErrors() }
        throw error
      }
      if current != descriptor { current.closeIgnoringErrors() }
      current = next
    }
    return current
  }
}

/// Why a snapshot could not be written.
package enum SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The directory already holds files: a snapshot is never mixed into them.
  case notEmpty(String)
  /// The directory is a symbolic link: the snapshot would be written wherever it points.
  case symbolicLink(String)
  /// The directory belongs to another user (an empty directory in /tmp, made by someone else).
  case notOwned(String)
  /// The directory cannot be created or written (a file in the way, no permission, read-only).
  case cannotCreate(String, String)
  /// A file inside it could not be written (the disk filled up, say).
  case cannotWrite(String, String)
  /// A path from the machine's sources leads out of the snapshot (`/a/../../x` in mountinfo).
  case outsideRoot(String)

  /// A one-line message naming the path, and for the write errors why they failed.
  package var description: String {
    switch self {
    case .notEmpty(let path):
      return "\(path) is not empty; a snapshot goes into a new or empty directory"
    case .symbolicLink(let path):
      return "\(path) is a symbolic link, or goes through one; name a new directory, or an empty one of yours, itself"
    case .notOwned(let path):
      return "\(path) belongs to another user; a snapshot goes into a new directory or an empty one of yours"
    case .cannotCreate(let path, let problem):
      return "cannot create the snapshot directory \(path): \(problem)"
    case .cannotWrite(let path, let problem):
      return "cannot write \(path): \(problem)"
    case .outsideRoot(let path):
      return "\(path) leads outside the snapshot directory; refused"
    }
  }

  /// The usage errors (exit 64): the directory named is not one a snapshot may go into.
  package var isUsageError: Bool {
    switch self {
    case .notEmpty, .symbolicLink, .notOwned: true
    case .cannotCreate, .cannotWrite, .outsideRoot: false
    }
  }
}
