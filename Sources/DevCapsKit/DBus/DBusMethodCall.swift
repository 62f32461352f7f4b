/// A method call to write on the bus, in little-endian byte order. devcaps' calls take no
/// argument or string arguments only (`Properties.GetAll(s)`), so that is all it can carry.
struct DBusMethodCall: Sendable {
  var destination: String
  var path: String
  var interface: String
  var member: String
  var arguments: [String] = []

  static func getAll(destination: String, path: String, interface: String) -> DBusMethodCall {
    DBusMethodCall(
      destination: destination, path: path, interface: "org.freedesktop.DBus.Properties", member: "GetAll",
      arguments: [interface])
  }

  /// The bus's own `Hello`, which must come first on a connection.
  static let hello = DBusMethodCall(
    destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
    member: "Hello")

  /// The message's bytes, with this serial, appended to `bytes`.
  func write(serial: UInt32, into bytes: inout [UInt8]) {
    var message = DBusWireWriter()
    message.byte(UInt8(ascii: "l"))
    message.byte(DBusMessage.Kind.methodCall.rawValue)
    message.byte(DBusFlags.noAutoStart)
    message.byte(1)  // protocol version
    message.uint32(0)  // body length, set below
    message.uint32(serial)
    let fieldsLength = message.beginArray(elementAlignment: 8)
    message.field(.path, signature: "o") { $0.string(path) }
    message.field(.destination, signature: "s") { $0.string(destination) }
    message.field(.interface, signature: "s") { $0.string(interface) }
    message.field(.member, signature: "s") { $0.string(member) }
    if !arguments.isEmpty {
      message.field(.signature, signature: "g") { $0.signature(String(repeating: "s", count: arguments.count)) }
    }
    message.endArray(fieldsLength)
    message.align(8)
    let bodyStart = message.bytes.count
    for argument in arguments { message.string(argument) }
    message.setUInt32(UInt32(message.bytes.count - bodyStart), at: 4)
    bytes.append(contentsOf: message.bytes)
  }
}

/// Marshals values in little-endian order, aligned as the specification says (from the start
/// of the message).
struct DBusWireWriter {
  var bytes: [UInt8] = []

  mutating func align(_ boundary: Int) {
    while bytes.count % boundary != 0 { bytes.append(0) }
  }

  mutating func byte(_ value: UInt8) { bytes.append(value) }

  mutating func uint32(_ value: UInt32) {
    align(4)
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func setUInt32(_ value: UInt32, at offset: Int) {
    withUnsafeBytes(of: value.littleEndian) { raw in
      for index in 0..<4 { bytes[offset + index] = raw[index] }
    }
  }

  mutating func string(_ text: String) {
    let utf8 = Array(text.utf8)
    uint32(UInt32(utf8.count))
    bytes.append(contentsOf: utf8)
    bytes.append(0)
  }

  mutating func signature(_ text: String) {
    let utf8 = Array(text.utf8)
    bytes.append(UInt8(utf8.count))
    bytes.append(contentsOf: utf8)
    bytes.append(0)
  }

  /// Starts an array: its length's place, then the padding to its first element (which the
  /// length does not count). Returns what `endArray` needs.
  mutating func beginArray(elementAlignment: Int) -> (lengthAt: Int, start: Int) {
    uint32(0)
    let lengthAt = bytes.count - 4
    align(elementAlignment)
    return (lengthAt, bytes.count)
  }

  mutating func endArray(_ array: (lengthAt: Int, start: Int)) {
    setUInt32(UInt32(bytes.count - array.start), at: array.lengthAt)
  }

  /// One header field: a structure of its code and a variant.
  mutating func field(_ code: DBusHeaderField, signature type: String, value: (inout DBusWireWriter) -> Void) {
    align(8)
    byte(code.rawValue)
    signature(type)
    value(&self)
  }
}
