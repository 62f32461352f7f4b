/// JSON text of a `JSONValue`: compact, one line (NDJSON). Layout for people (indentation, short
/// arrays on one line) is the CLI's.
extension JSONValue {
  /// The value as compact JSON text on one line (NDJSON).
  public func serialized() -> String {
    var output = ""
    write(into: &output)
    return output
  }

  private func write(into output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .number(let value): output += JSONValue.format(value)
    case .string(let value): JSONValue.writeString(value, into: &output)
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        element.write(into: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        JSONValue.writeString(member.key, into: &output)
        output += ":"
        member.value.write(into: &output)
      }
      output += "}"
    }
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
