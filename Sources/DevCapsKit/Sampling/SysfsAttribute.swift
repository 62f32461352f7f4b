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
  static func read(_ path: String) -> Result<String, ReadFailure> {
    SystemRoot().readBytes(path).map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() }
  }

  /// Writes `value` and a newline, as `echo` does: the kernel strips it from names
  /// (`current_trigger`) and numbers alike, and an empty value still reaches the driver (a
  /// zero-length write would not, so a trigger could not be cleared).
  static func write(_ path: String, _ value: String) -> Result<Void, SysfsWriteFailure> {
    let failure = { (error: Errno) in SysfsWriteFailure(path: path, value: value, errno: error) }
    let descriptor: FileDescriptor
    do throws(Errno) {
      descriptor = try FileDescriptor.open(path, O_WRONLY | O_TRUNC)
    } catch {
      return .failure(failure(error))
    }
    let bytes = Array((value + "\n").utf8)
    // One write: the kernel takes an attribute's value in one piece, so a short write is a failure.
    let written = bytes.withUnsafeBytes { buffer in Result { () throws(Errno) in try descriptor.write(buffer) } }
    let closed = Result { () throws(Errno) in try descriptor.close() }
    switch (written, closed) {
    case (.failure(let error), _), (.success, .failure(let error)): return .failure(failure(error))
    case (.success(let count), .success) where count != bytes.count: return .failure(failure(.ioError))
    case (.success, .success): return .success(())
    }
  }

  static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }
}

/// A sysfs write that failed: which attribute, what devcaps tried to write, and the kernel's
/// answer.
struct SysfsWriteFailure: Error, Sendable, Equatable, CustomStringConvertible {
  var path: String
  var value: String
  var errno: Errno

  init(path: String, value: String, errno: Errno) {
    self.path = path
    self.value = value
    self.errno = errno
  }

  var description: String {
    "cannot write \(value.quotedForMessage) to \(path): \(errno)"
  }
}
