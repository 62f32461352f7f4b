/// A finite Double as the shortest decimal that reads back as the same Double, the closest to it
/// when several are as short, laid out byte for byte as `Double.description` lays it out
/// (`0.001`, `123.0`, `1.5e-05`, `1e+16`, `-0.0`), written straight into bytes: the standard
/// library's own writer was a quarter of `motion --replay --json`.
///
/// The digits come from the Schubfach method (Raffaello Giulietti, "The Schubfach way to render
/// doubles", 2020): with 10^k the largest power of ten not above the spacing 2^q of the doubles
/// around c·2^q, the double and the two ends of the interval that rounds to it are each scaled by
/// 10^-k once, through a 128-bit power of ten rounded up and the product's low bits kept as a
/// sticky bit ("round to odd"), which keeps every comparison below exact. Within that interval
/// there is at most one multiple of 10^(k+1) (the shorter candidate) and always a multiple of
/// 10^k, so the shortest is one of the four around the scaled double.
enum ShortestDecimal {
  /// The longest text written: `-2.2250738585072014e-308` has 24 bytes.
  static let maximumLength = 32

  /// Writes `number` (finite) at `output`, which has room for ``maximumLength`` bytes, and
  /// returns how many bytes it wrote.
  static func write(_ number: Double, to output: UnsafeMutablePointer<UInt8>) -> Int {
    var position = 0
    if number.sign == .minus {
      output[0] = UInt8(ascii: "-")
      position = 1
    }
    let bits = number.bitPattern
    let fraction = bits & (1 << 52 - 1)
    let biasedExponent = Int(truncatingIfNeeded: bits >> 52) & 0x7FF
    if biasedExponent == 0 && fraction == 0 {
      output[position] = UInt8(ascii: "0")
      output[position + 1] = UInt8(ascii: ".")
      output[position + 2] = UInt8(ascii: "0")
      return position + 3
    }
    let (digits, exponent) = decimal(fraction: fraction, biasedExponent: biasedExponent)
    let count = digitCount(digits)
    // The exponent of the first digit, as in 1.5e-05.
    let scientific = exponent + count - 1
    if number.magnitude > 0x1p53 || scientific < -4 {
      return position + writeExponential(digits, count: count, exponent: scientific, to: output + position)
    }
    return position + writeDecimal(digits, count: count, exponent: scientific, to: output + position)
  }

  /// The shortest digits (no trailing zeros) and their power of ten, of a positive double given
  /// as its fraction bits and biased exponent.
  static func decimal(fraction: UInt64, biasedExponent: Int) -> (digits: UInt64, exponent: Int) {
    let c: UInt64
    let q: Int
    if biasedExponent == 0 {
      c = fraction
      q = -1074
    } else {
      c = fraction | 1 << 52
      q = biasedExponent &- 1075
      // A whole number below 2^53: its own digits, as no other number that short is as close.
      if q <= 0 && q > -53 {
        let whole = c >> UInt64(-q)
        if whole << UInt64(-q) == c { return withoutTrailingZeros(whole, 0) }
      }
    }
    // The interval that rounds to c·2^q, in quarters of 2^q: [cbl, cbr], its ends included when
    // c is even (round half to even), excluded when odd (`excluded` then 1).
    let excluded = c & 1
    let cb = c << 2
    let cbr = cb &+ 2
    let cbl: UInt64
    let k: Int
    if fraction != 0 || biasedExponent <= 1 {
      cbl = cb &- 2
      k = (q &* 315653) >> 20  // floor(log10(2^q))
    } else {
      // A power of two: the double below is half as far as the one above.
      cbl = cb &- 1
      k = (q &* 315653 &- 131237) >> 20  // floor(log10(3/4 · 2^q))
    }
    // 10^-k = g · 2^(r), g in [2^127, 2^128); shifting by h makes the product's high 64 bits
    // the value times 10^-k in quarters. h is 1 to 4 for every double, so the shifts are plain
    // ones, and this arithmetic, in range for every exponent, wraps unchecked: the checks were a
    // tenth of a number. (The table's bounds stay checked.)
    let h = q &+ ((0 &- k &* 1741647) >> 19) &+ 1  // floor(log2(10^-k)) = (-k * 1741647) >> 19
    let index = 2 * (-k - lowestPowerOfTen)
    let high = powersOfTen[index]
    let low = powersOfTen[index + 1]
    let vb = scaledRoundedToOdd(high, low, cb &<< h)
    let vbl = scaledRoundedToOdd(high, low, cbl &<< h) &+ excluded
    let vbr = scaledRoundedToOdd(high, low, cbr &<< h) &- excluded
    let s = vb >> 2
    // The one multiple of 10^(k+1) in the interval, if there is one, is the shortest.
    let below = s / 10 * 10
    let above = below + 10
    let belowIn = vbl <= below << 2
    let aboveIn = above << 2 <= vbr
    if belowIn != aboveIn { return withoutTrailingZeros(multipleOfTen: belowIn ? below : above, k) }
    // Else the multiple of 10^k in it closest to the double; a tie goes to the even one.
    let t = s + 1
    let sIn = vbl <= s << 2
    let tIn = t << 2 <= vbr
    if sIn != tIn { return withoutTrailingZeros(sIn ? s : t, k) }
    let difference = Int64(bitPattern: vb &- (s + t) << 1)
    return withoutTrailingZeros(difference < 0 || (difference == 0 && s & 1 == 0) ? s : t, k)
  }

  /// floor(g · factor / 2^128), its lowest bit set when the product had more bits below; the
  /// product's lowest 64 bits are left out, which cancels the one added in rounding g up.
  @inline(__always)
  private static func scaledRoundedToOdd(_ high: UInt64, _ low: UInt64, _ factor: UInt64) -> UInt64 {
    let lowProduct = low.multipliedFullWidth(by: factor).high
    let highProduct = high.multipliedFullWidth(by: factor)
    let (middle, carry) = highProduct.low.addingReportingOverflow(lowProduct)
    return (highProduct.high &+ (carry ? 1 : 0)) | (middle != 0 ? 1 : 0)
  }

  @inline(__always)
  private static func withoutTrailingZeros(_ digits: UInt64, _ exponent: Int) -> (digits: UInt64, exponent: Int) {
    var digits = digits
    var exponent = exponent
    while digits % 10 == 0 {
      digits /= 10
      exponent += 1
    }
    return (digits, exponent)
  }

  /// ``withoutTrailingZeros(_:_:)`` of the shorter candidate, a multiple of ten that often has
  /// a dozen zeros (0.001234's 1234000000000000): eight at a time, then four, two and one, where
  /// one at a time was a twentieth of a replayed row.
  @inline(__always)
  private static func withoutTrailingZeros(multipleOfTen: UInt64, _ exponent: Int) -> (digits: UInt64, exponent: Int) {
    var digits = multipleOfTen / 10
    var exponent = exponent + 1
    /// Takes `zeros` zeros off if there are as many (`power` is 10^zeros).
    @inline(__always)
    func strip(_ power: UInt64, _ zeros: Int) -> Bool {
      guard digits % power == 0 else { return false }
      digits /= power
      exponent += zeros
      return true
    }
    while strip(100_000_000, 8) {}
    _ = strip(10_000, 4)
    _ = strip(100, 2)
    _ = strip(10, 1)
    return (digits, exponent)
  }

  /// 10^0 … 10^19 (a literal, so stored as it stands, with nothing to compute at first use).
  private static let wholePowersOfTen: [UInt64] = [
    1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
    100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
    10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
  ]

  /// The number of decimal digits of `value` (1 for 0), from its bit length. (Setting the
  /// lowest bit changes no count but 0's: every power of ten above 1 is even.)
  @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    let odd = value | 1
    let guess = ((64 - odd.leadingZeroBitCount) * 1233) >> 12
    return guess + (odd < wholePowersOfTen[guess] ? 0 : 1)
  }

  /// `d.ddde+XX`: the exponent has a sign and at least two digits.
  private static func writeExponential(
    _ digits: UInt64, count: Int, exponent: Int, to output: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var position: Int
    if count == 1 {
      output[0] = UInt8(ascii: "0") + UInt8(digits)
      position = 1
    } else {
      writeDigits(digits, count: count, to: output + 1)
      output[0] = output[1]
      output[1] = UInt8(ascii: ".")
      position = count + 1
    }
    output[position] = UInt8(ascii: "e")
    output[position + 1] = exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
    position += 2
    let magnitude = UInt64(exponent.magnitude)
    let exponentDigits = max(2, digitCount(magnitude))
    writeDigits(magnitude, count: exponentDigits, to: output + position)
    return position + exponentDigits
  }

  /// `123.45`, `100.0`, `0.00012`.
  private static func writeDecimal(
    _ digits: UInt64, count: Int, exponent: Int, to output: UnsafeMutablePointer<UInt8>
  ) -> Int {
    if exponent < 0 {
      // At most three zeros after the point (below 10^-4 the form is exponential): four
      // written at once, the digits over what is not one.
      let zeros = -exponent - 1
      output[0] = UInt8(ascii: "0")
      output[1] = UInt8(ascii: ".")
      UnsafeMutableRawPointer(output + 2).storeBytes(of: 0x3030_3030 as UInt32, as: UInt32.self)
      writeDigits(digits, count: count, to: output + 2 + zeros)
      return 2 + zeros + count
    }
    let whole = exponent + 1
    if count <= whole {
      writeDigits(digits, count: count, to: output)
      for index in count..<whole { output[index] = UInt8(ascii: "0") }
      output[whole] = UInt8(ascii: ".")
      output[whole + 1] = UInt8(ascii: "0")
      return whole + 2
    }
    // The digits one place to the right, then the whole part moved back over the point's place.
    writeDigits(digits, count: count, to: output + 1)
    moveLeft(output, count: whole)
    output[whole] = UInt8(ascii: ".")
    return count + 1
  }

  /// Moves `output[1...count]` one place left: for a whole part of at most 16 digits (below
  /// 2^53; larger numbers are written exponential) two overlapping loads and stores, where the
  /// loop was a call to memmove.
  @inline(__always)
  private static func moveLeft(_ output: UnsafeMutablePointer<UInt8>, count: Int) {
    let bytes = UnsafeMutableRawPointer(output)
    func move<Word: FixedWidthInteger>(_: Word.Type) {
      let size = MemoryLayout<Word>.size
      let first = bytes.loadUnaligned(fromByteOffset: 1, as: Word.self)
      let last = bytes.loadUnaligned(fromByteOffset: count + 1 - size, as: Word.self)
      bytes.storeBytes(of: first, as: Word.self)
      bytes.storeBytes(of: last, toByteOffset: count - size, as: Word.self)
    }
    if count > 16 {
      for index in 0..<count { output[index] = output[index + 1] }
    } else if count >= 8 {
      move(UInt64.self)
    } else if count >= 4 {
      move(UInt32.self)
    } else if count >= 2 {
      move(UInt16.self)
    } else {
      output[0] = output[1]
    }
  }

  /// "00" … "99".
  private static let digitPairs: StaticString = """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """

  /// `value`'s `count` digits (leading zeros if it has fewer), from the right: eight at a time
  /// (``writeEight(_:to:)``), the rest in pairs.
  @inline(__always)
  static func writeDigits(_ value: UInt64, count: Int, to output: UnsafeMutablePointer<UInt8>) {
    var value = value
    var end = count
    while end >= 8 {
      writeEight(value % 100_000_000, to: output + end - 8)
      value /= 100_000_000
      end -= 8
    }
    var rest = UInt32(truncatingIfNeeded: value)
    while end >= 2 {
      writePair(rest % 100, to: output + end - 2)
      rest /= 100
      end -= 2
    }
    if end == 1 { output[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10) }
  }

  /// The eight digits of `eight` (below 10^8, leading zeros kept) as one 8-byte store, all
  /// eight worked out side by side in one 64-bit word: its halves are the first and last four
  /// digits, then its four 16-bit lanes the pairs, then its bytes the digits, each step a
  /// multiplication by a reciprocal (exact for these ranges) that divides every lane at once.
  /// Two pairs at a time from a table cost twice the instructions (a fifth of a number).
  @inline(__always)
  static func writeEight(_ eight: UInt64, to output: UnsafeMutablePointer<UInt8>) {
    // First four digits in the low half, last four in the high half (the first byte in memory
    // is the lowest, once stored little-endian).
    let fours = eight &<< 32 &- ((eight &* 0x68DB8BB) &>> 40) &* (10000 &<< 32 &- 1)
    // In each half: its first pair in the low 16 bits, its second in the high 16 bits.
    let pairs = fours &<< 16 &- (((fours &* 0x147B) &>> 19) & 0x7F_0000_007F) &* (100 &<< 16 &- 1)
    // In each 16-bit lane: its tens in the low byte, its ones in the high byte.
    let digits = pairs &<< 8 &- (((pairs &* 0x67) &>> 10) & 0x000F_000F_000F_000F) &* (10 &<< 8 &- 1)
    UnsafeMutableRawPointer(output).storeBytes(of: (digits | 0x3030_3030_3030_3030).littleEndian, as: UInt64.self)
  }

  @inline(__always)
  private static func writePair(_ pair: UInt32, to output: UnsafeMutablePointer<UInt8>) {
    let digits = UnsafeRawPointer(digitPairs.utf8Start + Int(pair) * 2).loadUnaligned(as: UInt16.self)
    UnsafeMutableRawPointer(output).storeBytes(of: digits, as: UInt16.self)
  }
}
