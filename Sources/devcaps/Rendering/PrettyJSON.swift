import DevCapsKit

/// The documents `list --json`, `get` and `require --format json` print: two-space indentation,
/// and short lists of numbers and strings (a mount matrix row, frequencies, modes) on one line,
/// which reads better than one value per line.
extension JSONValue {
  var prettyPrinted: String {
    var output = ""
    writePretty(into: &output, depth: 0)
    return output
  }

  private func writePretty(into output: inout String, depth: Int) {
    switch self {
    case .array(let elements) where elements.isEmpty:
      output += "[]"
    case .array(let elements) where elements.allSatisfy(\.isInline):
      output += inlineText
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        output += index > 0 ? "," : ""
        Self.newline(&output, depth: depth + 1)
        element.writePretty(into: &output, depth: depth + 1)
      }
      Self.newline(&output, depth: depth)
      output += "]"
    case .object(let members) where members.isEmpty:
      output += "{}"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        output += index > 0 ? "," : ""
        Self.newline(&output, depth: depth + 1)
        output += JSONValue.string(member.key).serialized() + ": "
        member.value.writePretty(into: &output, depth: depth + 1)
      }
      Self.newline(&output, depth: depth)
      output += "}"
    default:
      output += serialized()
    }
  }

  private var inlineText: String {
    guard case .array(let elements) = self else { return serialized() }
    return "[" + elements.map(\.inlineText).joined(separator: ", ") + "]"
  }

  /// Scalars, and arrays of scalars.
  private var isInline: Bool {
    switch self {
    case .object: return false
    case .array(let elements): return elements.allSatisfy { if case .array = $0 { return false }; return $0.isInline }
    default: return true
    }
  }

  private static func newline(_ output: inout String, depth: Int) {
    output += "\n" + String(repeating: "  ", count: depth)
  }
}
