/// A document encodes as itself through any encoder, Foundation's `JSONEncoder` included: null as
/// `encodeNil`, an object's members in order into a keyed container (merged with what the encoder
/// already holds, as an event's envelope and payload are). It is how the report's models encode:
/// their one writer is `Report.json` (Report/ReportJSON.swift), and their `Encodable` conformance
/// is that document.
extension JSONValue: Encodable {
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .object(let members):
      var container = encoder.container(keyedBy: JSONKey.self)
      for member in members { try container.encode(member.value, forKey: JSONKey(member.key)) }
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value): try Self.encode(single: value, to: encoder)
    case .integer(let value): try Self.encode(single: value, to: encoder)
    case .unsignedInteger(let value): try Self.encode(single: value, to: encoder)
    case .number(let value): try Self.encode(single: value, to: encoder)
    case .string(let value): try Self.encode(single: value, to: encoder)
    }
  }

  private static func encode(single value: some Encodable, to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}
