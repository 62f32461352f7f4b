/// The common constraints read by bytes: ASCII, an operator, spaces, a number of at most 15
/// digits, spaces and a known unit (`>= 4 GiB`, `>=1GB`, `< 80%`). Anything else (other white
/// space, a version, a long number, an unknown unit, a malformed constraint) is nil here, and
/// Constraint.parse reads it Character by Character, as it did before: a 1 MiB manifest holds
/// 37,000 constraints. The fuzzers check that both readings agree.
enum PlainConstraint {
  static func parse(_ text: String, measure: ManifestKeys.Measure) -> Constraint? {
    switch measure {
    case .bytes, .hertz, .count, .cores, .level: break
    case .version, .cpuLevel, .thermalState: return nil
    }
    let parsed = text.utf8.withContiguousStorageIfAvailable { bytes in parse(bytes, measure: measure) }
    guard let (op, number) = parsed ?? nil else { return nil }
    return Constraint(op: op, value: .number(number), text: text)
  }

  private static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, measure: ManifestKeys.Measure
  ) -> (Constraint.Operator, Double)? {
    // No white space around it, so that the text is already what trimming would make.
    guard let first = bytes.first, let last = bytes.last, isVisible(first), isVisible(last) else { return nil }
    var index = 0
    var op = Constraint.Operator.atLeast
    if let found = operatorAt(bytes) {
      op = found.op
      index = found.length
    } else if first == UInt8(ascii: "=") || first == UInt8(ascii: "!") {
      return nil
    }
    for byte in bytes where byte >= 0x80 { return nil }
    while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
    guard let (number, numberEnd) = decimal(bytes, from: index) else { return nil }
    index = numberEnd
    while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
    let unit = UnsafeBufferPointer(rebasing: bytes[index...])
    switch measure {
    case .bytes: return factor(unit, in: byteUnits).map { (op, number * $0) }
    case .hertz: return factor(unit, in: hertzUnits).map { (op, number * $0) }
    case .count: return unit.isEmpty && number == number.rounded() ? (op, number) : nil
    case .cores: return unit.isEmpty ? (op, number) : nil
    case .level:
      if unit.elementsEqual([UInt8(ascii: "%")]) { return number <= 100 ? (op, number / 100) : nil }
      return unit.isEmpty && number <= 1 ? (op, number) : nil
    case .version, .cpuLevel, .thermalState: return nil
    }
  }

  private static func isVisible(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

  private static func operatorAt(_ bytes: UnsafeBufferPointer<UInt8>) -> (op: Constraint.Operator, length: Int)? {
    let first = bytes[0]
    let equalsNext = bytes.count > 1 && bytes[1] == UInt8(ascii: "=")
    switch first {
    case UInt8(ascii: ">"): return equalsNext ? (.atLeast, 2) : (.greater, 1)
    case UInt8(ascii: "<"): return equalsNext ? (.atMost, 2) : (.less, 1)
    case UInt8(ascii: "="): return equalsNext ? (.equal, 2) : nil
    case UInt8(ascii: "!"): return equalsNext ? (.notEqual, 2) : nil
    default: return nil
    }
  }

  /// Digits, then a point and digits, at most 15 digits in all: the value is the integer of
  /// all the digits divided by a power of ten, both exact in a Double, so the quotient is
  /// rounded once, as Double(String) rounds the decimal. Nil for anything else.
  private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Double, Int)? {
    var index = start
    var mantissa: Int64 = 0
    var digits = 0
    var fractionDigits = 0
    var seenPoint = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
        digits += 1
        if seenPoint { fractionDigits += 1 }
      } else if byte == UInt8(ascii: "."), !seenPoint, digits > 0 {
        seenPoint = true
      } else {
        break
      }
      guard digits <= 15 else { return nil }
      index += 1
    }
    // "1." and "1.2.3" are for the general reading (and its error).
    guard digits > 0, !seenPoint || fractionDigits > 0 else { return nil }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") { return nil }
    return (Double(mantissa) / powersOfTen[fractionDigits], index)
  }

  private static let powersOfTen: [Double] = (0...15).map { power in
    (0..<power).reduce(1.0) { value, _ in value * 10 }
  }

  /// Each unit's bytes and factor (a size or a frequency without one is the general reading's
  /// error).
  private typealias Units = [(unit: [UInt8], factor: Double)]

  private static let byteUnits = units(Constraint.byteUnits)
  private static let hertzUnits = units(Constraint.hertzUnits)

  private static func units(_ table: [String: Double]) -> Units {
    table.map { (Array($0.key.utf8), $0.value) }
  }

  private static func factor(_ unit: UnsafeBufferPointer<UInt8>, in units: Units) -> Double? {
    units.first { $0.unit.elementsEqual(unit) }?.factor
  }
}
