/// The modes an EDID lists besides its detailed timings' preferred one (VESA E-EDID 1.4 §3.8,
/// §3.9; CTA-861 §7.5): each with its refresh rate, for ``Screen/modes``.
enum EDIDTimings {
  /// Established timings I and II (bytes 35–37): one bit per fixed VESA or IBM/Apple mode, the
  /// high bit of byte 35 first. Their rates are the nominal ones the standard names.
  static let establishedModes: [(width: Int, height: Int, hertz: Double, interlaced: Bool)] = [
    (720, 400, 70, false), (720, 400, 88, false), (640, 480, 60, false), (640, 480, 67, false),
    (640, 480, 72, false), (640, 480, 75, false), (800, 600, 56, false), (800, 600, 60, false),
    (800, 600, 72, false), (800, 600, 75, false), (832, 624, 75, false), (1024, 768, 87, true),
    (1024, 768, 60, false), (1024, 768, 70, false), (1024, 768, 75, false), (1280, 1024, 75, false),
    (1152, 870, 75, false),
  ]

  static func established(_ bytes: [UInt8]) -> [EDID.Mode] {
    establishedModes.indices.compactMap { index in
      let byte = bytes[35 + index / 8]
      guard byte & (0x80 >> UInt8(index % 8)) != 0 else { return nil }
      let mode = establishedModes[index]
      return EDID.Mode(width: mode.width, height: mode.height, refreshHz: mode.hertz, interlaced: mode.interlaced)
    }
  }

  /// Standard timings (bytes 38–53): eight pairs of (width ÷ 8 − 31; aspect ratio in the top two
  /// bits, refresh − 60 in the low six); 01 01 (or 00 00) marks an unused one. Aspect 00 is 16:10
  /// from EDID 1.3 on, 1:1 before.
  static func standard(_ bytes: [UInt8]) -> [EDID.Mode] {
    let sixteenByTen = bytes[18] > 1 || bytes[19] >= 3
    return stride(from: 38, to: 54, by: 2).compactMap { offset in
      let (first, second) = (bytes[offset], bytes[offset + 1])
      guard !(first == 1 && second == 1), first != 0 else { return nil }
      let width = (Int(first) + 31) * 8
      let height: Int
      switch second >> 6 {
      case 0: height = sixteenByTen ? width * 10 / 16 : width
      case 1: height = width * 3 / 4
      case 2: height = width * 4 / 5
      default: height = width * 9 / 16
      }
      return EDID.Mode(width: width, height: height, refreshHz: Double(second & 0x3F) + 60, interlaced: false)
    }
  }

  /// The detailed timings of each CTA-861 extension block (tag 02) whose checksum adds up: from
  /// the offset its byte 2 gives, 18 bytes each, up to the padding.
  static func extensionTimings(_ bytes: [UInt8]) -> [EDID.Mode] {
    let count = Int(bytes[126])
    var modes: [EDID.Mode] = []
    for index in 1...max(count, 1) where count > 0 && bytes.count >= (index + 1) * 128 {
      let block = Array(bytes[(index * 128)..<((index + 1) * 128)])
      guard block[0] == 0x02, block.reduce(0, { $0 &+ $1 }) == 0, block[2] >= 4 else { continue }
      for offset in stride(from: Int(block[2]), through: 127 - 18, by: 18) {
        guard block[offset] != 0 || block[offset + 1] != 0 else { break }
        if let mode = EDID.detailedTiming(Array(block[offset..<(offset + 18)])) { modes.append(mode) }
      }
    }
    return modes
  }

  /// The highest rate the timings state for each mode, by the kernel's spelling (`1920x1080`,
  /// `1920x1080i`).
  static func refreshRates(_ timings: [EDID.Mode]) -> [String: Double] {
    var rates: [String: Double] = [:]
    for timing in timings {
      let mode = "\(timing.width)x\(timing.height)" + (timing.interlaced ? "i" : "")
      rates[mode] = max(rates[mode] ?? 0, timing.refreshHz)
    }
    return rates
  }
}
