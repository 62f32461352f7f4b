/// A constraint on a measured value: systemd's operators (`>=` when none is written), a number
/// and a unit fitting the key (`>= 4 GiB`, `> 2 GHz`, `>= 50%`, `>= 6.1`); sizes and frequencies
/// always name their unit.
public struct Constraint: Sendable, Equatable {
  /// systemd's comparison operators.
  public enum Operator: String, Sendable, CaseIterable {
    case atLeast = ">=", greater = ">", atMost = "<=", less = "<", equal = "==", notEqual = "!="
  }

  /// A number in the key's base unit (bytes, Hz, a fraction), or a dotted version.
  public enum Value: Sendable, Equatable {
    case number(Double)
    case version([Int])
  }

  /// The comparison.
  public var op: Operator
  /// What is compared against.
  public var value: Value
  /// The constraint as written in the manifest.
  public var text: String

  /// Why a constraint is malformed, with an example of a good one.
  public struct ParseError: Error, Equatable, CustomStringConvertible {
    /// The reason, for a person.
    public var description: String
    init(_ description: String) { self.description = description }
  }

  /// Parses a constraint for a key of this measure.
  package static func parse(_ text: String, measure: ManifestKeys.Measure) throws(ParseError) -> Constraint {
    if let plain = PlainConstraint.parse(text, measure: measure) { return plain }
    return try parseCharacters(text, measure: measure)
  }

  /// The general reading, by Characters: every constraint PlainConstraint leaves, and what the
  /// fuzzers check it against.
  static func parseCharacters(_ text: String, measure: ManifestKeys.Measure) throws(ParseError) -> Constraint {
    let trimmed = text.trimmingWhitespace()
    var rest = Substring(trimmed)
    var op = Operator.atLeast
    // Longest operators first, so ">=" is not read as ">". Each begins with one of these bytes:
    // the first tells whether to look at all (a manifest may hold 30,000 constraints).
    if let first = rest.utf8.first, Self.operatorStarts.contains(first),
      let found = [Operator.atLeast, .atMost, .equal, .notEqual, .greater, .less].first(where: {
        rest.hasPrefix($0.rawValue)
      })
    {
      op = found
      rest = rest.dropFirst(found.rawValue.count)
    } else if rest.hasPrefix("=") || rest.hasPrefix("≥") || rest.hasPrefix("≤") || rest.hasPrefix("!") {
      throw ParseError("\(text.quotedForMessage) has an unknown operator; use one of >= > <= < == !=")
    }
    rest = Substring(rest.trimmingWhitespace())
    if rest.isEmpty { throw ParseError("\(text.quotedForMessage) has no value") }
    let value: Value
    switch measure {
    case .version: value = .version(try versionParts(rest, whole: text))
    case .cpuLevel: value = .number(Double(try cpuLevel(rest, whole: text)))
    case .thermalState: value = .number(try thermalStateRank(rest, whole: text))
    default: value = .number(try quantity(String(rest), measure: measure, whole: text))
    }
    return Constraint(op: op, value: value, text: trimmed)
  }

  private static let operatorStarts: Set<UInt8> = [
    UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: "!"),
  ]

  static func versionParts(_ text: Substring, whole: String) throws(ParseError) -> [Int] {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { part in
      part.allSatisfy { $0.isASCII && $0.isNumber } ? Int(part) : nil
    }
    guard !parts.isEmpty, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else {
      throw ParseError("\(whole.quotedForMessage) is not a version: write dotted numbers such as '>= 6.1'")
    }
    return parts.map { $0! }
  }

  /// A thermal state's place in ``ManifestKeys/thermalStates``, so that `<=` means "no hotter".
  static func thermalStateRank(_ text: Substring, whole: String) throws(ParseError) -> Double {
    guard let rank = ManifestKeys.thermalStates.firstIndex(of: String(text)) else {
      throw ParseError(
        "\(whole.quotedForMessage) names no thermal state; use one of \(ManifestKeys.thermalStates.joined(separator: ", ")), such as \(example(.thermalState))"
      )
    }
    return Double(rank)
  }

  static let byteUnits: [String: Double] = [
    "B": 1, "kB": 1e3, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
    "KiB": 1024, "MiB": 1_048_576, "GiB": 1_073_741_824, "TiB": 1_099_511_627_776,
  ]
  static let hertzUnits: [String: Double] = ["Hz": 1, "kHz": 1e3, "MHz": 1e6, "GHz": 1e9]

  static func quantity(_ text: String, measure: ManifestKeys.Measure, whole: String) throws(ParseError) -> Double {
    let numberEnd = numberPrefixEnd(text)
    let digits = String(text[..<numberEnd])
    let unit = text[numberEnd...].trimmingWhitespace()
    guard !digits.isEmpty, !digits.hasPrefix("."), !digits.hasSuffix("."), let number = Double(digits), number.isFinite
    else {
      throw ParseError("\(whole.quotedForMessage) needs a number, such as \(example(measure))")
    }
    switch measure {
    case .bytes, .hertz:
      let units = measure == .bytes ? byteUnits : hertzUnits
      if unit.isEmpty { throw noUnit(number, units: units, whole: whole, measure: measure) }
      return number * (try factor(unit, units: units, whole: whole, measure: measure))
    case .count:
      guard unit.isEmpty else {
        throw ParseError("\(whole.quotedForMessage) is a count and takes no unit, such as '>= 4'")
      }
      guard number == number.rounded() else { throw ParseError("\(whole.quotedForMessage) must be a whole number") }
      return number
    case .cores:
      guard unit.isEmpty else {
        throw ParseError("\(whole.quotedForMessage) is a number of CPUs and takes no unit, such as '>= 1.5'")
      }
      return number
    case .level:
      if unit == "%" {
        guard number <= 100 else { throw ParseError("\(whole.quotedForMessage) is more than 100%") }
        return number / 100
      }
      guard unit.isEmpty else {
        throw ParseError("\(whole.quotedForMessage) takes a percentage such as '>= 50%' or a fraction such as '>= 0.5'")
      }
      guard number <= 1 else {
        throw ParseError(
          "\(whole.quotedForMessage) is above 1; write a percentage such as '>= 50%' or a fraction such as '>= 0.5'")
      }
      return number
    case .version, .cpuLevel, .thermalState:
      return number
    }
  }

  /// Where the leading ASCII digits and dots end, as Characters count them. Scanned as bytes:
  /// an ASCII byte after them starts a new Character, and only a byte of another script (a
  /// combining mark, say) needs the Character scan.
  static func numberPrefixEnd(_ text: String) -> String.Index {
    let utf8 = text.utf8
    let end = utf8.firstIndex { !($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") || $0 == UInt8(ascii: ".")) }
    guard let end else { return text.endIndex }
    if utf8[end] < 0x80 { return end }
    return text.firstIndex { !($0.isASCII && ($0.isNumber || $0 == ".")) } ?? text.endIndex
  }

  /// The number of `x86-64-vN`, 1 to 4.
  static func cpuLevel(_ text: Substring, whole: String) throws(ParseError) -> Int {
    let prefix = "x86-64-v"
    if text.hasPrefix(prefix), let number = Int(text.dropFirst(prefix.count)), (1...4).contains(number) {
      return number
    }
    let levels = (1...4).map { prefix + String($0) }
    throw ParseError("\(whole.quotedForMessage) is not an x86-64 level; levels are \(levels.joined(separator: ", "))")
  }

  /// A size or a frequency must name its unit: `"memory": ">= 8"` meant as 8 GiB would
  /// otherwise hold on any machine, as 8 bytes. The guess offered fits the number: 8 GiB, but
  /// 8192 MiB and 2400 MHz.
  static func noUnit(_ number: Double, units: [String: Double], whole: String, measure: ManifestKeys.Measure)
    -> ParseError
  {
    let large = number >= 100
    let meant = whole.trimmingWhitespace() + (measure == .hertz ? (large ? " MHz" : " GHz") : (large ? " MiB" : " GiB"))
    let valid = inOrder(units)
    return ParseError(
      "\(whole.quotedForMessage) has no unit; did you mean \(meant.quotedForMessage)? units are \(valid.joined(separator: ", "))"
    )
  }

  /// The units by factor, then by name: kB and KB are both 1000, and a dictionary's order
  /// changes from one run to the next.
  static func inOrder(_ units: [String: Double]) -> [String] {
    units.keys.sorted { (units[$0]!, $0) < (units[$1]!, $1) }
  }

  /// A unit's factor.
  static func factor(
    _ unit: String, units: [String: Double], whole: String, measure: ManifestKeys.Measure
  ) throws(ParseError) -> Double {
    if let factor = units[unit] { return factor }
    let valid = inOrder(units)
    // Only a unit written in the wrong case: the nearest by edit distance would offer B for PB.
    let hint = valid.first { $0.lowercased() == unit.lowercased() }.map { "did you mean '\($0)'? " } ?? ""
    throw ParseError(
      "\(whole.quotedForMessage) has an unknown unit \(unit.quotedForMessage); \(hint)units are \(valid.joined(separator: ", "))"
    )
  }

  static func example(_ measure: ManifestKeys.Measure) -> String {
    switch measure {
    case .bytes: return "'>= 4 GiB'"
    case .count: return "'>= 4'"
    case .cores: return "'>= 2'"
    case .hertz: return "'>= 2 GHz'"
    case .level: return "'>= 50%'"
    case .version: return "'>= 6.1'"
    case .cpuLevel: return "'>= x86-64-v3'"
    case .thermalState: return "'<= fair'"
    }
  }

  /// Whether a measured value meets the constraint.
  public func holds(_ actual: Value) -> Bool {
    let order: Int
    switch (actual, value) {
    case (.number(let a), .number(let b)): order = a < b ? -1 : a > b ? 1 : 0
    case (.version(let a), .version(let b)):
      // Equality is judged on the parts written: `== 12` holds on 12.11, as people mean it.
      if op == .equal || op == .notEqual {
        order = Constraint.compare(Array(a.prefix(b.count)), b)
      } else {
        order = Constraint.compare(a, b)
      }
    default: return false
    }
    switch op {
    case .atLeast: return order >= 0
    case .greater: return order > 0
    case .atMost: return order <= 0
    case .less: return order < 0
    case .equal: return order == 0
    case .notEqual: return order != 0
    }
  }

  /// Part by part, missing parts as 0: 6.1.0 == 6.1, 12.11 > 12.5, 12.11 > 12.
  public static func compare(_ a: [Int], _ b: [Int]) -> Int {
    for index in 0..<max(a.count, b.count) {
      let left = index < a.count ? a[index] : 0
      let right = index < b.count ? b[index] : 0
      if left != right { return left < right ? -1 : 1 }
    }
    return 0
  }

  /// The leading dotted numbers of a kernel release or VERSION_ID (`6.1.0-13-amd64` → 6.1.0).
  public static func leadingVersion(_ text: String) -> [Int]? {
    var parts: [Int] = []
    var current = ""
    for character in text {
      if character.isASCII && character.isNumber {
        current.append(character)
      } else if character == "." && !current.isEmpty {
        parts.append(Int(current) ?? 0)
        current = ""
      } else {
        break
      }
    }
    if !current.isEmpty { parts.append(Int(current) ?? 0) }
    return parts.isEmpty ? nil : parts
  }
}
