#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The directory a snapshot is written into, laid out as a root directory (`DEVCAPS_ROOT`):
/// `/proc/meminfo` goes to `DIR/proc/meminfo`. It must be new or empty, so a snapshot never
/// mixes with other files.
struct BundleDirectory {
  let path: String

  /// Creates the directory (and its missing parents), or takes an empty one.
  static func prepare(_ path: String) throws(SnapshotError) -> BundleDirectory {
    var trimmed = path
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    var status = stat()
    if lstat(trimmed, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
      switch SystemRoot().directoryEntries(trimmed) {
      case .success(let names) where !names.isEmpty: throw .notEmpty(path)
      case .success: break
      case .failure(let failure): throw .cannotCreate(path, failure.description)
      }
    } else if let failure = makeDirectories(trimmed) {
      throw .cannotCreate(path, failure.description)
    }
    // Root writes anywhere the permission bits say no: this finds a read-only file system, and a
    // directory another user may not write, before any probing.
    guard access(trimmed, W_OK | X_OK) == 0 else { throw .cannotCreate(path, Errno.current.description) }
    return BundleDirectory(path: trimmed)
  }

  /// `mkdir -p`: nil when the directory is there afterwards.
  @discardableResult
  static func makeDirectories(_ path: String) -> Errno? {
    var status = stat()
    if stat(path, &status) == 0 {
      return status.st_mode & S_IFMT == S_IFDIR ? nil : Errno(rawValue: ENOTDIR)
    }
    if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
      if let failure = makeDirectories(String(path[..<slash])) { return failure }
    }
    if mkdir(path, 0o755) != 0 && errno != EEXIST { return Errno.current }
    return nil
  }

  /// The path in the bundle of a path inside the root.
  func hostPath(_ rootPath: String) -> String { path + rootPath }

  func contains(_ rootPath: String) -> Bool {
    var status = stat()
    return lstat(hostPath(rootPath), &status) == 0
  }

  func makeDirectory(_ rootPath: String) throws(SnapshotError) {
    if let failure = BundleDirectory.makeDirectories(hostPath(rootPath)) {
      throw .cannotWrite(hostPath(rootPath), failure.description)
    }
  }

  /// Writes a file (its directories first) with these bytes and permission bits.
  func writeFile(_ rootPath: String, _ bytes: [UInt8], mode: mode_t = 0o644) throws(SnapshotError) {
    let target = hostPath(rootPath)
    if let slash = rootPath.lastIndex(of: "/"), slash != rootPath.startIndex {
      try makeDirectory(String(rootPath[..<slash]))
    }
    let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .cannotWrite(target, Errno.current.description) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let failure = Errno.current
        close(descriptor)
        throw .cannotWrite(target, failure.description)
      }
      written += count
    }
    // The mode last: a file written unreadable (a source that refused devcaps) is still written.
    let failed = fchmod(descriptor, mode) != 0 ? Errno.current : nil
    if close(descriptor) != 0 { throw .cannotWrite(target, Errno.current.description) }
    if let failed { throw .cannotWrite(target, failed.description) }
  }
}

/// Why a snapshot could not be written.
public enum SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The directory already holds files: a snapshot is never mixed into them.
  case notEmpty(String)
  /// The directory cannot be created or written (a file in the way, no permission, read-only).
  case cannotCreate(String, String)
  /// A file inside it could not be written (the disk filled up, say).
  case cannotWrite(String, String)

  /// A one-line message naming the path, and for the write errors why they failed.
  public var description: String {
    switch self {
    case .notEmpty(let path):
      return "\(path) is not empty; a snapshot goes into a new or empty directory"
    case .cannotCreate(let path, let problem):
      return "cannot create the snapshot directory \(path): \(problem)"
    case .cannotWrite(let path, let problem):
      return "cannot write \(path): \(problem)"
    }
  }
}
