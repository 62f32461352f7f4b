import Testing

@testable import DevCapsKit

@Suite("Constraints read by bytes")
struct PlainConstraintTests {
  static let measures: [ManifestKeys.Measure] = [.bytes, .count, .hertz, .level, .version, .cpuLevel, .thermalState]

  @Test(
    "the common forms are read by bytes, as the general reading reads them",
    arguments: [
      ">= 4 GiB", ">=1GB", "4GiB", "< 1.5 kB", "== 1 TB", "!= 100 B", "2048", ">= 4", "> 2 GHz", ">= 800 MHz",
      ">= 50%", "< 0.2", "<= 0.1", "0.3", "007", ">= 123456789012345", "1.5 KiB", ">  3   TiB", ">= 100%",
    ])
  func common(text: String) {
    #expect(Self.measures.contains { PlainConstraint.parse(text, measure: $0) != nil })
    Self.agree(text)
  }

  @Test(
    "anything else is left to the general reading, its value or its error",
    arguments: [
      "", " ", ">=", "= 4", "! 4", "=> 4", ">= 1.", ">= .5", ">= 1.2.3", ">= 1e5", ">= -1", ">= 4 gib", ">= 4 G iB",
      " >= 4 GiB", ">= 4 GiB ", ">=\t4 GiB", ">= 4\tGiB", ">= 4 GiB\0", ">= 1234567890123456", ">= 0.1234567890123456",
      ">= 101%", ">= 1.5", ">= 2.5 items", ">= 4 \u{2009}GiB", "\u{2265} 4 GiB", ">= 4\u{301} GiB", ">= 6.1",
      "x86-64-v3",
      "<= fair", ">= 4 %", "4%%", "0.5%", "1e999", ">= 9007199254740993",
    ])
  func others(text: String) {
    Self.agree(text)
  }

  /// For every measure: what the bytes make, when they make anything, is what the Characters make.
  static func agree(_ text: String) {
    for measure in measures {
      guard let plain = PlainConstraint.parse(text, measure: measure) else { continue }
      let general = Result { () throws(Constraint.ParseError) in try Constraint.parseCharacters(text, measure: measure)
      }
      #expect(general == .success(plain), "\(text.debugDescription) as \(measure)")
    }
  }
}
