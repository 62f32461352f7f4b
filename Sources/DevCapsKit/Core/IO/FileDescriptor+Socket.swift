#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Unix stream socket, for talking to the D-Bus system bus without a library in between.
extension FileDescriptor {
  /// Connects to the Unix socket at `path` (close-on-exec, non-blocking: every read waits in
  /// `waitReadable` under a deadline, never in the kernel).
  package static func connectUnixStream(path: String) throws(Errno) -> FileDescriptor {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    let bytes = Array(path.utf8)
    guard bytes.count < capacity, !bytes.contains(0) else { throw Errno(rawValue: ENAMETOOLONG) }
    withUnsafeMutableBytes(of: &address.sun_path) { destination in
      destination.copyBytes(from: bytes)
    }
    let socketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
    let descriptor = FileDescriptor(rawValue: try Errno.check { socket(AF_UNIX, socketType, 0) })
    let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
    let connected = Errno.result {
      withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor.rawValue, $0, length) }
      }
    }
    // A non-blocking connect to a Unix socket completes at once or fails (EAGAIN: the
    // listener's backlog is full, which a bus under load can be): both are answers.
    if case .failure(let error) = connected {
      descriptor.closeIgnoringErrors()
      throw error
    }
    return descriptor
  }

  /// Waits until the descriptor can be read or `milliseconds` pass: true when it can.
  package func waitReadable(milliseconds: Int32) throws(Errno) -> Bool {
    var entry = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
    let ready = try FileDescriptor.poll(&entry, timeout: milliseconds)
    return ready > 0
  }

  /// Reads what is there now into `buffer`: the count read, 0 at the end of the stream, nil
  /// when nothing is waiting (EAGAIN on a non-blocking descriptor).
  package func readAvailable(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int? {
    do {
      return try read(into: buffer)
    } catch {
      if error == .resourceTemporarilyUnavailable { return nil }
      throw error
    }
  }
}
