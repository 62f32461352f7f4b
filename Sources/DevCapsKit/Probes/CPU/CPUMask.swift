/// A set of CPUs, one bit each, as the kernel's `%*pb` masks print it.
struct CPUMask: Equatable {
  private var words: [UInt64] = []

  init() {}

  /// Hexadecimal in comma-separated 32-bit groups, most significant first (`00000000,0000ffff`).
  /// nil for anything else, or a mask wider than the kernel's 8192-CPU maximum.
  init?(hex text: String) {
    let bytes = Array(text.utf8)
    var bit = 0
    for byte in bytes.reversed() where byte != UInt8(ascii: ",") {
      guard let nibble = CPUMask.hexValue(byte), bit < 8192 else { return nil }
      for offset in 0..<4 where nibble & (1 << offset) != 0 { insert(bit + offset) }
      bit += 4
    }
    guard bit > 0 else { return nil }
  }

  /// One hexadecimal digit's value, from its byte (Character's `hexDigitValue` asks Unicode).
  private static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }

  func contains(_ cpu: Int) -> Bool {
    let word = cpu / 64
    return cpu >= 0 && word < words.count && words[word] & (1 << UInt64(cpu % 64)) != 0
  }

  mutating func insert(_ cpu: Int) {
    guard cpu >= 0 else { return }
    let word = cpu / 64
    if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
    words[word] |= 1 << UInt64(cpu % 64)
  }

  mutating func formUnion(_ other: CPUMask) {
    if other.words.count > words.count {
      words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
    }
    for (index, word) in other.words.enumerated() { words[index] |= word }
  }
}
