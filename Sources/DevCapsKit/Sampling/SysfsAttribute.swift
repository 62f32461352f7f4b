import CDevCapsShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reading and writing the sysfs attributes a reader changes (`scan_elements/*_en`,
/// `buffer/enable`, `trigger/current_trigger`), every result checked: what devcaps changes it must
/// be able to put back, and a write the kernel refuses is an error value, never ignored.
enum SysfsAttribute {
  /// The attribute's text, white space trimmed, read now (never cached: it is live state).
  ///
  /// From the attribute itself, as ``write(_:_:)`` writes: a link in its place, anything but a
  /// regular file, or a path that leads out of the sysfs tree is refused, so a testbed or a
  /// hostile driver cannot make devcaps read (and act on) another file.
  static func read(_ path: String) -> Result<String, SysfsReadError> {
    let descriptor: FileDescriptor
    switch openAttribute(path, O_RDONLY) {
    case .success(let opened): descriptor = opened
    case .failure(.system(let error)): return .failure(.failed(ReadError(error)))
    case .failure(let problem): return .failure(.refused(problem))
    }
    return descriptor.closeAfter { descriptor in
      do throws(ReadAllError) {
        let bytes = try descriptor.readAll(limit: SystemRoot.maximumFileSize, shortReadIsEnd: true)
        return .success(String(decoding: bytes, as: UTF8.self).trimmingWhitespace())
      } catch {
        switch error {
        case .system(let error): return .failure(.failed(ReadError(error)))
        case .limitExceeded: return .failure(.failed(.tooLarge(limit: SystemRoot.maximumFileSize)))
        }
      }
    }
  }

  /// Writes `value` and a newline, as `echo` does: the kernel strips it from names
  /// (`current_trigger`) and numbers alike, and an empty value still reaches the driver (a
  /// zero-length write would not, so a trigger could not be cleared).
  ///
  /// Only to an attribute itself: a symbolic link in the last component is refused (O_NOFOLLOW),
  /// so is anything but a regular file, and a path that leads out of the sysfs tree it names
  /// (a directory on the way linked elsewhere). A testbed or a hostile driver cannot turn a
  /// write of devcaps into a write to another file.
  static func write(_ path: String, _ value: String) -> Result<Void, SysfsWriteError> {
    let failure = { (problem: SysfsWriteError.Cause) in
      SysfsWriteError(path: path, value: value, problem: problem)
    }
    let descriptor: FileDescriptor
    switch openAttribute(path, O_WRONLY) {
    case .success(let opened): descriptor = opened
    case .failure(let problem): return .failure(failure(problem))
    }
    // Emptied only once checked (O_TRUNC would empty whatever a link led to before any check).
    // The kernel's attributes take each write whole; a testbed's files are plain files.
    if devcaps_is_kernel_sysfs(descriptor.rawValue) != 1 {
      do throws(Errno) {
        try descriptor.truncate()
      } catch {
        descriptor.closeIgnoringErrors()
        return .failure(failure(.system(error)))
      }
    }
    let bytes = Array((value + "\n").utf8)
    // One write: the kernel takes an attribute's value in one piece, so a short write is a failure.
    let written = bytes.withUnsafeBytes { buffer in Result { () throws(Errno) in try descriptor.write(buffer) } }
    let closed = Result { () throws(Errno) in try descriptor.close() }
    switch (written, closed) {
    case (.failure(let error), _), (.success, .failure(let error)): return .failure(failure(.system(error)))
    case (.success(let count), .success) where count != bytes.count: return .failure(failure(.system(.ioError)))
    case (.success, .success): return .success(())
    }
  }

  /// Opens an attribute file, refusing what ``read(_:)`` and ``write(_:_:)`` refuse.
  private static func openAttribute(_ path: String, _ flags: Int32) -> Result<FileDescriptor, SysfsWriteError.Cause> {
    let descriptor: FileDescriptor
    let status: stat
    do throws(Errno) {
      descriptor = try FileDescriptor.open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
    } catch {
      return .failure(error == .symbolicLinkLoop ? .symbolicLink : .system(error))
    }
    do throws(Errno) {
      status = try descriptor.status()
    } catch {
      descriptor.closeIgnoringErrors()
      return .failure(.system(error))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      descriptor.closeIgnoringErrors()
      return .failure(.notRegular(FileKind(mode: status.st_mode)))
    }
    if let outside = pathOutsideSysfs(path, opened: status) {
      descriptor.closeIgnoringErrors()
      return .failure(.outsideSysfs(outside))
    }
    return .success(descriptor)
  }

  /// Where `path` really leads, when that is not inside the sysfs tree the path names (the
  /// directory up to its first `sys` component: `/sys`, or a test's `/tmp/…/sys`), or is not the
  /// file that was opened; nil when it stays inside. Resolved with realpath, which umockdev's
  /// preload redirects as it does the open.
  private static func pathOutsideSysfs(_ path: String, opened: stat) -> String? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard let sys = parts.dropLast().firstIndex(of: "sys") else { return path }
    guard let root = resolved(parts[...sys].joined(separator: "/")) else { return path }
    guard let target = resolved(path) else { return path }
    guard target.hasPrefix(root + "/") else { return target }
    guard let status = try? FileSystem.status(target), status.st_dev == opened.st_dev, status.st_ino == opened.st_ino
    else {
      return target
    }
    return nil
  }

  private static func resolved(_ path: String) -> String? { try? FileSystem.resolvedPath(path) }

  static func isWritable(_ path: String) -> Bool { FileSystem.isAccessible(path, W_OK) }
}

/// A sysfs write that failed or was refused: which attribute, what devcaps tried to write, and why.
struct SysfsWriteError: Error, Sendable, Equatable, CustomStringConvertible {
  enum Cause: Error, Sendable, Equatable {
    /// The kernel's answer.
    case system(Errno)
    /// The attribute's name is a symbolic link.
    case symbolicLink
    /// Something other than a regular file is at the path.
    case notRegular(FileKind)
    /// The path leads out of the sysfs tree, to this file.
    case outsideSysfs(String)
  }

  var path: String
  var value: String
  var problem: Cause

  init(path: String, value: String, problem: Cause) {
    self.path = path
    self.value = value
    self.problem = problem
  }

  init(path: String, value: String, errno: Errno) {
    self.init(path: path, value: value, problem: .system(errno))
  }

  /// The kernel's error number; nil for a write devcaps refused itself.
  var errno: Errno? {
    switch problem {
    case .system(let error): error
    case .symbolicLink, .notRegular, .outsideSysfs: nil
    }
  }

  var description: String {
    "cannot write \(value.quotedForMessage) to \(path): \(problem.reason(devcapsDoes: "writes only to"))"
  }
}

extension SysfsWriteError.Cause {
  /// Why, for a person; `devcapsDoes` says what devcaps does instead ("writes only to").
  func reason(devcapsDoes: String) -> String {
    switch self {
    case .system(let error): error.description
    case .symbolicLink: "it is a symbolic link; devcaps \(devcapsDoes) the attribute file itself"
    case .notRegular(let kind): "it is \(kind.rawValue), not a regular file; devcaps \(devcapsDoes) sysfs attributes"
    case .outsideSysfs(let target):
      "it leads to \(target), outside the sysfs tree; devcaps \(devcapsDoes) sysfs attributes"
    }
  }
}

/// A sysfs read that failed (absent, denied, an I/O error) or that devcaps refused (a link in
/// the attribute's place, not a regular file, a path out of the sysfs tree).
enum SysfsReadError: Error, Sendable, Equatable, CustomStringConvertible {
  case failed(ReadError)
  case refused(SysfsWriteError.Cause)

  var description: String {
    switch self {
    case .failed(let failure): failure.description
    case .refused(let problem): problem.reason(devcapsDoes: "reads only")
    }
  }
}
