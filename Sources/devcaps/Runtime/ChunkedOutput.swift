/// Standard output in pieces of about 64 KB: output of any length, written as it is made,
/// without holding it whole or making a system call per line.
struct ChunkedOutput {
  private var bytes: [UInt8] = []
  private static let size = 1 << 16

  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
    if bytes.count >= Self.size { flush() }
  }

  /// A part of a piece's size or more is written as it is, not copied (a manifest of 30,000
  /// keys makes a JSON element of 3 MB).
  mutating func append(_ part: [UInt8]) {
    guard part.count < Self.size else {
      flush()
      return Output.write(part)
    }
    bytes.append(contentsOf: part)
    if bytes.count >= Self.size { flush() }
  }

  mutating func append(_ part: some Collection<UInt8>) {
    bytes.append(contentsOf: part)
    if bytes.count >= Self.size { flush() }
  }

  mutating func flush() {
    guard !bytes.isEmpty else { return }
    Output.write(bytes)
    bytes.removeAll(keepingCapacity: true)
  }
}
