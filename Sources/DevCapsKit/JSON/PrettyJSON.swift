/// The documents `list --json`, `get` and `require --format json` print: two-space indentation,
/// and short lists of numbers and strings (a mount matrix row, frequencies, modes) on one line,
/// which reads better than one value per line.
extension JSONValue {
  /// The value as devcaps prints documents, ending without a newline.
  public var prettyPrinted: String {
    // Written as bytes into one buffer, scalars by JSONLine's own writers (the line stays at its
    // top level, so it adds no separators of its own): a String per key, indent and scalar was
    // most of the cost of printing a report.
    var output = JSONLine(capacity: 8192)
    writePretty(into: &output, depth: 0)
    return output.text
  }

  /// The value as `prettyPrinted` writes it `depth` levels inside a document (every line after
  /// the first indented by them), appended to `output`: a long array written an element at a
  /// time, without a String each.
  public func writePretty(into output: inout JSONLine, depth: Int) {
    switch self {
    case .array(let elements) where elements.isEmpty:
      output.raw("[]")
    case .array(let elements) where elements.allSatisfy(\.isInline):
      writeInline(into: &output)
    case .array(let elements):
      output.raw("[")
      for index in elements.indices {
        if index > 0 { output.raw(",") }
        Self.newline(&output, depth: depth + 1)
        elements[index].writePretty(into: &output, depth: depth + 1)
      }
      Self.newline(&output, depth: depth)
      output.raw("]")
    case .object(let members) where members.isEmpty:
      output.raw("{}")
    case .object(let members):
      output.raw("{")
      for index in members.indices {
        if index > 0 { output.raw(",") }
        Self.newline(&output, depth: depth + 1)
        output.value(members[index].key)
        output.raw(": ")
        members[index].value.writePretty(into: &output, depth: depth + 1)
      }
      Self.newline(&output, depth: depth)
      output.raw("}")
    default:
      output.value(self)
    }
  }

  /// On one line, elements separated by ", ".
  private func writeInline(into output: inout JSONLine) {
    guard case .array(let elements) = self else { return output.value(self) }
    output.raw("[")
    for index in elements.indices {
      if index > 0 { output.raw(", ") }
      elements[index].writeInline(into: &output)
    }
    output.raw("]")
  }

  /// Scalars, and arrays of scalars.
  private var isInline: Bool {
    switch self {
    case .object: return false
    case .array(let elements):
      return elements.allSatisfy {
        if case .array = $0 { return false }
        return $0.isInline
      }
    default: return true
    }
  }

  private static func newline(_ output: inout JSONLine, depth: Int) {
    output.raw("\n")
    for _ in 0..<depth { output.raw("  ") }
  }
}
