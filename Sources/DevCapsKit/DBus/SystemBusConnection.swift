#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A connection to the D-Bus system bus spoken directly over its Unix socket: devcaps' questions
/// to upowerd and power-profiles-daemon are a handful of method calls, and loading GLib and GIO
/// to ask them cost more than everything else `devcaps list` does. Nothing waits: the
/// authentication, `Hello` and every call are written at once (as sd-bus pipelines them), the
/// replies are read as they come, and every wait has a deadline.
final class SystemBusConnection {
  private let socket: FileDescriptor
  private var received: [UInt8] = []
  private var consumed = 0
  private var authenticated = false
  private var nextSerial: UInt32 = 1
  private var replies: [UInt32: DBusMessage] = [:]

  /// Why the bus cannot be asked.
  struct UnavailableError: Error, CustomStringConvertible {
    var description: String
  }

  /// The bus's socket: `DBUS_SYSTEM_BUS_ADDRESS` when it names a `unix:path=` (other transports
  /// are left to libdbus' clients), else the standard path.
  static var socketPath: String? {
    guard let address = getenv("DBUS_SYSTEM_BUS_ADDRESS"), address.pointee != 0 else {
      return "/run/dbus/system_bus_socket"
    }
    for entry in String(cString: address).split(separator: ";") where entry.hasPrefix("unix:") {
      for key in entry.dropFirst("unix:".count).split(separator: ",") where key.hasPrefix("path=") {
        return String(key.dropFirst("path=".count))
      }
    }
    return nil
  }

  /// Connects and writes the authentication, `Hello` and `calls` in one go; returns the calls'
  /// serials, in order.
  init(sending calls: [DBusMethodCall]) throws(UnavailableError) {
    guard let path = SystemBusConnection.socketPath else {
      throw UnavailableError(description: "the system bus address is not a unix:path= socket")
    }
    do {
      socket = try FileDescriptor.connectUnixStream(path: path)
    } catch {
      throw UnavailableError(description: "cannot connect to the system bus at \(path): \(error)")
    }
    // EXTERNAL: the kernel tells the bus who is connecting; the client names the same user
    // id, its decimal digits in hexadecimal.
    var bytes: [UInt8] = [0]
    bytes.append(contentsOf: Array("AUTH EXTERNAL ".utf8))
    let hexDigits = Array("0123456789abcdef".utf8)
    for digit in String(getuid()).utf8 {
      bytes.append(hexDigits[Int(digit >> 4)])
      bytes.append(hexDigits[Int(digit & 0xF)])
    }
    bytes.append(contentsOf: Array("\r\nBEGIN\r\n".utf8))
    DBusMethodCall.hello.write(serial: takeSerial(), into: &bytes)
    for call in calls { call.write(serial: takeSerial(), into: &bytes) }
    do {
      try socket.writeAll(bytes)
    } catch {
      socket.closeIgnoringErrors()
      throw UnavailableError(description: "cannot write to the system bus: \(error)")
    }
  }

  deinit { socket.closeIgnoringErrors() }

  /// The serial the first call of `init(sending:)` was given (`Hello` has 1).
  static let firstCallSerial: UInt32 = 2

  private func takeSerial() -> UInt32 {
    defer { nextSerial += 1 }
    return nextSerial
  }

  /// Writes more calls on the open connection; returns their serials.
  func send(_ calls: [DBusMethodCall]) throws(UnavailableError) -> [UInt32] {
    var bytes: [UInt8] = []
    var serials: [UInt32] = []
    for call in calls {
      let serial = takeSerial()
      serials.append(serial)
      call.write(serial: serial, into: &bytes)
    }
    do {
      try socket.writeAll(bytes)
    } catch {
      throw UnavailableError(description: "cannot write to the system bus: \(error)")
    }
    return serials
  }

  /// The replies (returns or errors) to `serials`, waiting until `deadline` (CLOCK_MONOTONIC
  /// nanoseconds) at the latest. A serial missing from the result had no answer in time.
  func replies(to serials: [UInt32], deadline: UInt64) throws(UnavailableError) -> [UInt32: DBusMessage] {
    var wanted = Set(serials)
    var found: [UInt32: DBusMessage] = [:]
    for serial in serials {
      if let reply = replies.removeValue(forKey: serial) {
        found[serial] = reply
        wanted.remove(serial)
      }
    }
    // What arrived while the caller did other work is read first, whatever the deadline.
    while !wanted.isEmpty {
      while try receive() {}
      try parseReceived(into: &found, wanted: &wanted)
      if wanted.isEmpty { break }
      let now = SystemBusConnection.monotonicNanoseconds()
      guard now < deadline else { break }
      let milliseconds = Int32(min((deadline - now + 999_999) / 1_000_000, 10_000))
      do {
        guard try socket.waitReadable(milliseconds: milliseconds) else { break }
      } catch {
        throw UnavailableError(description: "cannot wait for the system bus: \(error)")
      }
    }
    return found
  }

  /// Reads what the socket holds now; false when it held nothing.
  private func receive() throws(UnavailableError) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 16_384)
    let count: Int?
    do {
      count = try chunk.withUnsafeMutableBytes { buffer throws(Errno) in try socket.readAvailable(into: buffer) }
    } catch {
      throw UnavailableError(description: "cannot read from the system bus: \(error)")
    }
    guard let count else { return false }
    guard count > 0 else { throw UnavailableError(description: "the system bus closed the connection") }
    if consumed > 0 {
      received.removeFirst(consumed)
      consumed = 0
    }
    received.append(contentsOf: chunk[..<count])
    guard received.count <= 4 * DBusMessageReader.maximumMessageSize else {
      throw UnavailableError(description: "the system bus sent more than devcaps asked for")
    }
    return true
  }

  private func parseReceived(into found: inout [UInt32: DBusMessage], wanted: inout Set<UInt32>)
    throws(UnavailableError)
  {
    if !authenticated {
      guard let lineEnd = lineEnd() else { return }
      let line = String(decoding: received[consumed..<lineEnd], as: UTF8.self)
      consumed = lineEnd + 2
      guard line.hasPrefix("OK ") else {
        throw UnavailableError(description: "the system bus refused devcaps' authentication (\(line.prefix(80)))")
      }
      authenticated = true
    }
    while true {
      let framed: (DBusMessage, next: Int)?
      do {
        framed = try DBusMessageReader.message(in: received, at: consumed)
      } catch {
        throw UnavailableError(description: "the system bus sent a message devcaps cannot read: \(error)")
      }
      guard let (message, next) = framed else { return }
      consumed = next
      guard message.kind == .methodReturn || message.kind == .error, let serial = message.replySerial else { continue }
      if wanted.remove(serial) != nil {
        found[serial] = message
      } else {
        replies[serial] = message
      }
    }
  }

  private func lineEnd() -> Int? {
    var index = consumed
    while index + 1 < received.count {
      if received[index] == 0x0D && received[index + 1] == 0x0A { return index }
      index += 1
    }
    guard received.count - consumed < 512 else { return consumed }  // not a line: refused above
    return nil
  }

  static func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }
}
