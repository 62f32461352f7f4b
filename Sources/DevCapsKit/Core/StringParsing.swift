extension StringProtocol {
  /// Trims ASCII white space and NULs (device-tree strings end in NUL).
  func trimmingWhitespace() -> String {
    if let trimmed = asciiTrimmingWhitespace() { return trimmed }
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\0" }
    guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
    let end = lastIndex(where: { !isSpace($0) })!
    return String(self[start...end])
  }
}

extension String {
  /// A value for an error message: quoted, shortened, control characters made visible.
  var quotedForMessage: String { "'\(shownForMessage)'" }

  /// `quotedForMessage` without its quotes: at most 40 characters and 80 bytes of the value,
  /// then "…", so that a manifest value of megabytes makes a message of one line. The one way a
  /// message quotes outside text.
  var shownForMessage: String {
    var shown = ""
    var bytes = 0
    for (index, scalar) in unicodeScalars.enumerated() {
      bytes += UTF8.width(scalar)
      if bytes > 80 || index == 40 { return shown + "…" }
      if ControlCharacters.isControl(scalar) {
        shown += ControlCharacters.visible(scalar)
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }
}

/// Parses a kernel CPU list such as `0-3,8,10-11` into its members. Nil for malformed input.
func parseCPUList(_ text: String) -> [Int]? {
  let trimmed = text.trimmingWhitespace()
  if trimmed.isEmpty { return [] }
  // Bounded by the kernel's largest CPU number, so a hostile file of 2,000 × `0-65535` is
  // refused instead of filling memory.
  var ranges: [ClosedRange<Int>] = []
  var highest = -1
  for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
    let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
    switch bounds.count {
    case 1:
      guard let single = Int(bounds[0]), single >= 0, single < maximumCPUCount else { return nil }
      ranges.append(single...single)
      highest = max(highest, single)
    case 2:
      guard let low = Int(bounds[0]), let high = Int(bounds[1]), low >= 0, low <= high, high < maximumCPUCount
      else { return nil }
      ranges.append(low...high)
      highest = max(highest, high)
    default:
      return nil
    }
  }
  // A set: `0,0,1-1` is two CPUs, not four. As many places as the highest CPU named, not 8,192
  // for every list (clearing those was a tenth of reading a CPU list).
  var members = [Bool](repeating: false, count: highest + 1)
  for range in ranges {
    for cpu in range { members[cpu] = true }
  }
  return members.indices.filter { members[$0] }
}

/// The most CPUs a Linux kernel can have (CONFIG_NR_CPUS is at most 8,192 on every
/// architecture), so a CPU list naming a higher number is not the kernel's.
let maximumCPUCount = 8192

/// Splitting and trimming in the UTF-8 bytes when the text is ASCII, the same results as the
/// Character operations they stand for at a fraction of the cost (comparing Characters costs
/// hundreds of instructions a byte: it was a fifth of `list`). In ASCII text every byte is a
/// Character except "\r\n", which is one: a line feed after a carriage return splits nothing
/// and is no white space, as with Characters. Text with other bytes takes the Character path.
extension StringProtocol {
  /// `split(separator:omittingEmptySubsequences:)` for an ASCII separator.
  func splitCharacters(separator: Character, omittingEmptySubsequences: Bool = true) -> [SubSequence] {
    let byte = separator.asciiValue!
    let offsets: [Int]?? = utf8.withContiguousStorageIfAvailable { bytes in
      var offsets: [Int] = []
      for offset in bytes.indices {
        let current = bytes[offset]
        if current >= 0x80 { return nil }
        guard current == byte else { continue }
        if current == 0x0A, offset > 0, bytes[offset - 1] == 0x0D { continue }
        if current == 0x0D, offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { continue }
        offsets.append(offset)
      }
      return offsets
    }
    guard let found = offsets ?? nil else {
      return split(separator: separator, omittingEmptySubsequences: omittingEmptySubsequences)
    }
    var pieces: [SubSequence] = []
    pieces.reserveCapacity(found.count + 1)
    var start = startIndex
    for offset in found {
      let end = utf8.index(utf8.startIndex, offsetBy: offset)
      if !omittingEmptySubsequences || start != end { pieces.append(self[start..<end]) }
      start = utf8.index(after: end)
    }
    if !omittingEmptySubsequences || start != endIndex { pieces.append(self[start..<endIndex]) }
    return pieces
  }

  /// `hasPrefix` for an ASCII prefix, compared in the bytes: `Substring.hasPrefix` walks both
  /// by Character (a tenth of the limits section). A byte above 0x7F right after the prefix
  /// may be a combining mark that joins the prefix's last Character: only then by Character.
  func hasASCIIPrefix(_ prefix: String) -> Bool {
    guard prefix.utf8.allSatisfy({ $0 < 0x80 }) else { return hasPrefix(prefix) }
    guard utf8.starts(with: prefix.utf8) else { return false }
    guard let next = utf8.dropFirst(prefix.utf8.count).first, next >= 0x80 else { return true }
    return hasPrefix(prefix)
  }

  /// The index of the first `character` (ASCII), or nil.
  func firstIndex(ofASCII character: Character) -> Index? {
    let byte = character.asciiValue!
    let notFound = -1
    let notASCII = -2
    let found: Int? = utf8.withContiguousStorageIfAvailable { bytes in
      for offset in bytes.indices {
        if bytes[offset] >= 0x80 { return notASCII }
        if bytes[offset] == byte {
          if byte == 0x0A, offset > 0, bytes[offset - 1] == 0x0D { continue }
          if byte == 0x0D, offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { continue }
          // A combining mark after it would make it part of another Character.
          if offset + 1 < bytes.count, bytes[offset + 1] >= 0x80 { return notASCII }
          return offset
        }
      }
      return notFound
    }
    guard let offset = found, offset != notASCII else { return firstIndex(of: character) }
    return offset == notFound ? nil : utf8.index(utf8.startIndex, offsetBy: offset)
  }

  /// `trimmingWhitespace()` for ASCII text; nil for other text.
  fileprivate func asciiTrimmingWhitespace() -> String? {
    let bounds: (Int, Int)?? = utf8.withContiguousStorageIfAvailable { bytes in
      func isSpace(_ offset: Int) -> Bool {
        switch bytes[offset] {
        case 0x20, 0x09, 0x00: return true
        case 0x0D: return offset + 1 == bytes.count || bytes[offset + 1] != 0x0A
        case 0x0A: return offset == 0 || bytes[offset - 1] != 0x0D
        default: return false
        }
      }
      for byte in bytes where byte >= 0x80 { return nil }
      var start = 0
      while start < bytes.count, isSpace(start) { start += 1 }
      var end = bytes.count
      while end > start, isSpace(end - 1) { end -= 1 }
      return .some((start, end))
    }
    guard let result = bounds, let (start, end) = result else { return nil }
    return String(self[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
  }
}

extension String {
  /// The decimal number the text ends with (`iio:device10` → 10), nil without one. By UTF-8
  /// index: `reversed()` over Characters instantiated generic collection types at run time, a
  /// conformance scan each.
  var trailingNumber: Int? {
    let bytes = utf8
    var start = bytes.endIndex
    while start > bytes.startIndex {
      let previous = bytes.index(before: start)
      guard bytes[previous] >= UInt8(ascii: "0") && bytes[previous] <= UInt8(ascii: "9") else { break }
      start = previous
    }
    return start == bytes.endIndex ? nil : Int(Substring(bytes[start...]))
  }
}

extension String {
  /// Whether `needle` occurs in the text, compared as UTF-8 bytes. `contains(_:)` of one string
  /// in another is _StringProcessing's generic search: 140 k instructions a call, the first
  /// time, where this is a few hundred.
  func containsBytes(_ needle: String) -> Bool {
    var text = self
    var needle = needle
    return text.withUTF8 { haystack in
      needle.withUTF8 { needle in
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0]
          && UnsafeBufferPointer(rebasing: haystack[start..<(start + needle.count)]).elementsEqual(needle)
        {
          return true
        }
        return false
      }
    }
  }
}
