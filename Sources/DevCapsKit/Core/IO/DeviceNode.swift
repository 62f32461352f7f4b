#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether a path is a device node this process can open for reading and writing: what a job
/// that needs /dev/kvm, /dev/fuse or /dev/net/tun asks.
package enum DeviceNodeAccess: Sendable, Equatable {
  /// A character or block device, opened read-write (and closed again).
  case usable(kind: String)
  case missing
  /// Something else is there: `a regular file`, `a directory`.
  case notADevice(String)
  /// The device is there but opening it read-write failed (permission, or no driver behind it).
  case refused(kind: String, Errno)

  /// Checks `path` (a host path): stat(2), then open(2) with O_RDWR | O_NONBLOCK | O_NOCTTY,
  /// closed at once. A watchdog is never opened (opening one arms it): access(2) answers there.
  package static func check(_ path: String) -> DeviceNodeAccess {
    var info = stat()
    switch Errno.result({ stat(path, &info) }) {
    case .failure(let error) where error == .noSuchFileOrDirectory || error == .notDirectory: return .missing
    case .failure(let error): return .refused(kind: "path", error)
    case .success: break
    }
    let kind: String
    switch info.st_mode & S_IFMT {
    case S_IFCHR: kind = "character device"
    case S_IFBLK: kind = "block device"
    case S_IFREG: return .notADevice("a regular file")
    case S_IFDIR: return .notADevice("a directory")
    case S_IFIFO: return .notADevice("a FIFO")
    case S_IFSOCK: return .notADevice("a socket")
    default: return .notADevice("not a device")
    }
    if path.split(separator: "/").last?.hasPrefix("watchdog") == true {
      if case .failure(let error) = Errno.result({ access(path, R_OK | W_OK) }) { return .refused(kind: kind, error) }
      return .usable(kind: kind)
    }
    do throws(Errno) {
      let descriptor = try FileDescriptor.open(path, O_RDWR | O_NONBLOCK | O_NOCTTY)
      descriptor.closeIgnoringErrors()
      return .usable(kind: kind)
    } catch {
      return .refused(kind: kind, error)
    }
  }
}
