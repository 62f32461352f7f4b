/// The keys of one JSON object so far, to refuse a duplicate. Plain keys (ASCII, no escape) are
/// compared by their bytes in the document, without making a String: most keys of a saved
/// report are in sections `require --against` skips. Once a key is not plain, every key is
/// compared as a String, because such a key can equal a plain one ("\u0041" is "A", and String
/// equality takes the Kelvin sign for "K").
struct JSONObjectKeys {
  private var plain = JSONPlainKeys()
  private var strings: JSONStringKeys?
  /// False: every key is compared as a String, the reference the fuzzers check bytes against.
  private let comparesBytes: Bool

  init(comparingBytes: Bool) { comparesBytes = comparingBytes }

  /// Adds the plain key in `range` of `bytes` (inside its quotes); the offset of the same key
  /// written earlier, if any.
  mutating func insert(plain range: Range<Int>, of bytes: [UInt8]) -> Int? {
    guard comparesBytes, strings == nil else {
      return insert(String(decoding: bytes[range], as: UTF8.self), at: range.lowerBound - 1, of: bytes)
    }
    return plain.insert(range, of: bytes)
  }

  /// Adds `key`, written at `offset` of `bytes`; the offset of the same key written earlier, if any.
  mutating func insert(_ key: String, at offset: Int, of bytes: [UInt8]) -> Int? {
    if strings == nil {
      var converted = JSONStringKeys()
      for range in plain.keyRanges {
        _ = converted.insert(String(decoding: bytes[range], as: UTF8.self), at: range.lowerBound - 1)
      }
      strings = converted
    }
    return strings!.insert(key, at: offset)
  }
}
