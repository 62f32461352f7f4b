#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The C functions under names of their own: inside `FileDescriptor`, `read` and `close` are its methods.
// By withCString: a String passed as a `char *` is first copied into a new array, a tenth of
// reading a sysfs file.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  path.withCString { open($0, flags, mode) }
}
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

/// An open file descriptor: the one way devcaps opens, reads, writes and closes files. Every
/// call retries when interrupted (EINTR) and fails with a typed ``Errno``; nothing outside
/// `Core/IO` calls the C library's I/O functions (a lint in the test command checks it).
package struct FileDescriptor: RawRepresentable, Hashable, Sendable {
  /// The descriptor number.
  package let rawValue: Int32

  /// Wraps a descriptor number this process owns.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// Standard input.
  package static let standardInput = FileDescriptor(rawValue: 0)
  /// Standard output.
  package static let standardOutput = FileDescriptor(rawValue: 1)
  /// Standard error.
  package static let standardError = FileDescriptor(rawValue: 2)

  /// Opens `path` (close-on-exec always).
  package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(Errno) -> FileDescriptor {
    FileDescriptor(rawValue: try Errno.check { systemOpen(path, flags | O_CLOEXEC, mode) })
  }

  /// Opens `path` relative to this directory descriptor (`openat`, close-on-exec always).
  package func open(at path: String, _ flags: Int32, mode: mode_t = 0) throws(Errno) -> FileDescriptor {
    let directory = rawValue
    return FileDescriptor(
      rawValue: try Errno.check { path.withCString { openat(directory, $0, flags | O_CLOEXEC, mode) } })
  }

  /// Opens a file that must be a regular file: with O_NONBLOCK, so that a FIFO in its place
  /// neither blocks the open nor the reads, then checked with fstat. A FIFO, socket, device or
  /// directory is refused as ``RegularFileError/notRegular(_:)``.
  package static func openRegularFile(_ path: String) throws(RegularFileError) -> FileDescriptor {
    try openRegularFileWithSize(path).descriptor
  }

  /// ``openRegularFile(_:)``, with the size fstat gave (0 for procfs files, 4096 for sysfs ones).
  package static func openRegularFileWithSize(
    _ path: String
  ) throws(RegularFileError) -> (descriptor: FileDescriptor, size: Int) {
    try openRegularFileWithSize { (flags) throws(Errno) in try open(path, flags) }
  }

  /// The flags a file that must be regular is opened with: a FIFO in its place blocks neither
  /// the open nor the reads, and a terminal does not become the controlling one.
  package static let regularFileFlags = O_RDONLY | O_NONBLOCK | O_NOCTTY

  /// ``openRegularFileWithSize(_:)`` with the file opened by `opening`, given the flags to
  /// open it with (a path confined below a root, say).
  ///
  /// `acceptingPipes`: a pipe is read too (a FIFO, a shell's `<(…)`, /dev/stdin when it is a
  /// pipe), for a file a person named on the command line; its size is 0. The open does not
  /// block; this waits, as `cat` does, until a writer sends or leaves, and the pipe stays
  /// non-blocking: read it with ``readWaiting(into:)`` (``readAll`` with `waitsForData`). Only
  /// a path named as input takes this: a FIFO in a directory that is searched, or in a
  /// DEVCAPS_ROOT, would wait for a writer who never comes.
  package static func openRegularFileWithSize(
    acceptingPipes: Bool = false,
    _ opening: (Int32) throws(Errno) -> FileDescriptor
  ) throws(RegularFileError) -> (descriptor: FileDescriptor, size: Int) {
    let descriptor: FileDescriptor
    let info: stat
    do throws(Errno) {
      descriptor = try opening(regularFileFlags)
    } catch {
      // A socket cannot be opened (ENXIO, which reads as "no such device"): say what it is.
      if error.rawValue == ENXIO, let kind = kindWithoutOpening(opening) { throw .notRegular(kind) }
      throw .system(error)
    }
    do throws(Errno) {
      info = try descriptor.status()
    } catch {
      descriptor.closeIgnoringErrors()
      throw .system(error)
    }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFIFO && acceptingPipes {
      do throws(Errno) {
        try descriptor.waitForWriter()
      } catch {
        descriptor.closeIgnoringErrors()
        throw .system(error)
      }
      return (descriptor, 0)
    }
    guard kind == S_IFREG else {
      descriptor.closeIgnoringErrors()
      throw .notRegular(FileKind(mode: kind))
    }
    return (descriptor, Int(info.st_size))
  }

  /// What is at a path that cannot be opened for reading, from a descriptor of the path alone.
  private static func kindWithoutOpening(_ opening: (Int32) throws(Errno) -> FileDescriptor) -> FileKind? {
    guard let path = try? opening(pathOnly) else { return nil }
    return path.closeAfter { (try? $0.status()).map { FileKind(mode: $0.st_mode) } }
  }

  /// Waits until a writer of a FIFO has sent something or left: until one has opened it, a read
  /// would end at once, empty. Later reads that find nothing yet wait in ``readWaiting(into:)``.
  private func waitForWriter() throws(Errno) {
    var ready = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
    try FileDescriptor.poll(&ready)
  }

  /// `fstat`.
  package func status() throws(Errno) -> stat {
    var info = stat()
    let descriptor = rawValue
    try Errno.check { fstat(descriptor, &info) }
    return info
  }

  /// Reads up to `buffer.count` bytes; 0 at the end.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    let descriptor = rawValue
    return try Errno.check { systemRead(descriptor, buffer.baseAddress, buffer.count) }
  }

  /// ``read(into:)`` that, on a descriptor a parent left non-blocking (EAGAIN), waits until
  /// there is something to read.
  package func readWaiting(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    while true {
      do throws(Errno) {
        return try read(into: buffer)
      } catch  where error.rawValue == EAGAIN {
        var ready = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        try FileDescriptor.poll(&ready)
      }
    }
  }

  /// Reads up to `buffer.count` bytes at `offset`, without moving the file position.
  package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(Errno) -> Int {
    let descriptor = rawValue
    return try Errno.check { pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset)) }
  }

  /// Reads to the end, failing with `limitExceeded` once more than `limit` bytes arrived.
  /// `shortReadIsEnd`: a sysfs attribute arrives whole in its first read, so a short read is the end.
  /// The bytes come in an array of their own size, not the 4 KB read buffer: a report keeps every
  /// file it read (ProbeContext's cache), and a machine's few hundred sysfs attributes of a few
  /// bytes each held 4 KB apiece, 45 KB of peak memory per CPU (issue #25).
  /// `expectedSize`: a regular file's size as fstat gave it, when it is its length (not a procfs
  /// or sysfs file's): read into one array of that size, and a read of 0 confirms the end. Read
  /// in 4 KB chunks, a saved report of 6 KB was allocated four times and copied three.
  /// `waitsForData`: a pipe a person named, or standard input, which a parent may have handed
  /// over non-blocking; a read that finds nothing yet (EAGAIN) waits for data rather than
  /// failing. Not for files a probe reads, whose O_NONBLOCK is there so that nothing in a
  /// file's place can hold it up.
  package func readAll(
    limit: Int, shortReadIsEnd: Bool = false, expectedSize: Int = 0, waitsForData: Bool = false
  ) throws(ReadAllError) -> [UInt8] {
    var bytes: [UInt8] = []
    if expectedSize > 0 && expectedSize <= limit {
      bytes = try readExpected(expectedSize)
      var next: UInt8 = 0
      let more = withUnsafeMutableBytes(of: &next) { buffer in
        Result { () throws(Errno) -> Int in try read(into: buffer) }
      }
      switch more {
      case .success(0): return bytes
      case .success: bytes.append(next)
      case .failure(let error): throw .system(error)
      }
      if bytes.count > limit { throw .limitExceeded }
    }
    bytes = try readAllInChunks(limit: limit, shortReadIsEnd: shortReadIsEnd, waitsForData: waitsForData, after: bytes)
    guard bytes.capacity > 2 * bytes.count + 64 else { return bytes }
    return bytes.withUnsafeBufferPointer { [UInt8]($0) }
  }

  /// Up to `size` bytes, fewer if the file ends sooner.
  private func readExpected(_ size: Int) throws(ReadAllError) -> [UInt8] {
    var failure: Errno?
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      while initialized < size {
        do throws(Errno) {
          let count = try read(
            into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[initialized...])))
          if count == 0 { return }
          initialized += count
        } catch {
          failure = error
          return
        }
      }
    }
    if let failure { throw .system(failure) }
    return bytes
  }

  private func readAllInChunks(
    limit: Int, shortReadIsEnd: Bool, waitsForData: Bool, after start: [UInt8]
  ) throws(ReadAllError) -> [UInt8] {
    var bytes = start
    while true {
      // The first read into 1 KB on the stack, copied out at its size: most files fit, and then
      // the result is all that is allocated (4 KB of zeros read over and shrunk were half the
      // cost of reading a sysfs file). Larger files go on in reads of a page: a sysfs binary
      // attribute gives at most a page a read, so a shorter read is its end only then.
      let chunkSize = bytes.isEmpty ? 1024 : 4096
      let before = bytes.count
      var failure: Errno?
      if chunkSize <= 1024 {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunkSize) { buffer in
          do throws(Errno) {
            let raw = UnsafeMutableRawBufferPointer(buffer)
            let count = try waitsForData ? readWaiting(into: raw) : read(into: raw)
            bytes = Array(UnsafeBufferPointer(rebasing: buffer[..<count]))
          } catch {
            failure = error
          }
        }
      } else {
        let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, initialized in
          do throws(Errno) {
            let raw = UnsafeMutableRawBufferPointer(buffer)
            initialized = try waitsForData ? readWaiting(into: raw) : read(into: raw)
          } catch {
            failure = error
          }
        }
        bytes.append(contentsOf: chunk)
      }
      if let failure { throw .system(failure) }
      let count = bytes.count - before
      if bytes.count > limit { throw .limitExceeded }
      if count == 0 || (shortReadIsEnd && count < chunkSize) { return bytes }
    }
  }

  /// Writes all of `bytes`, retrying partial writes.
  package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
    var offset = 0
    let descriptor = rawValue
    while offset < bytes.count {
      let written = try Errno.check { systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset) }
      offset += written
    }
  }

  /// Writes all of `bytes`.
  package func writeAll(_ bytes: [UInt8]) throws(Errno) {
    try bytes.withUnsafeBytes { buffer in Result { () throws(Errno) in try writeAll(buffer) } }.get()
  }

  /// Writes all of `text` as UTF-8.
  package func writeAll(_ text: String) throws(Errno) {
    var text = text
    try text.withUTF8 { buffer in Result { () throws(Errno) in try writeAll(UnsafeRawBufferPointer(buffer)) } }.get()
  }

  /// `fsync`.
  package func synchronize() throws(Errno) {
    let descriptor = rawValue
    try Errno.check { fsync(descriptor) }
  }

  /// `ftruncate` to nothing.
  package func truncate() throws(Errno) {
    let descriptor = rawValue
    try Errno.check { ftruncate(descriptor, 0) }
  }

  /// `fchmod`.
  package func setPermissions(_ mode: mode_t) throws(Errno) {
    let descriptor = rawValue
    try Errno.check { fchmod(descriptor, mode) }
  }

  /// Closes the descriptor. Not retried on EINTR: Linux has closed it already.
  package func close() throws(Errno) {
    let descriptor = rawValue
    try Errno.check(retryOnInterrupt: false) { systemClose(descriptor) }
  }

  /// Closes a descriptor whose use failed already: the first error is the one worth reporting.
  package func closeIgnoringErrors() {
    _ = systemClose(rawValue)
  }

  /// Runs `body` with the descriptor and closes it afterwards, whatever `body` did.
  package func closeAfter<Value, Failure: Error>(_ body: (FileDescriptor) throws(Failure) -> Value) throws(Failure)
    -> Value
  {
    defer { closeIgnoringErrors() }
    return try body(self)
  }
}

/// A failure of ``FileDescriptor/readAll(limit:shortReadIsEnd:expectedSize:waitsForData:)``.
package enum ReadAllError: Error, Sendable, Equatable {
  case system(Errno)
  case limitExceeded
}

/// What a file is, as `st_mode` tells it: for messages that say why a path was refused. Public:
/// ``ReadError/notRegularFile(_:)`` says what was found in a file's place.
public enum FileKind: String, Sendable, Equatable {
  case regular = "a regular file"
  case directory = "a directory"
  case fifo = "a FIFO"
  case socket = "a socket"
  case characterDevice = "a character device"
  case blockDevice = "a block device"
  case symbolicLink = "a symbolic link"
  case other = "not a regular file"

  /// The kind of an `st_mode`'s type bits.
  package init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .directory
    case S_IFIFO: self = .fifo
    case S_IFSOCK: self = .socket
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFLNK: self = .symbolicLink
    default: self = .other
    }
  }
}

/// Why ``FileDescriptor/openRegularFile(_:)`` refused or failed.
package enum RegularFileError: Error, Sendable, Equatable, CustomStringConvertible {
  case system(Errno)
  case notRegular(FileKind)

  package var description: String {
    switch self {
    case .system(let error): return error.description
    case .notRegular(let kind): return "it is \(kind.rawValue), not a regular file"
    }
  }
}
