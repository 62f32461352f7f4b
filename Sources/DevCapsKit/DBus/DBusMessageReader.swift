/// Reads messages off the bytes a bus connection received: frames each one and decodes its
/// header fields and body by their signatures, in either byte order. Everything here is outside
/// input: every length is checked against what is there and against `maximumMessageSize`,
/// nesting is bounded, and anything malformed is a `DBusProtocolError`, never a crash
/// (Fuzz/DBusFuzzer.swift).
enum DBusMessageReader {
  /// Larger than any reply devcaps asks for (a UPower `GetAll` is about a kilobyte), far smaller
  /// than the protocol's 128 MiB: a bus that sends more is not answering devcaps' questions.
  static let maximumMessageSize = 1 << 20
  /// The specification's limit: 32 levels of arrays and 32 of structures.
  static let maximumDepth = 64

  /// The first message of `bytes[offset...]` and the offset after it; nil when the bytes end
  /// before the message does (read more).
  static func message(in bytes: [UInt8], at offset: Int) throws(DBusProtocolError) -> (DBusMessage, next: Int)? {
    guard bytes.count - offset >= 16 else { return nil }
    let little: Bool
    switch bytes[offset] {
    case UInt8(ascii: "l"): little = true
    case UInt8(ascii: "B"): little = false
    default: throw DBusProtocolError("a message starts with byte \(bytes[offset]), not an endianness mark")
    }
    guard bytes[offset + 3] == 1 else { throw DBusProtocolError("protocol version \(bytes[offset + 3]), not 1") }
    var cursor = DBusCursor(bytes: bytes, start: offset, end: bytes.count, little: little)
    cursor.position = offset + 4
    let bodyLength = Int(try cursor.uint32())
    let serial = try cursor.uint32()
    let fieldsLength = Int(try cursor.uint32())
    guard fieldsLength <= maximumMessageSize, bodyLength <= maximumMessageSize else {
      throw DBusProtocolError("a message of more than \(maximumMessageSize) bytes")
    }
    let headerEnd = 16 + fieldsLength
    let bodyStart = (headerEnd + 7) & ~7
    let total = bodyStart + bodyLength
    guard total <= maximumMessageSize else { throw DBusProtocolError("a message of \(total) bytes") }
    guard bytes.count - offset >= total else { return nil }

    var message = DBusMessage(
      kind: DBusMessage.Kind(rawValue: bytes[offset + 1]) ?? .signal, serial: serial, replySerial: nil, errorName: nil,
      body: [])
    guard DBusMessage.Kind(rawValue: bytes[offset + 1]) != nil else {
      throw DBusProtocolError("message type \(bytes[offset + 1])")
    }
    cursor = DBusCursor(bytes: bytes, start: offset, end: offset + headerEnd, little: little)
    cursor.position = offset + 16
    var signature = ""
    while cursor.position < cursor.end {
      try cursor.align(8)
      let code = try cursor.byte()
      let value = try cursor.value(of: "v", depth: 1)
      switch DBusHeaderField(rawValue: code) {
      case .replySerial: message.replySerial = value.integer.flatMap(UInt32.init(exactly:))
      case .errorName: message.errorName = value.string
      case .signature: signature = value.string ?? ""
      default: break
      }
    }
    cursor = DBusCursor(bytes: bytes, start: offset, end: offset + total, little: little)
    cursor.position = offset + headerEnd
    try cursor.align(8)
    var types = Substring(signature)
    while !types.isEmpty {
      let type = try DBusSignature.firstCompleteType(of: types)
      message.body.append(try cursor.value(of: type, depth: 0))
      types = types.dropFirst(type.count)
    }
    guard cursor.position == cursor.end else {
      throw DBusProtocolError("\(cursor.end - cursor.position) bytes after the body its signature describes")
    }
    return (message, offset + total)
  }
}

/// Signatures: the first complete type of a signature string.
enum DBusSignature {
  static let basic: Set<Character> = ["y", "b", "n", "q", "i", "u", "x", "t", "d", "s", "o", "g", "h"]

  static func firstCompleteType(of signature: Substring, depth: Int = 0) throws(DBusProtocolError) -> Substring {
    guard depth < DBusMessageReader.maximumDepth else { throw DBusProtocolError("a signature nested too deeply") }
    guard let first = signature.first else { throw DBusProtocolError("a signature ends inside a type") }
    if basic.contains(first) || first == "v" { return signature.prefix(1) }
    switch first {
    case "a":
      let element = try firstCompleteType(of: signature.dropFirst(), depth: depth + 1)
      return signature.prefix(1 + element.count)
    case "(", "{":
      let close: Character = first == "(" ? ")" : "}"
      var rest = signature.dropFirst()
      var members = 0
      while let next = rest.first, next != close {
        let member = try firstCompleteType(of: rest, depth: depth + 1)
        rest = rest.dropFirst(member.count)
        members += 1
      }
      guard rest.first == close else { throw DBusProtocolError("a signature's \(first) is not closed") }
      guard members > 0, first == "(" || members == 2 else {
        throw DBusProtocolError("a malformed \(first) in a signature")
      }
      return signature.prefix(signature.count - rest.count + 1)
    default:
      throw DBusProtocolError("an unknown type code '\(first)' in a signature")
    }
  }
}

/// A position in a message's bytes, with the message's start for alignment and an end that no
/// read may pass.
struct DBusCursor {
  let bytes: [UInt8]
  let start: Int
  let end: Int
  let little: Bool
  var position: Int

  init(bytes: [UInt8], start: Int, end: Int, little: Bool) {
    self.bytes = bytes
    self.start = start
    self.end = end
    self.little = little
    position = start
  }

  mutating func align(_ boundary: Int) throws(DBusProtocolError) {
    let offset = position - start
    let padded = (offset + boundary - 1) / boundary * boundary
    guard start + padded <= end else { throw DBusProtocolError("the message ends inside its padding") }
    for index in position..<(start + padded) where bytes[index] != 0 {
      throw DBusProtocolError("padding that is not zero")
    }
    position = start + padded
  }

  mutating func take(_ count: Int) throws(DBusProtocolError) -> ArraySlice<UInt8> {
    guard count >= 0, end - position >= count else { throw DBusProtocolError("the message ends inside a value") }
    defer { position += count }
    return bytes[position..<(position + count)]
  }

  mutating func byte() throws(DBusProtocolError) -> UInt8 { try take(1).first! }

  mutating func unsigned(_ size: Int) throws(DBusProtocolError) -> UInt64 {
    try align(size)
    var value: UInt64 = 0
    let slice = try take(size)
    for (index, byte) in slice.enumerated() {
      let shift = little ? index * 8 : (size - 1 - index) * 8
      value |= UInt64(byte) << UInt64(shift)
    }
    return value
  }

  mutating func uint32() throws(DBusProtocolError) -> UInt32 { UInt32(truncatingIfNeeded: try unsigned(4)) }

  /// A string's bytes and its NUL; text that is not UTF-8 is repaired rather than refused.
  mutating func text(lengthSize: Int) throws(DBusProtocolError) -> String {
    let length = lengthSize == 1 ? Int(try byte()) : Int(try uint32())
    let utf8 = try take(length)
    guard try byte() == 0 else { throw DBusProtocolError("a string without its terminating NUL") }
    guard !utf8.contains(0) else { throw DBusProtocolError("a string with a NUL inside") }
    return String(decoding: utf8, as: UTF8.self)
  }

  mutating func value(of type: Substring, depth: Int) throws(DBusProtocolError) -> DBusValue {
    guard depth < DBusMessageReader.maximumDepth else { throw DBusProtocolError("values nested too deeply") }
    guard let code = type.first else { throw DBusProtocolError("an empty type") }
    switch code {
    case "y": return .byte(try byte())
    case "b":
      let value = try unsigned(4)
      guard value <= 1 else { throw DBusProtocolError("a boolean of \(value)") }
      return .boolean(value == 1)
    case "n": return .int16(Int16(truncatingIfNeeded: try unsigned(2)))
    case "q": return .uint16(UInt16(truncatingIfNeeded: try unsigned(2)))
    case "i": return .int32(Int32(truncatingIfNeeded: try unsigned(4)))
    case "u": return .uint32(UInt32(truncatingIfNeeded: try unsigned(4)))
    case "h": return .unixFD(UInt32(truncatingIfNeeded: try unsigned(4)))
    case "x": return .int64(Int64(bitPattern: try unsigned(8)))
    case "t": return .uint64(try unsigned(8))
    case "d": return .double(Double(bitPattern: try unsigned(8)))
    case "s", "o":
      try align(4)
      return .string(try text(lengthSize: 4))
    case "g": return .string(try text(lengthSize: 1))
    case "v":
      let signature = try text(lengthSize: 1)
      let inner = try DBusSignature.firstCompleteType(of: Substring(signature))
      guard inner.count == signature.count else { throw DBusProtocolError("a variant of more than one type") }
      return .variant(try value(of: inner, depth: depth + 1))
    case "a":
      let length = Int(try uint32())
      guard length <= DBusMessageReader.maximumMessageSize else {
        throw DBusProtocolError("an array of \(length) bytes")
      }
      let element = type.dropFirst()
      try align(Self.alignment(of: element))
      guard end - position >= length else { throw DBusProtocolError("an array longer than its message") }
      let arrayEnd = position + length
      var elements: [DBusValue] = []
      while position < arrayEnd {
        elements.append(try value(of: element, depth: depth + 1))
      }
      guard position == arrayEnd else { throw DBusProtocolError("an array whose elements overrun its length") }
      return .array(elements)
    case "(", "{":
      try align(8)
      var rest = type.dropFirst().dropLast()
      var members: [DBusValue] = []
      while !rest.isEmpty {
        let member = try DBusSignature.firstCompleteType(of: rest, depth: depth + 1)
        members.append(try value(of: member, depth: depth + 1))
        rest = rest.dropFirst(member.count)
      }
      return .structure(members)
    default:
      throw DBusProtocolError("an unknown type code '\(code)'")
    }
  }

  static func alignment(of type: Substring) -> Int {
    switch type.first {
    case "y", "g", "v": 1
    case "n", "q": 2
    case "x", "t", "d", "(", "{": 8
    default: 4
    }
  }
}
