extension Array where Element == String {
  /// The elements with `separator` between them, as `joined(separator:)` gives. The standard
  /// library's version is not specialised for an array: it looks its generic types up by name at
  /// run time, and the first lookup walks every protocol conformance in the binary (190,000
  /// instructions, and a megabyte of pages read into memory, for a `list`).
  func concatenated(separator: String) -> String {
    guard var result = first else { return "" }
    for index in indices.dropFirst() {
      result += separator
      result += self[index]
    }
    return result
  }
}
