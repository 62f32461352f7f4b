/// Plain keys (ASCII, no escape) of one object, as byte ranges of the document, compared byte
/// for byte. A few are searched in place; past that an open-addressing table finds them by a
/// hash of their bytes. The hash is Swift's seeded one, so a document cannot be made to collide.
struct JSONPlainKeys {
  /// Each key inside its quotes, in the order written; its opening quote is just before.
  private(set) var ranges: [Range<Int>] = []
  /// Past `searchedInPlace` keys: each slot is 0 (empty) or an index into `ranges` plus 1.
  private var slots: [Int] = []
  private var hashes: [Int] = []

  private static let searchedInPlace = 16

  /// Adds `range` of `bytes`; the offset of the same key written earlier, if any.
  mutating func insert(_ range: Range<Int>, of bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      let key = UnsafeBufferPointer(rebasing: buffer[range])
      if ranges.count < Self.searchedInPlace {
        for earlier in ranges where Self.equal(key, UnsafeBufferPointer(rebasing: buffer[earlier])) {
          return earlier.lowerBound - 1
        }
        // Sized once: growing from empty reallocated four times in nearly every object.
        if ranges.isEmpty { ranges.reserveCapacity(Self.searchedInPlace) }
        ranges.append(range)
        return nil
      }
      if slots.isEmpty { rebuild(buffer, capacity: Self.searchedInPlace * 4) }
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
