/// Serialises `JSONValue`: `compact` for NDJSON streams, `pretty` (two-space indent) for documents.
public enum JSONStyle: Sendable {
  case compact
  case pretty
}

extension JSONValue {
  public func serialized(_ style: JSONStyle = .compact) -> String {
    var output = ""
    write(into: &output, style: style, depth: 0)
    return output
  }

  private func write(into output: inout String, style: JSONStyle, depth: Int) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .number(let value): output += JSONValue.format(value)
    case .string(let value): JSONValue.writeString(value, into: &output)
    case .array(let elements):
      if elements.isEmpty {
        output += "[]"
        return
      }
      // Short lists of numbers and strings (a mount matrix row, frequencies, modes) stay on one
      // line in pretty output; that reads better than one value per line.
      if style == .pretty && elements.allSatisfy(\.isInline) {
        output += inlineSerialized()
        return
      }
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        JSONValue.newline(&output, style: style, depth: depth + 1)
        element.write(into: &output, style: style, depth: depth + 1)
      }
      JSONValue.newline(&output, style: style, depth: depth)
      output += "]"
    case .object(let members):
      if members.isEmpty {
        output += "{}"
        return
      }
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        JSONValue.newline(&output, style: style, depth: depth + 1)
        JSONValue.writeString(member.key, into: &output)
        output += style == .pretty ? ": " : ":"
        member.value.write(into: &output, style: style, depth: depth + 1)
      }
      JSONValue.newline(&output, style: style, depth: depth)
      output += "}"
    }
  }

  private func inlineSerialized() -> String {
    guard case .array(let elements) = self else { return serialized(.compact) }
    return "[" + elements.map { $0.inlineSerialized() }.joined(separator: ", ") + "]"
  }

  /// Scalars, and arrays of scalars.
  var isInline: Bool {
    switch self {
    case .object: return false
    case .array(let elements): return elements.allSatisfy { if case .array = $0 { return false }; return $0.isInline }
    default: return true
    }
  }

  private static func newline(_ output: inout String, style: JSONStyle, depth: Int) {
    guard style == .pretty else { return }
    output += "\n"
    output += String(repeating: "  ", count: depth)
  }

  /// Shortest round-trip form; whole numbers keep a `.0` so the type stays visible. Non-finite
  /// numbers cannot be written and become null.
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value)) + ".0"
    }
    return "\(value)"
  }

  static func writeString(_ value: String, into output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7f {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
