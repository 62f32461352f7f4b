/// Encodes any `Encodable` value into a `JSONValue` without Foundation, as Foundation's
/// `JSONEncoder` would: members in the order the value encodes them (a synthesized conformance:
/// declaration order), an absent optional left out by `encodeIfPresent` and written as `null` by
/// `encode`. devcaps' own types write an unknown value as `null`, never leave it out (the report's
/// models through `Report.json`, the events with `encode`). Non-finite numbers have no JSON
/// spelling and become `null`.
package struct JSONValueEncoder: Sendable {
  /// An encoder.
  package init() {}

  /// A model value as a JSON value, members in the order the type encodes them.
  package func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    let node = EncodingNode()
    try value.encode(to: NodeEncoder(node: node, codingPath: []))
    return node.value
  }
}

/// A value under construction: containers fill it in as the value encodes itself.
final class EncodingNode {
  private enum Content {
    case unset
    case leaf(JSONValue)
    case object([(key: String, node: EncodingNode)])
    case array([EncodingNode])
  }

  private var content = Content.unset

  var value: JSONValue {
    switch content {
    case .unset: return .object([])
    case .leaf(let value): return value
    case .object(let members): return .object(members.map { JSONMember($0.key, $0.node.value) })
    case .array(let elements): return .array(elements.map(\.value))
    }
  }

  func set(_ value: JSONValue) { content = .leaf(value) }

  func becomeObject() {
    if case .object = content { return }
    content = .object([])
  }

  func becomeArray() {
    if case .array = content { return }
    content = .array([])
  }

  /// The node for `key`, replacing what an earlier encode of the same key wrote.
  func member(_ key: String) -> EncodingNode {
    guard case .object(var members) = content else { preconditionFailure("not an object") }
    // Leave the enum without its reference first, so the append below grows the array in place
    // instead of copying it for every member.
    content = .unset
    let node = EncodingNode()
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].node = node
    } else {
      members.append((key, node))
    }
    content = .object(members)
    return node
  }

  func appendElement() -> EncodingNode {
    guard case .array(var elements) = content else { preconditionFailure("not an array") }
    content = .unset  // as in member(_:): no copy of the array per element
    let node = EncodingNode()
    elements.append(node)
    content = .array(elements)
    return node
  }

  var count: Int {
    if case .array(let elements) = content { return elements.count }
    return 0
  }
}

struct NodeEncoder: Encoder {
  let node: EncodingNode
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.becomeObject()
    return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.becomeArray()
    return UnkeyedNodeContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueNodeContainer(node: node, codingPath: codingPath)
  }
}

/// Scalars as JSON: integers stay integers (a UInt64 past Int64's range too), and a NaN or
/// infinity is null.
enum JSONScalar {
  static func integer<T: BinaryInteger>(_ value: T) -> JSONValue {
    if let exact = Int64(exactly: value) { return .integer(exact) }
    if let exact = UInt64(exactly: value) { return .unsignedInteger(exact) }
    return .number(Double(value))
  }

  static func number(_ value: Double) -> JSONValue { value.isFinite ? .number(value) : .null }

  static func encode<T: Encodable>(_ value: T, into node: EncodingNode, codingPath: [any CodingKey]) throws {
    switch value {
    case let value as Double: node.set(number(value))
    case let value as Float: node.set(number(Double(value)))
    case let value as String: node.set(.string(value))
    case let value as Bool: node.set(.bool(value))
    case let value as Int: node.set(integer(value))
    case let value as Int64: node.set(integer(value))
    case let value as UInt64: node.set(integer(value))
    case let value as JSONValue: node.set(value)
    default: try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
  }
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: EncodingNode
  let codingPath: [any CodingKey]

  private func put(_ value: JSONValue, _ key: Key) { node.member(key.stringValue).set(value) }

  mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { put(JSONScalar.number(value), key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { put(JSONScalar.number(Double(value)), key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { put(JSONScalar.integer(value), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { put(JSONScalar.integer(value), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { put(JSONScalar.integer(value), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { put(JSONScalar.integer(value), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { put(JSONScalar.integer(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { put(JSONScalar.integer(value), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { put(JSONScalar.integer(value), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { put(JSONScalar.integer(value), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { put(JSONScalar.integer(value), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { put(JSONScalar.integer(value), key) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try JSONScalar.encode(value, into: node.member(key.stringValue), codingPath: codingPath + [key])
  }

  // `encodeIfPresent` is the protocol's own: an absent optional is left out, as Foundation's
  // JSONEncoder leaves it. A member that must be there as null is encoded with `encode`, which
  // writes an Optional's nil as null.

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = node.member(key.stringValue)
    child.becomeObject()
    return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = node.member(key.stringValue)
    child.becomeArray()
    return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.member("super"), codingPath: codingPath) }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
  }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
  let node: EncodingNode
  let codingPath: [any CodingKey]
  var count: Int { node.count }

  mutating func encodeNil() throws { node.appendElement().set(.null) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try JSONScalar.encode(value, into: node.appendElement(), codingPath: codingPath)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    let child = node.appendElement()
    child.becomeObject()
    return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = node.appendElement()
    child.becomeArray()
    return UnkeyedNodeContainer(node: child, codingPath: codingPath)
  }

  mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appendElement(), codingPath: codingPath) }
}

struct SingleValueNodeContainer: SingleValueEncodingContainer {
  let node: EncodingNode
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws { node.set(.null) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try JSONScalar.encode(value, into: node, codingPath: codingPath)
  }
}
