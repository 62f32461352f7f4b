#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where in pci.ids to start reading for a vendor: the vendors come in ascending order, so a
/// binary search over the file's offsets, each step reading from its middle to the next vendor
/// line, lands shortly before the vendor's block. Intel (8086) lies 950 KB into the 1.4 MB file:
/// read line by line from the start, the lines before it were three quarters of the instructions
/// of a human `list` with a pci section.
enum PCIIDsSeek {
  /// The search stops when the range is this small; the scan reads it line by line.
  static let closeEnough = 16 * 1024
  static let window = 4096

  /// An offset before the line of the first vendor whose ID is at least `vendor`, such that
  /// the lines after it (from its next line feed; from the start when it is 0) hold no vendor at
  /// or above `vendor` before that one. `read(offset, count)` gives the file's bytes there,
  /// fewer at its end.
  static func start(before vendor: UInt16, size: Int, read: (Int, Int) -> [UInt8]) -> Int {
    var low = 0
    var high = size
    while high - low > closeEnough {
      let middle = low + (high - low) / 2
      if let id = firstVendor(after: middle, before: high, read: read), id < vendor {
        low = middle
      } else {
        high = middle
      }
    }
    return low
  }

  /// The ID of the first vendor line that starts after `offset`'s next line feed and before
  /// `limit`; nil when there is none there (inside a long vendor block, or the class list at the end).
  static func firstVendor(after offset: Int, before limit: Int, read readBytes: (Int, Int) -> [UInt8]) -> UInt16? {
    var position = offset
    var atLineStart = false
    while position < limit {
      let bytes = readBytes(position, window)
      guard !bytes.isEmpty else { return nil }
      let atEnd = bytes.count < window
      var index = 0
      if !atLineStart {
        guard let newline = newline(in: bytes, from: 0) else {
          position += bytes.count
          continue
        }
        index = newline + 1
      }
      // `index` starts a line.
      while index + 7 <= bytes.count || (atEnd && index < bytes.count) {
        guard position + index < limit else { return nil }
        if let id = PCIIDsScanner.id(bytes[index..<min(index + 7, bytes.count)]) { return id }
        guard let newline = newline(in: bytes, from: index) else { break }
        index = newline + 1
      }
      if atEnd { return nil }
      if index + 7 > bytes.count {
        // A line starts too near the window's end to be read: the next window starts with it.
        position += index
        atLineStart = true
      } else {
        // The line runs past the window.
        position += bytes.count
        atLineStart = false
      }
    }
    return nil
  }

  /// The next line feed at or after `start`, by memchr (Intel's block alone is 9,000 lines).
  static func newline(in bytes: [UInt8], from start: Int) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      guard start < buffer.count, let base = buffer.baseAddress,
        let found = memchr(base + start, 0x0A, buffer.count - start)
      else { return nil }
      return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
  }
}
