/// Keys compared as Strings, as Swift compares them (canonical equivalence): what an object's
/// keys fall back to once one of them is escaped or not ASCII. A few are searched in place; past
/// that a dictionary holds them, so that a huge object stays linear.
struct JSONStringKeys {
  /// Each key and the byte offset where it began: its line is counted only for an error message
  /// (counting it for every key made parsing quadratic in the number of keys).
  private var keys: [(key: String, offset: Int)] = []
  private var offsetByKey: [String: Int] = [:]

  private static let searchedInPlace = 16

  /// Adds `key`, written at `offset`; the offset of the same key written earlier, if any.
  mutating func insert(_ key: String, at offset: Int) -> Int? {
    if keys.count < Self.searchedInPlace {
      if let earlier = keys.first(where: { $0.key == key }) { return earlier.offset }
      keys.append((key, offset))
      return nil
    }
    if offsetByKey.isEmpty {
      offsetByKey.reserveCapacity(keys.count * 2)
      for (key, offset) in keys { offsetByKey[key] = offset }
    }
    if let earlier = offsetByKey[key] { return earlier }
    offsetByKey[key] = offset
    return nil
  }
}
