#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writing files and descriptors whole: what devcaps writes (exports, calibrations, its own
/// output) is either all there or not there.
public enum FileOutput {
  /// All of `text`, retrying interrupted and partial writes; false (errno set) when a write fails.
  public static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
    var text = text
    return text.withUTF8 { writeAll($0, to: descriptor) }
  }

  /// All of `bytes`, retrying interrupted and partial writes; false (errno set) when a write fails.
  public static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  /// Replaces a file atomically: a temporary file in the same directory (a hidden name with a
  /// random suffix, so a reader globbing `*.prom` never sees it), mode 0644, flushed, then
  /// renamed over the target. Nil when written, else what failed.
  public static func replace(_ path: String, with text: String) -> String? {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    if name.isEmpty { return "not a file name" }
    var template = Array((directory + "/." + name + ".XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if descriptor < 0 { return describe(errno) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    func fail(_ code: Int32) -> String {
      close(descriptor)
      unlink(temporary)
      return describe(code)
    }
    if fchmod(descriptor, 0o644) != 0 { return fail(errno) }
    if !writeAll(text, to: descriptor) { return fail(errno) }
    if fsync(descriptor) != 0 { return fail(errno) }
    if close(descriptor) != 0 {
      let code = errno
      unlink(temporary)
      return describe(code)
    }
    if rename(temporary, path) != 0 {
      let code = errno
      unlink(temporary)
      return describe(code)
    }
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
    return nil
  }

  private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
