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
    var signature: ArraySlice<UInt8> = []
    while cursor.position < cursor.end {
      try cursor.align(8)
      let code = try cursor.byte()
      switch DBusHeaderField(rawValue: code) {
      // The fields devcaps reads, with the types the specification gives them; any other is
      // read by the signature its variant carries.
      case .signature where cursor.peekVariant(signature: DBusType.signature):
        cursor.position += 3
        signature = try cursor.signatureBytes()
      case .replySerial where cursor.peekVariant(signature: DBusType.uint32):
        cursor.position += 3
        message.replySerial = UInt32(truncatingIfNeeded: try cursor.unsigned(4))
      default:
        let value = try cursor.value(of: DBusType.variantSignature[...], depth: 1)
        switch DBusHeaderField(rawValue: code) {
        case .replySerial: message.replySerial = value.integer.flatMap(UInt32.init(exactly:))
        case .errorName: message.errorName = value.string
        case .signature: signature = Array((value.string ?? "").utf8)[...]
        default: break
        }
      }
    }
    cursor = DBusCursor(bytes: bytes, start: offset, end: offset + total, little: little)
    cursor.position = offset + headerEnd
    try cursor.align(8)
    var types = signature
    while !types.isEmpty {
      let length = try DBusSignature.firstCompleteTypeLength(of: types)
      message.body.append(try cursor.value(of: types.prefix(length), depth: 0))
      types = types.dropFirst(length)
    }
    guard cursor.position == cursor.end else {
      throw DBusProtocolError("\(cursor.end - cursor.position) bytes after the body its signature describes")
    }
    return (message, offset + total)
  }
}

/// Type codes, as the bytes of a signature hold them: signatures are read in bytes, not as
/// Strings (Character comparisons and String indices were most of the instructions a reply cost).
enum DBusType {
  static let byte = UInt8(ascii: "y")
  static let boolean = UInt8(ascii: "b")
  static let int16 = UInt8(ascii: "n")
  static let uint16 = UInt8(ascii: "q")
  static let int32 = UInt8(ascii: "i")
  static let uint32 = UInt8(ascii: "u")
  static let int64 = UInt8(ascii: "x")
  static let uint64 = UInt8(ascii: "t")
  static let double = UInt8(ascii: "d")
  static let string = UInt8(ascii: "s")
  static let objectPath = UInt8(ascii: "o")
  static let signature = UInt8(ascii: "g")
  static let unixFD = UInt8(ascii: "h")
  static let variant = UInt8(ascii: "v")
  static let array = UInt8(ascii: "a")
  static let structOpen = UInt8(ascii: "(")
  static let structClose = UInt8(ascii: ")")
  static let entryOpen = UInt8(ascii: "{")
  static let entryClose = UInt8(ascii: "}")
  static let variantSignature: [UInt8] = [variant]

  static func isBasic(_ code: UInt8) -> Bool {
    switch code {
    case byte, boolean, int16, uint16, int32, uint32, int64, uint64, double, string, objectPath, signature, unixFD:
      true
    default: false
    }
  }

  /// A type code as a person reads it, for messages.
  static func text(_ code: UInt8) -> String { String(decoding: [code], as: UTF8.self) }
}

/// Signatures: the first complete type of a signature.
enum DBusSignature {
  /// The length in bytes of the first complete type of `signature`.
  static func firstCompleteTypeLength(of signature: ArraySlice<UInt8>, depth: Int = 0) throws(DBusProtocolError) -> Int
  {
    guard depth < DBusMessageReader.maximumDepth else { throw DBusProtocolError("a signature nested too deeply") }
    guard let first = signature.first else { throw DBusProtocolError("a signature ends inside a type") }
    if DBusType.isBasic(first) || first == DBusType.variant { return 1 }
    switch first {
    case DBusType.array:
      return 1 + (try firstCompleteTypeLength(of: signature.dropFirst(), depth: depth + 1))
    case DBusType.structOpen, DBusType.entryOpen:
      let close = first == DBusType.structOpen ? DBusType.structClose : DBusType.entryClose
      var index = signature.startIndex + 1
      var members = 0
      while index < signature.endIndex, signature[index] != close {
        index += try firstCompleteTypeLength(of: signature[index...], depth: depth + 1)
        members += 1
      }
      guard index < signature.endIndex else {
        throw DBusProtocolError("a signature's \(DBusType.text(first)) is not closed")
      }
      guard members > 0, first == DBusType.structOpen || members == 2 else {
        throw DBusProtocolError("a malformed \(DBusType.text(first)) in a signature")
      }
      return index - signature.startIndex + 1
    default:
      throw DBusProtocolError("an unknown type code '\(DBusType.text(first))' in a signature")
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
    guard end - position >= size else { throw DBusProtocolError("the message ends inside a value") }
    var value: UInt64 = 0
    for index in 0..<size {
      let shift = little ? index * 8 : (size - 1 - index) * 8
      value |= UInt64(bytes[position + index]) << UInt64(shift)
    }
    position += size
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

  /// A signature's bytes (a length byte, the bytes, a NUL), checked as `text` checks strings.
  mutating func signatureBytes() throws(DBusProtocolError) -> ArraySlice<UInt8> {
    let length = Int(try byte())
    let bytes = try take(length)
    guard try byte() == 0 else { throw DBusProtocolError("a string without its terminating NUL") }
    guard !bytes.contains(0) else { throw DBusProtocolError("a string with a NUL inside") }
    return bytes
  }

  /// Whether a variant of the one-letter signature `code` starts here (a header field's
  /// usual form), without moving.
  func peekVariant(signature code: UInt8) -> Bool {
    end - position >= 3 && bytes[position] == 1 && bytes[position + 1] == code && bytes[position + 2] == 0
  }

  mutating func value(of type: ArraySlice<UInt8>, depth: Int) throws(DBusProtocolError) -> DBusValue {
    guard depth < DBusMessageReader.maximumDepth else { throw DBusProtocolError("values nested too deeply") }
    guard let code = type.first else { throw DBusProtocolError("an empty type") }
    switch code {
    case DBusType.byte: return .byte(try byte())
    case DBusType.boolean:
      let value = try unsigned(4)
      guard value <= 1 else { throw DBusProtocolError("a boolean of \(value)") }
      return .boolean(value == 1)
    case DBusType.int16: return .int16(Int16(truncatingIfNeeded: try unsigned(2)))
    case DBusType.uint16: return .uint16(UInt16(truncatingIfNeeded: try unsigned(2)))
    case DBusType.int32: return .int32(Int32(truncatingIfNeeded: try unsigned(4)))
    case DBusType.uint32: return .uint32(UInt32(truncatingIfNeeded: try unsigned(4)))
    case DBusType.unixFD: return .unixFD(UInt32(truncatingIfNeeded: try unsigned(4)))
    case DBusType.int64: return .int64(Int64(bitPattern: try unsigned(8)))
    case DBusType.uint64: return .uint64(try unsigned(8))
    case DBusType.double: return .double(Double(bitPattern: try unsigned(8)))
    case DBusType.string, DBusType.objectPath:
      try align(4)
      return .string(try text(lengthSize: 4))
    case DBusType.signature: return .string(try text(lengthSize: 1))
    case DBusType.variant:
      let signature = try signatureBytes()
      let inner = try DBusSignature.firstCompleteTypeLength(of: signature)
      guard inner == signature.count else { throw DBusProtocolError("a variant of more than one type") }
      return .variant(try value(of: signature, depth: depth + 1))
    case DBusType.array:
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
    case DBusType.structOpen, DBusType.entryOpen:
      try align(8)
      var rest = type.dropFirst().dropLast()
      var members: [DBusValue] = []
      while !rest.isEmpty {
        let length = try DBusSignature.firstCompleteTypeLength(of: rest, depth: depth + 1)
        members.append(try value(of: rest.prefix(length), depth: depth + 1))
        rest = rest.dropFirst(length)
      }
      return .structure(members)
    default:
      throw DBusProtocolError("an unknown type code '\(DBusType.text(code))'")
    }
  }

  static func alignment(of type: ArraySlice<UInt8>) -> Int {
    switch type.first {
    case DBusType.byte, DBusType.signature, DBusType.variant: 1
    case DBusType.int16, DBusType.uint16: 2
    case DBusType.int64, DBusType.uint64, DBusType.double, DBusType.structOpen, DBusType.entryOpen: 8
    default: 4
    }
  }
}
