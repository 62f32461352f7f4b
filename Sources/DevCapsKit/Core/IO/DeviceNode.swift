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

  /// Checks `path` (a host path, links followed).
  package static func check(_ path: String) -> DeviceNodeAccess {
    check(name: path) { () throws(Errno) in try FileDescriptor.open(path, FileDescriptor.pathOnly) }
  }

  /// `path` checked as the root sees it: below `DEVCAPS_ROOT` resolved inside the root as every
  /// other read is (an image's `dev/kvm -> /dev/null` is the image's `dev/null`, never the
  /// host's). `afterResolving` runs between the two steps (tests change the image there).
  static func check(_ path: String, inside root: SystemRoot, afterResolving: () -> Void = {}) -> DeviceNodeAccess {
    if root.isLiveSystem { return check(path) }
    return check(name: path) { () throws(Errno) in
      let node = try root.openInside(path, FileDescriptor.pathOnly)
      afterResolving()
      return node
    }
  }

  /// Checks the node `resolve` opens (O_PATH): its type by fstat(2) of that descriptor, then
  /// the same node opened with O_RDWR | O_NONBLOCK | O_NOCTTY through /proc/self/fd (the
  /// descriptor's own link, not the path again) and closed at once. So what is checked is
  /// what was resolved: a component of the path swapped for a link in between changes nothing.
  /// A watchdog (by the name asked for or the one resolved) is never opened, as opening one
  /// arms it: access(2) of the descriptor's link answers there.
  private static func check(name: String, resolve: () throws(Errno) -> FileDescriptor) -> DeviceNodeAccess {
    let node: FileDescriptor
    do throws(Errno) {
      node = try resolve()
    } catch {
      return error == .noSuchFileOrDirectory || error == .notDirectory ? .missing : .refused(kind: "path", error)
    }
    return node.closeAfter { node in
      let info: stat
      do throws(Errno) {
        info = try node.status()
      } catch {
        return .refused(kind: "path", error)
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
      let link = "/proc/self/fd/\(node.rawValue)"
      let names = [name, FileDescriptor.linkTarget(link) ?? ""]
      if names.contains(where: { $0.split(separator: "/").last?.hasPrefix("watchdog") == true }) {
        if case .failure(let error) = Errno.result({ access(link, R_OK | W_OK) }) { return .refused(kind: kind, error) }
        return .usable(kind: kind)
      }
      do throws(Errno) {
        try FileDescriptor.open(link, O_RDWR | O_NONBLOCK | O_NOCTTY).closeIgnoringErrors()
        return .usable(kind: kind)
      } catch {
        return .refused(kind: kind, error)
      }
    }
  }
}
