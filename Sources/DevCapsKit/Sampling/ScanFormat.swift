/// One channel's layout in an IIO buffer scan, from its `scan_elements/*_type` attribute:
/// `[be|le]:[s|u]REALBITS/STORAGEBITS>>SHIFT` (kernel IIO ABI).
struct ScanFormat: Sendable, Equatable {
  var bigEndian: Bool
  var signed: Bool
  var realBits: Int
  var storageBits: Int
  var shift: Int

  var storageBytes: Int { storageBits / 8 }

  /// Nil for anything malformed or that devcaps cannot decode (repeat counts, odd sizes).
  static func parse(_ text: String) -> ScanFormat? {
    let trimmed = text.trimmingWhitespace()
    let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0] == "le" || parts[0] == "be" else { return nil }
    var rest = parts[1]
    guard let sign = rest.first, sign == "s" || sign == "u" else { return nil }
    rest = rest.dropFirst()
    let bitsAndShift = rest.split(separator: ">", omittingEmptySubsequences: false)
    // "16/32>>0" splits into ["16/32", "", "0"].
    guard bitsAndShift.count == 3, bitsAndShift[1].isEmpty, let shift = Int(bitsAndShift[2]) else { return nil }
    let bits = bitsAndShift[0].split(separator: "/", omittingEmptySubsequences: false)
    guard bits.count == 2, let real = Int(bits[0]), let storage = Int(bits[1]) else { return nil }
    guard [8, 16, 32, 64].contains(storage), real >= 1, real <= storage, shift >= 0, shift + real <= storage else {
      return nil
    }
    return ScanFormat(
      bigEndian: parts[0] == "be", signed: sign == "s", realBits: real, storageBits: storage, shift: shift)
  }

  /// Decodes the channel at `offset` of a scan: endianness, shift, mask, sign extension.
  func decode(_ scan: UnsafeRawBufferPointer, at offset: Int) -> Int64? {
    guard offset >= 0, offset + storageBytes <= scan.count else { return nil }
    var raw: UInt64 = 0
    for index in 0..<storageBytes {
      let byte = UInt64(scan[offset + (bigEndian ? index : storageBytes - 1 - index)])
      raw = raw << 8 | byte
    }
    raw >>= UInt64(shift)
    let mask: UInt64 = realBits == 64 ? .max : (1 << UInt64(realBits)) - 1
    raw &= mask
    if signed && realBits < 64 && raw & (1 << UInt64(realBits - 1)) != 0 {
      raw |= ~mask
    }
    return Int64(bitPattern: raw)
  }
}

/// Where each enabled channel sits in a scan: sorted by index, each naturally aligned to its
/// own storage size, the scan padded to its largest alignment.
struct ScanLayout: Sendable, Equatable {
  struct Channel: Sendable, Equatable {
    var name: String
    var index: Int
    var format: ScanFormat
    var offset: Int
  }

  var channels: [Channel]
  var scanBytes: Int

  init(_ enabled: [(name: String, index: Int, format: ScanFormat)]) {
    var offset = 0
    var largest = 1
    channels = enabled.sorted { $0.index < $1.index }.map { channel in
      let size = channel.format.storageBytes
      offset = (offset + size - 1) / size * size
      defer { offset += size }
      largest = max(largest, size)
      return Channel(name: channel.name, index: channel.index, format: channel.format, offset: offset)
    }
    scanBytes = (offset + largest - 1) / largest * largest
  }

  func channel(_ name: String) -> Channel? { channels.first { $0.name == name } }
}
