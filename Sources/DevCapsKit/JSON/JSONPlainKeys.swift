/// Plain keys (ASCII, no escape) of one object, as byte ranges of the document, compared byte
/// for byte. The first few are held inline and searched in place; up to `searchedByFingerprint`
/// they are searched in a list, comparing only those of the same length and first, middle and
/// last byte; past that an open-addressing table finds them by a hash of their bytes. The hash is
/// Swift's seeded one, so a document cannot be made to collide; the list is bounded, so keys made
/// to share their fingerprints cost at most that many comparisons each.
struct JSONPlainKeys {
  /// The first `searchedInPlace` keys, held inline: nearly every object has no more, and an
  /// array allocated for each object's keys was a tenth of the time of reading a saved report.
  private var first = InlineArray<16, Range<Int>>(repeating: 0..<0)
  private var firstCount = 0
  /// Past `searchedInPlace` keys: every key (the first ones copied in), and the table.
  private var ranges: [Range<Int>] = []
  /// Each key's fingerprint, while the list is searched.
  private var fingerprints: [Int] = []
  /// Each slot is 0 (empty) or an index into `ranges` plus 1.
  private var slots: [Int] = []
  private var hashes: [Int] = []

  private static let searchedInPlace = 16
  /// A saved report's capabilities (and their evidence) are objects of about 35 keys: hashing
  /// each key was slower than comparing fingerprints.
  private static let searchedByFingerprint = 64

  /// Each key inside its quotes, in the order written; its opening quote is just before.
  var keyRanges: [Range<Int>] { ranges.isEmpty ? (0..<firstCount).map { first[$0] } : ranges }

  /// Adds `range` of `bytes`; the offset of the same key written earlier, if any.
  mutating func insert(_ range: Range<Int>, of bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      let key = UnsafeBufferPointer(rebasing: buffer[range])
      if firstCount < Self.searchedInPlace {
        for index in 0..<firstCount {
          let earlier = first[index]
          if Self.equal(key, UnsafeBufferPointer(rebasing: buffer[earlier])) { return earlier.lowerBound - 1 }
        }
        first[firstCount] = range
        firstCount += 1
        return nil
      }
      if ranges.count < Self.searchedByFingerprint {
        if ranges.isEmpty {
          ranges = keyRanges
          fingerprints = ranges.map { Self.fingerprintOf(UnsafeBufferPointer(rebasing: buffer[$0])) }
        }
        let fingerprint = Self.fingerprintOf(key)
        for index in fingerprints.indices where fingerprints[index] == fingerprint {
          let earlier = ranges[index]
          if Self.equal(key, UnsafeBufferPointer(rebasing: buffer[earlier])) { return earlier.lowerBound - 1 }
        }
        ranges.append(range)
        fingerprints.append(fingerprint)
        return nil
      }
      if slots.isEmpty {
        fingerprints = []
        rebuild(buffer, capacity: Self.searchedByFingerprint * 4)
      }
      let hash = Self.hash(key)
      let mask = slots.count - 1
      var slot = hash & mask
      while slots[slot] != 0 {
        let earlier = slots[slot] - 1
        if hashes[earlier] == hash, Self.equal(key, UnsafeBufferPointer(rebasing: buffer[ranges[earlier]])) {
          return ranges[earlier].lowerBound - 1
        }
        slot = (slot + 1) & mask
      }
      ranges.append(range)
      hashes.append(hash)
      slots[slot] = ranges.count
      if ranges.count * 2 > slots.count { rebuild(buffer, capacity: slots.count * 2) }
      return nil
    }
  }

  private mutating func rebuild(_ buffer: UnsafeBufferPointer<UInt8>, capacity: Int) {
    if hashes.count < ranges.count {
      hashes = ranges.map { Self.hash(UnsafeBufferPointer(rebasing: buffer[$0])) }
    }
    slots = Array(repeating: 0, count: capacity)
    let mask = capacity - 1
    for index in ranges.indices {
      var slot = hashes[index] & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = index + 1
    }
  }

  /// The length and the first, middle and last byte: what two different keys of a report rarely share.
  private static func fingerprintOf(_ key: UnsafeBufferPointer<UInt8>) -> Int {
    guard let last = key.last else { return 0 }
    return key.count << 24 | Int(key[0]) << 16 | Int(key[key.count / 2]) << 8 | Int(last)
  }

  private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(key))
    return hasher.finalize()
  }

  private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    for index in 0..<a.count where a[index] != b[index] { return false }
    return true
  }
}
