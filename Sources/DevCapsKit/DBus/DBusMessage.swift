/// A D-Bus message as the wire protocol frames it: the fixed header, the header fields devcaps
/// reads, and the body, decoded by its signature.
struct DBusMessage: Equatable, Sendable {
  enum Kind: UInt8, Sendable {
    case methodCall = 1
    case methodReturn = 2
    case error = 3
    case signal = 4
  }

  var kind: Kind
  var serial: UInt32
  var replySerial: UInt32?
  var errorName: String?
  var body: [DBusValue]

  /// The error's text: its name and, when the first member of the body is a string, that.
  var errorText: String {
    let name = errorName ?? "an error"
    if let message = body.first?.string, !message.isEmpty { return "\(name): \(message)" }
    return name
  }
}

/// Why bytes from the bus are not a message devcaps can read.
struct DBusProtocolError: Error, Equatable, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Header field codes (the D-Bus specification's table).
enum DBusHeaderField: UInt8 {
  case path = 1
  case interface = 2
  case member = 3
  case errorName = 4
  case replySerial = 5
  case destination = 6
  case sender = 7
  case signature = 8
}

/// Message flags.
enum DBusFlags {
  /// The bus must not start a service to answer: a daemon runs or it is not there.
  static let noAutoStart: UInt8 = 0x2
}
