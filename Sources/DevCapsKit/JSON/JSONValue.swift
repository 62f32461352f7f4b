/// A JSON document with object members kept in the order they were written, so output follows
/// the schema's order and `get` can walk it by path.
///
/// Public by decision, unlike the rest of devcaps' plumbing: it is how an app gets the report's
/// JSON, the same document `devcaps list --json` prints (`JSONValue(encoding: report)`,
/// ``JSONValueDecoder`` to read one back), and what ``JSONLine`` writes. Its parser is not public.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case integer(Int64)
  /// An integer above `Int64.max` (a byte count of 2^63 or more): only such values use it, so
  /// each integer has one spelling and round-trips exactly.
  case unsignedInteger(UInt64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([JSONMember])

  /// An object's member by key; nil for a missing key or a value that is not an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first(where: { $0.key == key })?.value
  }
}

/// One member of a JSON object, in the order written.
public struct JSONMember: Sendable, Hashable {
  /// The member's name.
  public var key: String
  /// The member's value.
  public var value: JSONValue

  /// A member.
  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}

extension JSONValue {
  /// An unsigned integer: `.integer` when Int64 holds it, else `.unsignedInteger`.
  public static func integer(unsigned value: UInt64) -> JSONValue {
    value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
  }

  /// A string, or null for nil.
  public static func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
  /// A number, or null for nil.
  public static func optional(_ value: Int64?) -> JSONValue { value.map { .integer($0) } ?? .null }
  /// A number, or null for nil.
  public static func optional(_ value: Int?) -> JSONValue { value.map { .integer(Int64($0)) } ?? .null }
  /// A number, or null for nil.
  public static func optional(_ value: UInt64?) -> JSONValue {
    guard let value else { return .null }
    return .integer(unsigned: value)
  }
  /// NaN and infinities have no JSON spelling: they are unknown values.
  public static func optional(_ value: Double?) -> JSONValue {
    guard let value, value.isFinite else { return .null }
    return .number(value)
  }
  /// A Boolean, or null for nil.
  public static func optional(_ value: Bool?) -> JSONValue { value.map { .bool($0) } ?? .null }

  /// A model value through `JSONValueEncoder`. The report's types encode nothing that can fail.
  public init(encoding value: some Encodable) {
    do {
      self = try JSONValueEncoder().encode(value)
    } catch {
      preconditionFailure("encoding \(type(of: value)) failed: \(error)")
    }
  }
}
