#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reading a directory's entries: `opendir` (or `fdopendir`), `readdir` until the end, `closedir`,
/// with each name handed over as its bytes (no String per name: directories of thousands of
/// saved reports, a machine's 200 memory blocks). `.` and `..` are left out. A failure of
/// `readdir` itself (EIO on a broken file system) is an error, not a short listing.
package enum DirectoryEntries {
  /// Each name in the directory at `path`, in the directory's order. `opendir`, which umockdev
  /// redirects into a testbed.
  package static func forEachName(
    in path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(Errno) {
    guard let stream = opendir(path) else { throw Errno.current }
    try readAll(stream, body)
  }

  /// ``forEachName(in:_:)`` for a directory opened already (confined below a root, say). The
  /// descriptor is the stream's from then on, closed with it, whatever happens.
  package static func forEachName(
    in directory: FileDescriptor, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(Errno) {
    guard let stream = fdopendir(directory.rawValue) else {
      let error = Errno.current
      directory.closeIgnoringErrors()
      throw error
    }
    try readAll(stream, body)
  }

  private static func readAll(_ stream: OpaquePointer, _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(Errno) {
    defer { closedir(stream) }
    while true {
      // readdir returns nil both at the end and on failure: only errno tells them apart.
      errno = 0
      guard let entry = readdir(stream) else {
        if errno != 0 { throw Errno.current }
        return
      }
      withUnsafeBytes(of: entry.pointee.d_name) { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        let name = UnsafeBufferPointer(rebasing: bytes[0..<(bytes.firstIndex(of: 0) ?? bytes.count)])
        let dots = name.count <= 2 && name.allSatisfy { $0 == UInt8(ascii: ".") }
        if !dots { body(name) }
      }
    }
  }
}
