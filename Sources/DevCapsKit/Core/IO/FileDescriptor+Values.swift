#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The C functions under names of their own: inside `FileDescriptor`, `open`, `write` and `pipe` are its methods.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}
private func systemPipe(_ ends: inout [Int32]) -> Int32 { pipe(&ends) }
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

/// The calls that move a buffer or value in one system call, for the descriptors where one call
/// is the protocol (an eventfd or timerfd counter, a sysfs attribute, a wake-up byte), and an
/// open that does not allocate, for the 200 Hz sampling path.
extension FileDescriptor {
  /// Takes the descriptor a C call returns, or -1 and `errno` (a shim's eventfd, timerfd or
  /// inotify descriptor).
  package init(returnedBy call: () -> Int32) throws(Errno) {
    self.init(rawValue: try Errno.check(call))
  }

  /// Opens a path already in C form (close-on-exec always): nothing allocated.
  package static func open(_ path: UnsafePointer<CChar>, _ flags: Int32, mode: mode_t = 0) throws(Errno)
    -> FileDescriptor
  {
    FileDescriptor(rawValue: try Errno.check { systemOpen(path, flags | O_CLOEXEC, mode) })
  }

  /// One write of up to `buffer.count` bytes: the count written.
  package func write(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
    let descriptor = rawValue
    return try Errno.check { systemWrite(descriptor, buffer.baseAddress, buffer.count) }
  }

  /// One write of `value`'s bytes (an eventfd's 8-byte counter, a wake-up byte): the count written.
  @discardableResult
  package func write<Value: BitwiseCopyable>(value: Value) throws(Errno) -> Int {
    try withUnsafeBytes(of: value) { bytes throws(Errno) in try write(bytes) }
  }

  /// One read into `value`'s bytes (an eventfd's or timerfd's 8-byte counter, a wake-up byte):
  /// the count read, 0 at the end.
  @discardableResult
  package func read<Value: BitwiseCopyable>(into value: inout Value) throws(Errno) -> Int {
    try withUnsafeMutableBytes(of: &value) { bytes throws(Errno) in try read(into: bytes) }
  }

  /// A pipe: its read end and its write end.
  package static func pipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
    var ends: [Int32] = [-1, -1]
    try Errno.check { systemPipe(&ends) }
    return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
  }
}
