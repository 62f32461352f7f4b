/// One value of the D-Bus type system, as a reply's body holds it. Object paths and signatures
/// are strings; a dictionary is an array of two-member structures (its entries), in the order
/// the sender wrote them.
enum DBusValue: Equatable, Sendable {
  case byte(UInt8)
  case boolean(Bool)
  case int16(Int16)
  case uint16(UInt16)
  case int32(Int32)
  case uint32(UInt32)
  case int64(Int64)
  case uint64(UInt64)
  case double(Double)
  case string(String)
  case unixFD(UInt32)
  case array([DBusValue])
  case structure([DBusValue])
  indirect case variant(DBusValue)

  /// The value inside any number of variants.
  var unwrapped: DBusValue {
    if case .variant(let inner) = self { return inner.unwrapped }
    return self
  }

  var string: String? {
    if case .string(let text) = unwrapped { return text }
    return nil
  }

  var boolean: Bool? {
    if case .boolean(let value) = unwrapped { return value }
    return nil
  }

  var double: Double? {
    if case .double(let value) = unwrapped { return value }
    return nil
  }

  /// Any integer type, as the wider signed type (UPower's enumerations are `u`, its times `x`).
  var integer: Int64? {
    switch unwrapped {
    case .byte(let value): Int64(value)
    case .int16(let value): Int64(value)
    case .uint16(let value): Int64(value)
    case .int32(let value): Int64(value)
    case .uint32(let value): Int64(value)
    case .int64(let value): value
    case .uint64(let value): Int64(exactly: value)
    default: nil
    }
  }

  /// An `a{sv}` (a `Properties.GetAll` reply's one member) as a dictionary; later entries of the
  /// same name win. Nil for any other shape.
  var properties: [String: DBusValue]? {
    guard case .array(let entries) = unwrapped else { return nil }
    var found: [String: DBusValue] = [:]
    for entry in entries {
      guard case .structure(let pair) = entry, pair.count == 2, let name = pair[0].string else { return nil }
      found[name] = pair[1].unwrapped
    }
    return found
  }
}
