/// JSON text of a `JSONValue`: compact, one line (NDJSON). Layout for people (indentation, short
/// arrays on one line) is the CLI's.
extension JSONValue {
  /// The value as compact JSON text on one line (NDJSON), as ``JSONLine`` writes it: one
  /// writer for escapes and numbers.
  public func serialized() -> String {
    var line = JSONLine(capacity: 256)
    line.value(self)
    return line.text
  }
}
