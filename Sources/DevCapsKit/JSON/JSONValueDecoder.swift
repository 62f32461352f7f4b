/// Decodes a `Decodable` value from a `JSONValue` without Foundation: the other half of
/// `JSONValueEncoder`, so a saved `list --json` report reads back into the same model (replay,
/// a manifest checked against many machines' reports). `null` and a missing member both decode
/// as nil; an integer may stand for a `Double` and a whole number for an integer.
public struct JSONValueDecoder: Sendable {
  /// A decoder.
  public init() {}

  /// A value of a model type from a JSON value (a report read back).
  public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(DecodingError) -> T {
    do {
      return try T(from: NodeDecoder(value: value, codingPath: []))
    } catch let error as DecodingError {
      throw error
    } catch {
      throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(error)"))
    }
  }
}

struct NodeDecoder: Decoder {
  let value: JSONValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else { throw mismatch([String: JSONValue].self, value, codingPath) }
    return KeyedDecodingContainer(KeyedNodeDecoder<Key>(members: members, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch([JSONValue].self, value, codingPath) }
    return UnkeyedNodeDecoder(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueNodeDecoder(value: value, codingPath: codingPath)
  }
}

private func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
  .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(type), found \(value.serialized())"))
}

/// Scalars out of JSON, converting between integers and numbers only where nothing is lost.
/// The coding path is made only when needed (an error, a nested value): concatenating it for
/// every member was a large part of decoding a saved report.
enum JSONScalarDecoding {
  static func decode<T: Decodable>(
    _ type: T.Type, from value: JSONValue, path: @autoclosure () -> [any CodingKey]
  ) throws -> T {
    switch type {
    case is Bool.Type: return try bool(value, path()) as! T
    case is String.Type: return try string(value, path()) as! T
    case is Double.Type: return try double(value, path()) as! T
    case is Int.Type: return try integer(Int.self, value, path()) as! T
    case is Int64.Type: return try integer(Int64.self, value, path()) as! T
    case is Int32.Type: return try integer(Int32.self, value, path()) as! T
    case is UInt64.Type: return try integer(UInt64.self, value, path()) as! T
    case is JSONValue.Type: return value as! T
    case is [String].Type:
      // CPU flags and the like: hundreds of strings, each through an unkeyed container before.
      if let strings = strings(value) { return strings as! T }
      return try T(from: NodeDecoder(value: value, codingPath: path()))
    default: return try T(from: NodeDecoder(value: value, codingPath: path()))
    }
  }

  /// An array of strings alone; nil for anything else, which the general path decodes (or
  /// reports, with the element that is wrong).
  private static func strings(_ value: JSONValue) -> [String]? {
    guard case .array(let elements) = value else { return nil }
    var strings: [String] = []
    strings.reserveCapacity(elements.count)
    for element in elements {
      guard case .string(let string) = element else { return nil }
      strings.append(string)
    }
    return strings
  }

  static func bool(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Bool {
    guard case .bool(let bool) = value else { throw mismatch(Bool.self, value, path()) }
    return bool
  }

  static func string(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> String {
    guard case .string(let string) = value else { throw mismatch(String.self, value, path()) }
    return string
  }

  static func double(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Double {
    switch value {
    case .number(let number): return number
    case .integer(let integer): return Double(integer)
    case .unsignedInteger(let integer): return Double(integer)
    default: throw mismatch(Double.self, value, path())
    }
  }

  static func integer<I: FixedWidthInteger>(
    _ type: I.Type, _ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]
  ) throws -> I {
    switch value {
    case .integer(let integer):
      if let exact = I(exactly: integer) { return exact }
    case .unsignedInteger(let integer):
      if let exact = I(exactly: integer) { return exact }
    case .number(let number):
      if let exact = I(exactly: number) { return exact }
    default: break
    }
    throw mismatch(type, value, path())
  }
}

struct KeyedNodeDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [JSONMember]
  let codingPath: [any CodingKey]

  var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

  func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

  private func value(_ key: Key) throws -> JSONValue {
    guard let member = members.first(where: { $0.key == key.stringValue }) else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "no member '\(key.stringValue)'"))
    }
    return member.value
  }

  func decodeNil(forKey key: Key) throws -> Bool { (try? value(key)) == .null }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try JSONScalarDecoding.decode(type, from: try value(key), path: codingPath + [key])
  }

  // The scalars a model's members are, each by its own overload: through the generic one above,
  // every member cost a dynamic cast of its type, and of its value back to that type.
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try JSONScalarDecoding.bool(try value(key), codingPath + [key])
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try JSONScalarDecoding.string(try value(key), codingPath + [key])
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try JSONScalarDecoding.double(try value(key), codingPath + [key])
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try JSONScalarDecoding.integer(type, try value(key), codingPath + [key])
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try JSONScalarDecoding.integer(type, try value(key), codingPath + [key])
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try JSONScalarDecoding.integer(type, try value(key), codingPath + [key])
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try JSONScalarDecoding.integer(type, try value(key), codingPath + [key])
  }

  // A member that is null or absent is nil: the report writes unknown values as null.
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try optional(type, key)
  }

  // The protocol's own overloads for scalars come to the same, but search the members three
  // times (contains, decodeNil, decode): a saved report's members are mostly such scalars.
  // Each scalar by its own overload, as `decode`'s.
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try present(key).map { value throws in try JSONScalarDecoding.string(value, codingPath + [key]) }
  }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try present(key).map { value throws in try JSONScalarDecoding.bool(value, codingPath + [key]) }
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try present(key).map { value throws in try JSONScalarDecoding.integer(type, value, codingPath + [key]) }
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try present(key).map { value throws in try JSONScalarDecoding.integer(type, value, codingPath + [key]) }
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try present(key).map { value throws in try JSONScalarDecoding.integer(type, value, codingPath + [key]) }
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try present(key).map { value throws in try JSONScalarDecoding.integer(type, value, codingPath + [key]) }
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try present(key).map { value throws in try JSONScalarDecoding.double(value, codingPath + [key]) }
  }

  private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
    guard let value = present(key) else { return nil }
    return try JSONScalarDecoding.decode(type, from: value, path: codingPath + [key])
  }

  /// The member's value; nil when it is absent or null.
  private func present(_ key: Key) -> JSONValue? {
    let name = key.stringValue
    guard let found = members.first(where: { $0.key == name }) else { return nil }
    if case .null = found.value { return nil }
    return found.value
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try NodeDecoder(value: try value(key), codingPath: codingPath + [key]).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try NodeDecoder(value: try value(key), codingPath: codingPath + [key]).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { NodeDecoder(value: .object(members), codingPath: codingPath) }
  func superDecoder(forKey key: Key) throws -> any Decoder {
    NodeDecoder(value: try value(key), codingPath: codingPath + [key])
  }
}

struct UnkeyedNodeDecoder: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let codingPath: [any CodingKey]
  var currentIndex = 0

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private mutating func next() throws -> JSONValue {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        JSONValue.self, .init(codingPath: codingPath, debugDescription: "the array has no more elements"))
    }
    defer { currentIndex += 1 }
    return elements[currentIndex]
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, elements[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONScalarDecoding.decode(type, from: try next(), path: codingPath)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
    NestedKey
  > {
    try NodeDecoder(value: try next(), codingPath: codingPath).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try NodeDecoder(value: try next(), codingPath: codingPath).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { NodeDecoder(value: try next(), codingPath: codingPath) }
}

struct SingleValueNodeDecoder: SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [any CodingKey]

  func decodeNil() -> Bool { value == .null }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONScalarDecoding.decode(type, from: value, path: codingPath)
  }
}
