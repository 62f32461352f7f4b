import Testing

@testable import DevCapsKit

/// `ShortestDecimal` writes every finite double byte for byte as `Double.description` does:
/// random bit patterns (every exponent, subnormals included) and the hard places (powers of ten
/// and of two and their neighbours, the smallest subnormals, whole numbers around 2^53, the
/// edges where the layout changes). Fuzz/ShortestDecimalFuzzer checks the same, for longer.
@Suite("Shortest decimal of a double")
struct ShortestDecimalTests {
  static func written(_ number: Double) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ShortestDecimal.maximumLength) { buffer in
      let count = ShortestDecimal.write(number, to: buffer.baseAddress!)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }

  /// The doubles that differ from Double.description, with both texts (at most 10).
  static func differences(_ numbers: some Sequence<Double>) -> [String] {
    var found: [String] = []
    for number in numbers where number.isFinite {
      for signed in [number, -number] where written(signed) != signed.description {
        found.append("\(signed.bitPattern): \(written(signed)), Swift \(signed.description)")
        if found.count == 10 { return found }
      }
    }
    return found
  }

  @Test("layouts: zero, -0.0, whole numbers, the switches to exponents at 2^53 and below 1e-4")
  func layouts() {
    let expected: [(Double, String)] = [
      (0, "0.0"), (-0.0, "-0.0"), (1, "1.0"), (100, "100.0"), (0.1, "0.1"), (123.456, "123.456"),
      (0.0001, "0.0001"), (9.9e-5, "9.9e-05"), (1.5e-5, "1.5e-05"), (9_007_199_254_740_992, "9007199254740992.0"),
      (9_007_199_254_740_994, "9.007199254740994e+15"), (1e16, "1e+16"), (1e100, "1e+100"),
      (.leastNonzeroMagnitude, "5e-324"), (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
      (-.leastNormalMagnitude, "-2.2250738585072014e-308"), (Double(bitPattern: 20), "1e-322"),
    ]
    for (number, text) in expected { #expect(Self.written(number) == text, "\(number)") }
  }

  @Test("powers of ten and of two, each with its neighbours; every subnormal below 2^17")
  func hardPlaces() {
    var numbers: [Double] = []
    for exponent in -323...308 {
      let power = Double("1e\(exponent)")!
      numbers += [power, power.nextUp, power.nextDown]
    }
    for exponent in -1074...1023 {
      let power = Double(sign: .plus, exponent: exponent, significand: 1)
      numbers += [power, power.nextUp, power.nextDown, power * 1.5]
    }
    numbers += (1..<(1 << 17)).map { Double(bitPattern: UInt64($0)) }
    numbers += (0..<(1 << 12)).map { Double(bitPattern: 0x000F_FFFF_FFFF_FFFF - UInt64($0)) }
    #expect(Self.differences(numbers) == [])
  }

  @Test("whole numbers up to 2^64 and around 2^53, where the layout changes")
  func wholeNumbers() {
    var generator = SystemRandomNumberGenerator()
    var numbers = (0..<100_000).map { _ in Double(UInt64.random(in: 0...UInt64.max, using: &generator)) }
    numbers += (0..<100_000).map { _ in Double(Int64.random(in: -1_000_000_000...1_000_000_000, using: &generator)) }
    numbers += (-2000...2000).map { 9_007_199_254_740_992 + Double($0) * 2 }
    #expect(Self.differences(numbers) == [])
  }

  @Test("a million random bit patterns, and half a million doubles as sensors give them")
  func random() {
    var generator = SystemRandomNumberGenerator()
    let patterns = (0..<1_000_000).lazy.map { _ in Double(bitPattern: generator.next()) }
    #expect(Self.differences(patterns) == [])
    let readings = (0..<500_000).lazy.map { index in
      index % 2 == 0 ? Double.random(in: -1...1, using: &generator) : Double.random(in: -500...500, using: &generator)
    }
    #expect(Self.differences(readings) == [])
  }
}
