/// Standard output in pieces of about 64 KB: output of any length, written as it is made,
/// without holding it whole or making a system call per line.
struct ChunkedOutput {
  private var bytes: [UInt8] = []
  private static let size = 1 << 16

  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
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
