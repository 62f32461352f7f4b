/// One step from a container to a value inside it: an object's member by its place (from 0),
/// or an array's element.
package enum JSONStep: Sendable, Equatable {
  case member(Int)
  case element(Int)
}

/// Finding where a value of a parsed document was written, for a message about its meaning
/// (a manifest's unknown key) that should point at its line as a syntax error does.
extension JSONParser {
  /// The line and column where the value `path` leads to starts; for a member, where its key
  /// starts. Nil for an empty path, a path that leads nowhere, or bytes that are not JSON.
  package static func position(of path: [JSONStep], in bytes: [UInt8]) -> (line: Int, column: Int)? {
    guard !path.isEmpty else { return nil }
    var parser = JSONParser(bytes: bytes, limits: Limits(), keepsTopLevelMember: nil, comparesKeyBytes: true)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    var start = 0
    do {
      for step in path {
        parser.skipWhitespace()
        guard let found = try parser.enter(step) else { return nil }
        start = found
      }
    } catch {
      return nil
    }
    return parser.position(of: start)
  }

  /// Moves to the value `step` names inside the container here; returns where it starts (a
  /// member's key), nil when there is no such value.
  private mutating func enter(_ step: JSONStep) throws(SyntaxError) -> Int? {
    let (opening, closing, wanted): (UInt8, UInt8, Int) =
      switch step {
      case .member(let place): (UInt8(ascii: "{"), UInt8(ascii: "}"), place)
      case .element(let place): (UInt8(ascii: "["), UInt8(ascii: "]"), place)
      }
    guard peek(opening), try !enterContainer(closing: closing) else { return nil }
    var keys = JSONObjectKeys(comparingBytes: comparesKeyBytes)
    for place in 0... {
      skipWhitespace()
      let start = index
      if opening == UInt8(ascii: "{") { _ = try readKey(into: &keys) }
      if place == wanted { return start }
      try skipValue()
      if try endOfElement(closing: closing) { return nil }
    }
    return nil
  }
}
