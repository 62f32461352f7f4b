/// Parsing in the bytes of "plain" text: ASCII without a carriage return. There every byte is a
/// Character of its own (only "\r\n" joins two), so splitting, trimming and ordering the bytes
/// gives what the Character operations give, at a fraction of their cost: the parsers of the
/// files every `list` reads take this path and keep the Character one for any other text.
enum PlainASCII {
  /// Whether the bytes are plain ASCII text (no byte above 0x7F, no carriage return).
  static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte >= 0x80 || byte == 0x0D { return false }
    return true
  }

  /// What `trimmingWhitespace()` trims in plain text: space, tab, NUL (and line feed, which a
  /// line never holds).
  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x00 || byte == 0x0A }

  /// The range without the spaces at either end.
  static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
    var start = range.lowerBound
    var end = range.upperBound
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    return start..<end
  }

  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// Whether one range's bytes come before the other's as Strings order them (by Unicode scalar,
  /// which in ASCII is by byte; a prefix first).
  static func precedes(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Range<Int>, _ second: Range<Int>) -> Bool {
    let common = min(first.count, second.count)
    for offset in 0..<common {
      let left = bytes[first.lowerBound + offset]
      let right = bytes[second.lowerBound + offset]
      if left != right { return left < right }
    }
    return first.count < second.count
  }

  /// The first eight bytes, big-endian, zeros after a shorter range: ordered as the ranges are,
  /// or equal (then the rest decides).
  static func prefixKey(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
    var key: UInt64 = 0
    for offset in 0..<8 {
      key = key << 8 | (offset < range.count ? UInt64(bytes[range.lowerBound + offset]) : 0)
    }
    return key
  }

  static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Range<Int>, _ second: Range<Int>) -> Bool {
    first.count == second.count && !precedes(bytes, first, second) && !precedes(bytes, second, first)
  }

  /// The ranges between separator bytes in `range`, empty ones left out.
  static func fields(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, separator: UInt8) -> [Range<Int>] {
    var fields: [Range<Int>] = []
    self.fields(bytes, range, separator: separator, into: &fields)
    return fields
  }

  /// `fields` into an array kept for the next line (emptied first, its room kept).
  static func fields(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, separator: UInt8, into fields: inout [Range<Int>]
  ) {
    fields.removeAll(keepingCapacity: true)
    var start = range.lowerBound
    for offset in range.lowerBound...range.upperBound where offset == range.upperBound || bytes[offset] == separator {
      if start < offset { fields.append(start..<offset) }
      start = offset + 1
    }
  }

  /// The words between separator bytes (empty ones left out), each once, in String order; nil
  /// when the text is not plain.
  static func sortedUniqueWords(_ text: String, separatedBy isSeparator: (UInt8) -> Bool) -> [String]? {
    var text = text
    return text.withUTF8 { bytes -> [String]? in
      guard isPlain(bytes) else { return nil }
      var ranges: [Range<Int>] = []
      var start = 0
      for offset in 0..<bytes.count where isSeparator(bytes[offset]) {
        if start < offset { ranges.append(start..<offset) }
        start = offset + 1
      }
      if start < bytes.count { ranges.append(start..<bytes.count) }
      // Sorted by their first eight bytes as one number, the rest compared only on a tie: a
      // comparison of bytes in a loop was most of the sort.
      var keyed = ranges.map { (key: prefixKey(bytes, $0), range: $0) }
      keyed.sort { $0.key != $1.key ? $0.key < $1.key : precedes(bytes, $0.range, $1.range) }
      var words: [String] = []
      words.reserveCapacity(keyed.count)
      var previous: Range<Int>? = nil
      for (_, range) in keyed where previous.map({ !equal(bytes, $0, range) }) ?? true {
        words.append(string(bytes, range))
        previous = range
      }
      return words
    }
  }

  /// Whether `word` is one of the text's words between separator bytes, compared in bytes.
  static func containsWord(_ text: String, _ word: String, separator: UInt8) -> Bool {
    var text = text
    var word = word
    return text.withUTF8 { bytes in
      word.withUTF8 { word in
        var start = 0
        for offset in 0...bytes.count where offset == bytes.count || bytes[offset] == separator {
          if offset - start == word.count, UnsafeBufferPointer(rebasing: bytes[start..<offset]).elementsEqual(word) {
            return true
          }
          start = offset + 1
        }
        return false
      }
    }
  }
}
