/// The report files of `require --against`, in order: each path's bytes past its directory, in
/// one buffer. They are held until the last is printed, and as a String each, 10,000 of them
/// held 0.8 MB.
public struct ReportFiles: Sendable, RandomAccessCollection {
  /// Every entry's bytes after its directory's prefix, one after the other.
  private var bytes: [UInt8] = []
  private var ends: [UInt32] = []
  /// The prefix of entries from `start` on (up to the next one's start): a directory with its
  /// slash, or "" for paths named as they are.
  private var prefixes: [(start: Int, prefix: String)] = []

  /// No files.
  public init() {}

  /// The files named.
  public init(_ paths: [String]) { for path in paths { append(path) } }

  public var startIndex: Int { 0 }
  public var endIndex: Int { ends.count }

  /// The path, as named or as the directory and its entry.
  public subscript(index: Int) -> String {
    let start = index == 0 ? 0 : Int(ends[index - 1])
    return prefix(of: index) + String(decoding: bytes[start..<Int(ends[index])], as: UTF8.self)
  }

  /// Whether the path at `index` was named as it is, not found in a directory.
  public func isNamed(_ index: Int) -> Bool { prefix(of: index).isEmpty }

  /// A path named as it is (a file, or `-`).
  public mutating func append(_ path: String) { append(path.utf8, prefix: "") }

  /// An entry of the directory `prefix` (its path with a final slash).
  mutating func append(_ name: some Collection<UInt8>, prefix: String) {
    if prefixes.last?.prefix != prefix { prefixes.append((ends.count, prefix)) }
    bytes.append(contentsOf: name)
    ends.append(UInt32(bytes.count))
  }

  /// Room for `count` more entries of about `bytes` bytes in all.
  mutating func reserve(_ count: Int, bytes total: Int) {
    ends.reserveCapacity(ends.count + count)
    bytes.reserveCapacity(bytes.count + total)
  }

  private func prefix(of index: Int) -> String {
    // The last prefix that starts at or before `index`.
    var low = 0
    var high = prefixes.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if prefixes[middle].start <= index { low = middle } else { high = middle }
    }
    return prefixes[low].prefix
  }
}
