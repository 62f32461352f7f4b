import CDevCapsShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads one numeric sysfs attribute again and again without allocating: the bytes land in a
/// fixed buffer. On sysfs the file stays open and each read is a pread at offset 0 (sysfs
/// produces a fresh value then). Elsewhere it is opened per read. A umockdev testbed's
/// attributes, which its preload reports as sysfs, also stay open, but umockdev replaces them
/// on disk: ``ReplacedAttributes`` says when, and the file is reopened (or, when inotify cannot
/// watch it, an fstat before each read notices).
final class SysfsValueReader {
  let path: String
  private let cPath: UnsafeMutablePointer<CChar>
  private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 1)
  private var kept: FileDescriptor?
  private let replacement: Replacement

  private enum Replacement {
    /// The kernel's sysfs, or a file opened per read.
    case impossible
    case watched(ReplacedAttributes.Flag)
    case checkedByFstat

    var isPossible: Bool {
      if case .impossible = self { return false }
      return true
    }
  }

  init(path: String) {
    self.path = path
    cPath = strdup(path)
    // Not knowing (fstatfs failed) is treated as not sysfs: the file is then opened per read.
    let opened = try? FileDescriptor.open(cPath, O_RDONLY)
    guard let opened, devcaps_is_sysfs(opened.rawValue) == 1 else {
      opened?.closeIgnoringErrors()
      replacement = .impossible
      return
    }
    var descriptor: FileDescriptor? = opened
    if devcaps_is_kernel_sysfs(opened.rawValue) == 1 {
      replacement = .impossible
    } else if let flag = ReplacedAttributes.shared.register(path) {
      replacement = .watched(flag)
      // Opened again now that the watch is in place: a replacement in between is not missed.
      opened.closeIgnoringErrors()
      descriptor = try? FileDescriptor.open(cPath, O_RDONLY)
    } else {
      replacement = .checkedByFstat
    }
    kept = descriptor
  }

  deinit {
    if case .watched(let flag) = replacement { ReplacedAttributes.shared.unregister(flag) }
    kept?.closeIgnoringErrors()
    free(cPath)
    buffer.deallocate()
  }

  enum ValueError: Error, Equatable {
    case gone
    case unreadable(Errno)
    case garbage(String)

    /// An unplugged sensor answers ENODEV or ENXIO, a removed one ENOENT: Errno's one absence set.
    init(_ error: Errno) { self = error.meansAbsent ? .gone : .unreadable(error) }
  }

  func read() -> Result<Double, ValueError> {
    readBytes().flatMap(parsed)
  }

  /// Up to four numbers separated by white space (an `IIO_VAL_INT_MULTIPLE` attribute such as
  /// `in_rot_quaternion_raw`, "x y z w"), without allocating.
  func readFour() -> Result<Four, ValueError> {
    readBytes().flatMap { count in
      let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
      if let values = SysfsValueReader.parseFour(bytes) { return .success(values) }
      return .failure(.garbage(String(decoding: bytes, as: UTF8.self).trimmingWhitespace()))
    }
  }

  /// Four numbers and how many of them the attribute held.
  struct Four: Equatable {
    var values: (Double, Double, Double, Double) = (0, 0, 0, 0)
    var count = 0

    static func == (a: Four, b: Four) -> Bool { a.count == b.count && a.values == b.values }
  }

  /// The byte count read into the buffer.
  private func readBytes() -> Result<Int, ValueError> {
    do throws(Errno) {
      if kept != nil || replacement.isPossible {
        let file: FileDescriptor
        if let current = kept, !isReplaced() {
          file = current
        } else {
          kept?.closeIgnoringErrors()
          kept = nil
          file = try FileDescriptor.open(cPath, O_RDONLY)
          kept = file
        }
        return .success(try file.read(into: buffer, at: 0))
      }
      return .success(
        try FileDescriptor.open(cPath, O_RDONLY).closeAfter { file throws(Errno) in try file.read(into: buffer, at: 0) }
      )
    } catch {
      return .failure(ValueError(error))
    }
  }

  private func isReplaced() -> Bool {
    switch replacement {
    case .impossible: return false
    case .watched(let flag): return flag.raised.exchange(false, ordering: .acquiring)
    case .checkedByFstat:
      guard let info = try? kept?.status() else { return true }
      return info.st_nlink == 0
    }
  }

  private func parsed(_ count: Int) -> Result<Double, ValueError> {
    let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
    if let value = SysfsValueReader.parse(bytes) { return .success(value) }
    return .failure(.garbage(String(decoding: bytes, as: UTF8.self).trimmingWhitespace()))
  }

  /// One to four numbers separated by white space; nil for anything else.
  static func parseFour(_ bytes: UnsafeRawBufferPointer) -> Four? {
    var result = Four()
    var start = 0
    let end = bytes.count
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0 }
    while start < end {
      while start < end && isSpace(bytes[start]) { start += 1 }
      guard start < end else { break }
      var stop = start
      while stop < end && !isSpace(bytes[stop]) { stop += 1 }
      guard result.count < 4, let value = parse(UnsafeRawBufferPointer(rebasing: bytes[start..<stop])) else {
        return nil
      }
      switch result.count {
      case 0: result.values.0 = value
      case 1: result.values.1 = value
      case 2: result.values.2 = value
      default: result.values.3 = value
      }
      result.count += 1
      start = stop
    }
    return result.count > 0 ? result : nil
  }

  /// An integer or decimal number, surrounded by optional white space; nothing else. The digits
  /// are gathered as one integer and divided once by an exact power of ten, so that a value of up
  /// to 15 digits (`100.837808593`, a kernel fraction's nine decimals) is the nearest double, as
  /// `Double(String)` would give it, without allocating.
  static func parse(_ bytes: UnsafeRawBufferPointer) -> Double? {
    var index = 0
    let end = bytes.count
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0 }
    while index < end && isSpace(bytes[index]) { index += 1 }
    var negative = false
    if index < end && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    var integer: Int64 = 0
    var digits = 0
    while index < end, bytes[index] >= 48, bytes[index] <= 57 {
      let (shifted, overflow1) = integer.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = shifted.addingReportingOverflow(Int64(bytes[index] - 48))
      if overflow1 || overflow2 { return nil }
      integer = sum
      digits += 1
      index += 1
    }
    var value = Double(integer)
    if index < end && bytes[index] == UInt8(ascii: ".") {
      index += 1
      var mantissa = integer
      var decimals = 0
      var exact = true
      while index < end, bytes[index] >= 48, bytes[index] <= 57 {
        if exact {
          let (shifted, overflow1) = mantissa.multipliedReportingOverflow(by: 10)
          let (sum, overflow2) = shifted.addingReportingOverflow(Int64(bytes[index] - 48))
          if overflow1 || overflow2 || decimals == exactPowersOfTen.count - 1 {
            exact = false
          } else {
            mantissa = sum
            decimals += 1
          }
        }
        digits += 1
        index += 1
      }
      // Decimals past what an Int64 holds no longer change the double.
      value = Double(mantissa) / exactPowersOfTen[decimals]
    }
    while index < end && isSpace(bytes[index]) { index += 1 }
    guard digits > 0, index == end else { return nil }
    return negative ? -value : value
  }

  /// 10⁰ … 10²², every one of them exact in a double.
  private static let exactPowersOfTen: [Double] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
  ]
}
