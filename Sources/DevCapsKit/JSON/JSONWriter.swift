/// JSON text of a `JSONValue`: compact, one line (NDJSON). Layout for people (indentation, short
/// arrays on one line) is the CLI's.
extension JSONValue {
  /// The value as compact JSON text on one line (NDJSON).
  public func serialized() -> String {
    var output = ""
    output.reserveCapacity(512)
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
    return value.description
  }

  /// Runs that need no escape (nearly every string) are appended whole: appending scalar by
  /// scalar was a third of a `watch motion` line's cost. Every escaped byte is ASCII, so each
  /// run starts and ends on a scalar boundary.
  static func writeString(_ value: String, into output: inout String) {
    output += "\""
    let bytes = value.utf8
    var runStart = bytes.startIndex
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F {
        output += value[runStart..<index]
        output += escape(byte)
        runStart = bytes.index(after: index)
      }
      index = bytes.index(after: index)
    }
    output += value[runStart..<bytes.endIndex]
    output += "\""
  }

  private static func escape(_ byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "\""): return "\\\""
    case UInt8(ascii: "\\"): return "\\\\"
    case UInt8(ascii: "\n"): return "\\n"
    case UInt8(ascii: "\r"): return "\\r"
    case UInt8(ascii: "\t"): return "\\t"
    default:
      let hex = String(byte, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }
}
