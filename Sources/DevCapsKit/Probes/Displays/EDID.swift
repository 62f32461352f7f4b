/// The parts of a monitor's EDID (VESA E-EDID 1.3/1.4 base block) that say what it is. A
/// block with a bad header, a bad checksum or fewer than 128 bytes parses to nil: better unknown
/// than wrong.
struct EDID: Sendable, Equatable {
  /// The three-letter PNP id (`DEL`, `SAM`, `LEN`).
  var manufacturerId: String
  var productCode: Int
  /// The 32-bit serial number; nil when zero (not set).
  var serialNumber: UInt32?
  /// The monitor name descriptor (tag 0xFC).
  var name: String?
  /// The serial string descriptor (tag 0xFF).
  var serialString: String?
  var widthMm: Int?
  var heightMm: Int?
  var preferredMode: Mode?
  /// Every mode the EDID's timings state, in the order they are read: the established timings,
  /// the standard timings, the detailed timings of the base block and of CTA-861 extensions.
  /// (A CTA-861 block's short video descriptors are not read.)
  var timings: [Mode] = []

  struct Mode: Sendable, Equatable {
    var width: Int
    var height: Int
    var refreshHz: Double
    var interlaced: Bool
  }

  static let header: [UInt8] = [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]

  enum ParseError: Error, Equatable, CustomStringConvertible {
    case tooShort(Int)
    case badHeader
    case badChecksum

    var description: String {
      switch self {
      case .tooShort(let count): return "EDID of \(count) bytes, shorter than its 128-byte base block"
      case .badHeader: return "EDID header is not 00 FF FF FF FF FF FF 00"
      case .badChecksum: return "EDID base block checksum does not add up"
      }
    }
  }

  static func parse(_ bytes: [UInt8]) throws(ParseError) -> EDID {
    guard bytes.count >= 128 else { throw .tooShort(bytes.count) }
    guard Array(bytes[0..<8]) == header else { throw .badHeader }
    guard bytes[0..<128].reduce(0, { $0 &+ $1 }) == 0 else { throw .badChecksum }

    // Manufacturer: three 5-bit letters, 1 = "A", big-endian.
    let packed = Int(bytes[8]) << 8 | Int(bytes[9])
    let letters = [(packed >> 10) & 0x1F, (packed >> 5) & 0x1F, packed & 0x1F].map { value -> Character in
      (1...26).contains(value) ? Character(Unicode.Scalar(UInt8(64 + value))) : "?"
    }
    let serial = UInt32(bytes[12]) | UInt32(bytes[13]) << 8 | UInt32(bytes[14]) << 16 | UInt32(bytes[15]) << 24
    var edid = EDID(
      manufacturerId: String(letters), productCode: Int(bytes[10]) | Int(bytes[11]) << 8,
      serialNumber: serial == 0 ? nil : serial)

    edid.timings = EDIDTimings.established(bytes) + EDIDTimings.standard(bytes)
    var preferredTimingSize: (Int, Int)? = nil
    for offset in stride(from: 54, through: 108, by: 18) {
      let descriptor = Array(bytes[offset..<(offset + 18)])
      if descriptor[0] != 0 || descriptor[1] != 0 {
        // A detailed timing; the first one is the preferred mode.
        if let timing = detailedTiming(descriptor) { edid.timings.append(timing) }
        if edid.preferredMode == nil {
          edid.preferredMode = detailedTiming(descriptor)
          let width = Int(descriptor[12]) | Int(descriptor[14] & 0xF0) << 4
          let height = Int(descriptor[13]) | Int(descriptor[14] & 0x0F) << 8
          if width > 0 && height > 0 { preferredTimingSize = (width, height) }
        }
        continue
      }
      switch descriptor[3] {
      case 0xFC: edid.name = descriptorText(descriptor)
      case 0xFF: edid.serialString = descriptorText(descriptor)
      default: break
      }
    }
    edid.timings += EDIDTimings.extensionTimings(bytes)
    if let (width, height) = preferredTimingSize {
      edid.widthMm = width
      edid.heightMm = height
    } else if bytes[21] > 0 && bytes[22] > 0 {
      // The basic block's size is in centimetres.
      edid.widthMm = Int(bytes[21]) * 10
      edid.heightMm = Int(bytes[22]) * 10
    }
    return edid
  }

  static func detailedTiming(_ d: [UInt8]) -> Mode? {
    let pixelClock = Double(Int(d[0]) | Int(d[1]) << 8) * 10_000
    let hActive = Int(d[2]) | Int(d[4] & 0xF0) << 4
    let hBlank = Int(d[3]) | Int(d[4] & 0x0F) << 8
    let vActive = Int(d[5]) | Int(d[7] & 0xF0) << 4
    let vBlank = Int(d[6]) | Int(d[7] & 0x0F) << 8
    let interlaced = d[17] & 0x80 != 0
    // An interlaced timing describes one field, half a line longer than its lines: the frame
    // has twice the lines, and the rate is the fields'.
    let total = Double(hActive + hBlank) * (Double(vActive + vBlank) + (interlaced ? 0.5 : 0))
    guard hActive > 0, vActive > 0, total > 0 else { return nil }
    let refresh = pixelClock / total
    return Mode(
      width: hActive, height: interlaced ? vActive * 2 : vActive,
      refreshHz: (refresh * 100).rounded() / 100, interlaced: interlaced)
  }

  /// Descriptor text: up to 13 bytes of code page 437, ended by a line feed, padded by spaces.
  static func descriptorText(_ d: [UInt8]) -> String? {
    let raw = d[5..<18].prefix { $0 != 0x0A && $0 != 0 }
    let printable = raw.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }
    let text = String(decoding: printable, as: UTF8.self).trimmingWhitespace()
    return text.isEmpty ? nil : text
  }
}
