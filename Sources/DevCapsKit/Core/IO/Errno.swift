import CDevCapsShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An error number from the C library, as `errno` (or a pthread function's result) reports it.
/// Every libc call in DevCapsKit goes through `Errno.result` or `Errno.check` (file I/O through
/// ``FileDescriptor``, which uses them), so a failure leaves the C boundary as this value
/// (thrown, or in a `Result`), never as -1 deeper in. Its text comes from `strerror_r`
/// (`devcaps_strerror`): `strerror` is not thread-safe.
package struct Errno: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The `errno` value.
  package let rawValue: Int32

  /// The error of an `errno` value.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// The calling thread's `errno`, read right after the call that failed.
  package static var current: Errno { Errno(rawValue: errno) }

  /// The C library's message, as `strerror` gives it: "No such file or directory".
  package var description: String {
    var buffer = [CChar](repeating: 0, count: 256)
    return buffer.withUnsafeMutableBufferPointer { buffer in
      String(cString: devcaps_strerror(rawValue, buffer.baseAddress, buffer.count))
    }
  }

  /// The constant's name, "ENOENT", for the numbers devcaps meets; nil for the others.
  package var name: String? { Errno.names[rawValue] }

  /// `EPERM`.
  package static let notPermitted = Errno(rawValue: EPERM)
  /// `ENOENT`.
  package static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
  /// `EINTR`.
  package static let interrupted = Errno(rawValue: EINTR)
  /// `EIO`.
  package static let ioError = Errno(rawValue: EIO)
  /// `ENXIO`.
  package static let noSuchDeviceOrAddress = Errno(rawValue: ENXIO)
  /// `EBADF`.
  package static let badFileDescriptor = Errno(rawValue: EBADF)
  /// `EAGAIN`.
  package static let resourceTemporarilyUnavailable = Errno(rawValue: EAGAIN)
  /// `ENOMEM`.
  package static let outOfMemory = Errno(rawValue: ENOMEM)
  /// `EACCES`.
  package static let permissionDenied = Errno(rawValue: EACCES)
  /// `EBUSY`.
  package static let busy = Errno(rawValue: EBUSY)
  /// `ENODEV`.
  package static let noSuchDevice = Errno(rawValue: ENODEV)
  /// `ENOTDIR`.
  package static let notDirectory = Errno(rawValue: ENOTDIR)
  /// `EINVAL`.
  package static let invalidArgument = Errno(rawValue: EINVAL)
  /// `EMFILE`.
  package static let tooManyOpenFiles = Errno(rawValue: EMFILE)
  /// `ENFILE`.
  package static let tooManyOpenFilesInSystem = Errno(rawValue: ENFILE)
  /// `ENOSPC`.
  package static let noSpace = Errno(rawValue: ENOSPC)
  /// `ELOOP`: also what O_NOFOLLOW answers for a symbolic link.
  package static let symbolicLinkLoop = Errno(rawValue: ELOOP)
  /// `EEXIST`.
  package static let exists = Errno(rawValue: EEXIST)
  /// `EPIPE`.
  package static let brokenPipe = Errno(rawValue: EPIPE)

  /// The thing is not there: the file, a directory on its path, or the device behind it (a
  /// sensor unplugged answers ENODEV or ENXIO). The one set devcaps treats as absence.
  package var meansAbsent: Bool {
    [Errno.noSuchFileOrDirectory, .notDirectory, .noSuchDevice, .noSuchDeviceOrAddress].contains(self)
  }

  /// The thing is there, but this process may not use it.
  package var meansDenied: Bool { self == .permissionDenied || self == .notPermitted }

  private static let names: [Int32: String] = [
    EPERM: "EPERM", ENOENT: "ENOENT", ESRCH: "ESRCH", EINTR: "EINTR", EIO: "EIO", ENXIO: "ENXIO",
    E2BIG: "E2BIG", EBADF: "EBADF", ECHILD: "ECHILD", EAGAIN: "EAGAIN", ENOMEM: "ENOMEM",
    EACCES: "EACCES", EFAULT: "EFAULT", EBUSY: "EBUSY", EEXIST: "EEXIST", ENODEV: "ENODEV",
    ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL", ENFILE: "ENFILE", EMFILE: "EMFILE",
    ENOSPC: "ENOSPC", EROFS: "EROFS", EPIPE: "EPIPE", ERANGE: "ERANGE", ENOSYS: "ENOSYS",
    ECANCELED: "ECANCELED", ELOOP: "ELOOP", EOVERFLOW: "EOVERFLOW", ETIMEDOUT: "ETIMEDOUT",
  ]
}

extension Errno {
  /// Runs `call`, a libc function that returns -1 and sets `errno` when it fails: its result,
  /// or the error. An interrupted call (EINTR) is made again unless `retryOnInterrupt` is false.
  @inlinable
  package static func result<Value: FixedWidthInteger>(
    retryOnInterrupt: Bool = true, _ call: () -> Value
  ) -> Result<Value, Errno> {
    while true {
      let value = call()
      if value != -1 { return .success(value) }
      let error = Errno.current
      if retryOnInterrupt && error == .interrupted { continue }
      return .failure(error)
    }
  }

  /// `result`, thrown.
  @inlinable @discardableResult
  package static func check<Value: FixedWidthInteger>(
    retryOnInterrupt: Bool = true, _ call: () -> Value
  ) throws(Errno) -> Value {
    try result(retryOnInterrupt: retryOnInterrupt, call).get()
  }

  /// For the calls that return the error number instead of setting `errno` (pthread_create,
  /// pthread_join): 0 is success.
  @inlinable
  package static func check(returned code: Int32) throws(Errno) {
    if code != 0 { throw Errno(rawValue: code) }
  }
}
