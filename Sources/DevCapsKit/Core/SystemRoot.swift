#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The directory that `/etc`, `/proc` and `/sys` are read under: `/` on a live system, another
/// directory for tests, chroots and mounted images (`DEVCAPS_ROOT`).
struct SystemRoot: Sendable, Equatable {
  /// The root without a trailing slash; empty for `/`.
  let prefix: String

  init(_ path: String = "/") {
    var trimmed = path
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    prefix = trimmed
  }

  /// `DEVCAPS_ROOT` when set and not empty, else `/`.
  static func fromEnvironment() -> SystemRoot {
    guard let value = getenv("DEVCAPS_ROOT"), value.pointee != 0 else { return SystemRoot() }
    return SystemRoot(String(cString: value))
  }

  var isLiveSystem: Bool { prefix.isEmpty }

  /// Opens an absolute path inside the root. On the live system it is the path itself; below
  /// `DEVCAPS_ROOT` every component is resolved inside the root (an image's
  /// `etc/os-release -> /usr/lib/os-release` reads the image's file, never the host's), at the
  /// cost of a system call per component, paid only there.
  func openInside(_ path: String, _ flags: Int32) throws(Errno) -> FileDescriptor {
    if isLiveSystem { return try FileDescriptor.open(path, flags) }
    return try FileDescriptor.openConfined(path, below: prefix, flags)
  }

  /// The target of the symbolic link at `path` (its own, not followed), its directory resolved
  /// inside the root; nil when it is no link.
  func linkTarget(_ path: String) -> String? {
    if isLiveSystem { return FileDescriptor.linkTarget(path) }
    let slash = path.lastIndex(of: "/") ?? path.startIndex
    let directory = String(path[..<slash])
    let name = String(path[path.index(after: slash)...])
    guard let parent = try? openInside(directory.isEmpty ? "/" : directory, FileDescriptor.pathOnly | O_DIRECTORY)
    else { return nil }
    return parent.closeAfter { $0.linkTarget(at: name) }
  }

  /// The status of what is at `path`, links followed inside the root.
  func status(_ path: String) -> stat? {
    guard let descriptor = try? openInside(path, FileDescriptor.pathOnly) else { return nil }
    return descriptor.closeAfter { try? $0.status() }
  }
}

/// Why a file could not be read. Absence is ordinary (a machine without DMI); the rest are worth
/// telling the user.
public enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
  case missing
  case permissionDenied
  case tooLarge(limit: Int)
  case notRegularFile(FileKind)
  /// Another failure: the C library's `errno` (`EIO`, `ELOOP`), which ``description`` spells
  /// as `strerror` does. A number, not a type of devcaps' own, so that an app that also imports
  /// swift-system meets one `Errno`, its own.
  case system(errno: Int32)

  /// The reason, for a person (`does not exist`, `permission denied`).
  public var description: String {
    switch self {
    case .missing: return "does not exist"
    case .permissionDenied: return "permission denied"
    case .tooLarge(let limit): return "larger than \(limit) bytes"
    case .notRegularFile(let kind): return "it is \(kind.rawValue), not a regular file"
    case .system(let number): return Errno(rawValue: number).description
    }
  }

  package init(_ error: Errno) {
    if error.meansAbsent {
      self = .missing
    } else if error.meansDenied {
      self = .permissionDenied
    } else {
      self = .system(errno: error.rawValue)
    }
  }

}

extension SystemRoot {
  /// Attribute files are small; anything larger than this is garbage, not data.
  static let maximumFileSize = 1 << 20

  /// Reads a whole file. sysfs reports a size of 4096 and procfs 0, so this reads to the end
  /// rather than trusting `st_size`. A sysfs attribute arrives whole in its first read, so a short
  /// read there is the end: that saves a syscall per attribute (hundreds for memory blocks).
  /// Only a regular file is read: a FIFO, socket or device in a file's place (a hostile
  /// DEVCAPS_ROOT, a FIFO in a reports folder) is refused without blocking.
  ///
  /// `kernelFile`: a probe's own path (no `..`, no link of /proc/self/root or fd/ on the way).
  /// On the live system, below /sys and /proc, whose files the kernel makes and which are never
  /// FIFOs or devices, it is then read without the fstat that checks what it is: a tenth of
  /// reading a sysfs attribute, a hundred times a report. The open's O_NONBLOCK still keeps
  /// anything mounted over them by root from blocking. Below DEVCAPS_ROOT every file is checked.
  ///
  /// `namedInput`: a file a person named (``readNamedInput(_:limit:)``): a pipe is read too.
  func readBytes(_ path: String, limit: Int = maximumFileSize, kernelFile: Bool = false, namedInput: Bool = false)
    -> Result<[UInt8], ReadError>
  {
    let sysfs = path.hasPrefix("/sys/")
    let kernelFileSystem = sysfs || path.hasPrefix("/proc/")
    let descriptor: FileDescriptor
    var size = 0
    if kernelFile && kernelFileSystem && isLiveSystem {
      do throws(Errno) {
        descriptor = try FileDescriptor.open(path, FileDescriptor.regularFileFlags)
      } catch {
        return .failure(ReadError(error))
      }
    } else {
      do throws(RegularFileError) {
        (descriptor, size) = try FileDescriptor.openRegularFileWithSize(acceptingPipes: namedInput) {
          (flags) throws(Errno) in
          try openInside(path, flags)
        }
      } catch {
        switch error {
        case .system(let error): return .failure(ReadError(error))
        case .notRegular(let kind): return .failure(.notRegularFile(kind))
        }
      }
    }
    return descriptor.closeAfter { descriptor in
      do throws(ReadAllError) {
        // sysfs gives every attribute a size of 4096 and procfs 0: only other files are trusted.
        return .success(
          try descriptor.readAll(
            limit: limit, shortReadIsEnd: sysfs, expectedSize: kernelFileSystem ? 0 : size, waitsForData: namedInput))
      } catch {
        switch error {
        case .system(let error): return .failure(ReadError(error))
        case .limitExceeded: return .failure(.tooLarge(limit: limit))
        }
      }
    }
  }

  /// A file a person named as input (a manifest, a saved report, a recording): a regular file
  /// or a pipe, a relative path taken from the working directory, never from DEVCAPS_ROOT.
  static func readNamedInput(_ path: String, limit: Int) -> Result<[UInt8], ReadError> {
    SystemRoot().readBytes(path.hasPrefix("/") ? path : "./" + path, limit: limit, namedInput: true)
  }

  /// A file's text; invalid UTF-8 is replaced, never fatal.
  func readText(_ path: String) -> Result<String, ReadError> {
    readBytes(path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The names in a directory, sorted, without `.` and `..`. Uses `opendir`, which umockdev
  /// redirects (FileManager's recursive walk escapes it).
  func directoryEntries(_ path: String) -> Result<[String], ReadError> {
    var names: [String] = []
    return forEachEntry(path) { names.append(String(decoding: $0, as: UTF8.self)) }.map { names.sorted() }
  }

  /// Each entry's name (not `.` and `..`) as its bytes, in the directory's order: no String per
  /// name, for directories of thousands of saved reports.
  func forEachEntry(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Result<Void, ReadError> {
    do throws(Errno) {
      if isLiveSystem {
        // `opendir`, which umockdev redirects (FileManager's recursive walk escapes it).
        try DirectoryEntries.forEachName(in: path, body)
      } else {
        try DirectoryEntries.forEachName(in: try openInside(path, O_RDONLY | O_DIRECTORY), body)
      }
      return .success(())
    } catch {
      return .failure(ReadError(error))
    }
  }

  /// How many entries (not `.` and `..`) have a name `matches` accepts, given its bytes: no
  /// String per name and no sorting (a machine's 200 memory blocks cost half of
  /// `devcaps get memory.totalBytes` as sorted Strings).
  func countEntries(_ path: String, where matches: (UnsafeBufferPointer<UInt8>) -> Bool) -> Result<Int, ReadError> {
    var count = 0
    return forEachEntry(path) { if matches($0) { count += 1 } }.map { count }
  }

  /// Something is at `path`, links followed (inside the root). Sets `errno` when not.
  func exists(_ path: String) -> Bool {
    if isLiveSystem {
      do throws(Errno) {
        try FileSystem.checkAccess(path, F_OK)
        return true
      } catch {
        errno = error.rawValue
        return false
      }
    }
    do throws(Errno) {
      try openInside(path, FileDescriptor.pathOnly).closeIgnoringErrors()
      return true
    } catch {
      errno = error.rawValue
      return false
    }
  }
}
