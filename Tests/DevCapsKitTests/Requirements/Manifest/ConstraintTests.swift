import Testing

@testable import DevCapsKit

@Suite("Constraints")
struct ConstraintTests {
  @Test(
    "operators, numbers and units",
    arguments: [
      (">= 4 GiB", ManifestKeys.Measure.bytes, Constraint.Operator.atLeast, 4.0 * 1_073_741_824),
      ("4GiB", .bytes, .atLeast, 4.0 * 1_073_741_824),
      ("> 10 GB", .bytes, .greater, 10e9),
      ("<=512MiB", .bytes, .atMost, 512.0 * 1_048_576),
      ("< 1.5 kB", .bytes, .less, 1500),
      ("== 1 TB", .bytes, .equal, 1e12),
      ("!= 100 B", .bytes, .notEqual, 100),
      (">= 4", .count, .atLeast, 4),
      (">= 2 GHz", .hertz, .atLeast, 2e9),
      (">= 800 MHz", .hertz, .atLeast, 8e8),
      (">= 50%", .level, .atLeast, 0.5),
      ("< 0.2", .level, .less, 0.2),
    ])
  func parses(text: String, measure: ManifestKeys.Measure, op: Constraint.Operator, value: Double) throws {
    let constraint = try Constraint.parse(text, measure: measure)
    #expect(constraint.op == op)
    #expect(constraint.value == .number(value))
  }

  @Test("versions", arguments: [(">= 6.1", [6, 1]), ("12", [12]), ("< 5.15.0", [5, 15, 0])])
  func versions(text: String, parts: [Int]) throws {
    #expect(try Constraint.parse(text, measure: .version).value == .version(parts))
  }

  @Test(
    "malformed constraints say what is wrong",
    arguments: [
      ("", ManifestKeys.Measure.bytes, "has no value"),
      (">=", .bytes, "has no value"),
      ("=> 4", .count, "unknown operator"),
      ("= 4", .count, "unknown operator"),
      ("≥ 4", .count, "unknown operator"),
      ("4 gb", .bytes, "did you mean 'GB'?"),
      ("4 G", .bytes, "unknown unit 'G'"),
      ("lots", .bytes, "needs a number"),
      ("-4 GiB", .bytes, "needs a number"),
      ("4 cores", .count, "takes no unit"),
      ("2.5", .count, "whole number"),
      ("150%", .level, "more than 100%"),
      ("50", .level, "above 1"),
      ("2 Ghz", .hertz, "did you mean 'GHz'?"),
      ("six", .version, "not a version"),
      ("6..1", .version, "not a version"),
      ("+6", .version, "not a version"),
      ("1.", .bytes, "needs a number"),
      (">= 8", .bytes, "'>= 8' has no unit; did you mean '>= 8 GiB'? units are B,"),
      ("2048", .bytes, "'2048' has no unit; did you mean '2048 MiB'?"),
      (">= 2400", .hertz, "did you mean '>= 2400 MHz'?"),
      (">= 2", .hertz, "'>= 2' has no unit; did you mean '>= 2 GHz'? units are Hz,"),
    ])
  func malformed(text: String, measure: ManifestKeys.Measure, message: String) {
    #expect(throws: Constraint.ParseError.self) { try Constraint.parse(text, measure: measure) }
    do { _ = try Constraint.parse(text, measure: measure) } catch {
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test("holds, for each operator")
  func holds() throws {
    let fourGiB = 4.0 * 1_073_741_824
    #expect(try Constraint.parse(">= 4 GiB", measure: .bytes).holds(.number(fourGiB)))
    #expect(!(try Constraint.parse("> 4 GiB", measure: .bytes).holds(.number(fourGiB))))
    #expect(try Constraint.parse("<= 4 GiB", measure: .bytes).holds(.number(fourGiB)))
    #expect(!(try Constraint.parse("< 4 GiB", measure: .bytes).holds(.number(fourGiB))))
    #expect(try Constraint.parse("== 4", measure: .count).holds(.number(4)))
    #expect(try Constraint.parse("!= 4", measure: .count).holds(.number(3)))
  }

  @Test("versions compare part by part, missing parts as 0")
  func versionOrder() throws {
    #expect(Constraint.leadingVersion("6.1.0-13-amd64") == [6, 1, 0])
    #expect(Constraint.leadingVersion("6.18.44-fc-v657") == [6, 18, 44])
    #expect(Constraint.leadingVersion("v23.12") == nil)
    #expect(Constraint.leadingVersion("12") == [12])
    #expect(try Constraint.parse(">= 6.1", measure: .version).holds(.version([6, 1, 0])))
    #expect(try Constraint.parse("== 6.1", measure: .version).holds(.version([6, 1, 0])))
    #expect(try Constraint.parse(">= 6.10", measure: .version).holds(.version([6, 18, 44])))
    #expect(!(try Constraint.parse(">= 6.10", measure: .version).holds(.version([6, 9]))))
  }

  @Test("an unknown unit lists the units in one order every time, ties by name")
  func unitListIsStable() {
    let problem = #expect(throws: Constraint.ParseError.self) { try Constraint.parse(">= 1 gib", measure: .bytes) }
    #expect(problem?.description.hasSuffix("units are B, KB, kB, KiB, MB, MiB, GB, GiB, TB, TiB") == true)
  }
}
