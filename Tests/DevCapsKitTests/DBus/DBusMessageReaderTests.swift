import CDevCapsShims
import Foundation
import Testing

@testable import DevCapsKit

/// The D-Bus wire format as devcaps reads it: real replies of upowerd, both byte orders, and
/// every kind of malformed message a broken or hostile bus could send.
@Suite("D-Bus messages")
struct DBusMessageReaderTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/dbus")

  /// The messages of a byte stream, in order.
  static func messages(_ bytes: [UInt8], from start: Int = 0) throws -> [DBusMessage] {
    var offset = start
    var found: [DBusMessage] = []
    while let (message, next) = try DBusMessageReader.message(in: bytes, at: offset) {
      found.append(message)
      offset = next
    }
    #expect(offset == bytes.count, "bytes left over after the last message")
    return found
  }

  @Test("upowerd's real replies: the manager's properties, the device list and the battery's properties")
  func realUPowerReplies() throws {
    let bytes = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("upowerd-thinkpad-replies.bin")))
    let okLine = try #require(bytes.firstIndex(of: 0x0A))
    #expect(String(decoding: bytes[..<okLine], as: UTF8.self).hasPrefix("OK "))
    let messages = try Self.messages(bytes, from: okLine + 1)
    let returns = messages.filter { $0.kind == .methodReturn }
    #expect(returns.first?.body.first?.string?.hasPrefix(":") == true, "Hello's reply is the unique name")
    let manager = try #require(returns.compactMap { $0.body.first?.properties }.first { $0["DaemonVersion"] != nil })
    #expect(manager["OnBattery"]?.boolean == true)
    #expect(manager["LidIsPresent"]?.boolean == false)
    let lists = returns.compactMap { reply -> [String]? in
      guard case .array(let items)? = reply.body.first, !items.isEmpty else { return nil }
      let paths = items.compactMap(\.string)
      return paths.count == items.count ? paths : nil
    }
    let paths = try #require(lists.first)
    #expect(paths.contains("/org/freedesktop/UPower/devices/battery_BAT0"))
    let battery = try #require(
      returns.compactMap { $0.body.first?.properties }.first { $0["NativePath"]?.string == "BAT0" })
    let reading = UPowerDeviceReading(properties: battery, objectPath: "/org/freedesktop/UPower/devices/battery_BAT0")
    #expect(reading.kind == "battery")
    #expect(reading.percentage == 80)
    #expect(reading.battery.state == .discharging)
    #expect(reading.battery.energyFullWh == 57)
    #expect(reading.id == "BAT0")
  }

  @Test("a method call devcaps writes reads back as written")
  func methodCallRoundTrip() throws {
    var bytes: [UInt8] = []
    DBusMethodCall.getAll(destination: "org.freedesktop.UPower", path: "/org/freedesktop/UPower", interface: "ünïcode")
      .write(serial: 9, into: &bytes)
    let (message, next) = try #require(try DBusMessageReader.message(in: bytes, at: 0))
    #expect(next == bytes.count)
    #expect(message.kind == .methodCall && message.serial == 9)
    #expect(message.body == [.string("ünïcode")])
  }

  /// A method return of one `u` in big-endian order, as a sender on a big-endian machine writes it.
  static let bigEndianReturn: [UInt8] = [
    0x42, 0x02, 0x00, 0x01, 0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0, 0x0F,
    // REPLY_SERIAL u 5, then SIGNATURE g "u"
    0x05, 0x01, 0x75, 0x00, 0, 0, 0, 5,
    0x08, 0x01, 0x67, 0x00, 0x01, 0x75, 0x00,
    0,  // 15 bytes of fields, padded to 8
    0, 0, 0, 7,
  ]

  @Test("a big-endian message reads as the same values")
  func bigEndian() throws {
    let (message, next) = try #require(try DBusMessageReader.message(in: Self.bigEndianReturn, at: 0))
    #expect(next == Self.bigEndianReturn.count)
    #expect(message.replySerial == 5 && message.body == [.uint32(7)])
  }

  @Test("a message cut short is not read yet, at any length")
  func truncated() throws {
    for length in 0..<Self.bigEndianReturn.count {
      #expect(try DBusMessageReader.message(in: Array(Self.bigEndianReturn.prefix(length)), at: 0) == nil)
    }
  }

  @Test(
    "malformed messages are refused with a reason, never read past their end",
    arguments: [
      "not an endianness mark", "protocol version 2", "a boolean of 2", "padding that is not zero",
      "a body longer than its signature", "an unknown type code",
    ])
  func malformed(_ problem: String) {
    var bytes = Self.bigEndianReturn
    switch problem {
    case "not an endianness mark": bytes[0] = 0x58
    case "protocol version 2": bytes[3] = 2
    case "a boolean of 2":
      bytes[29] = 0x62
      bytes[35] = 2
    case "padding that is not zero": bytes[31] = 1
    case "a body longer than its signature":
      bytes[7] = 8
      bytes += [0, 0, 0, 0]
    default: bytes[29] = 0x7A
    }
    #expect(throws: DBusProtocolError.self, "\(problem)") { try DBusMessageReader.message(in: bytes, at: 0) }
  }

  @Test("signatures nested past the specification's limit, and unclosed ones, are refused")
  func signatures() {
    func length(_ signature: String) throws(DBusProtocolError) -> Int {
      try DBusSignature.firstCompleteTypeLength(of: Array(signature.utf8)[...])
    }
    #expect(throws: DBusProtocolError.self) { try length(String(repeating: "a", count: 100) + "y") }
    #expect(throws: DBusProtocolError.self) { try length("(us") }
    #expect(throws: DBusProtocolError.self) { try length("a{usv}") }
    #expect(throws: DBusProtocolError.self) { try length("a{}") }
    #expect(throws: DBusProtocolError.self) { try length("z") }
    #expect((try? length("a{sv}u")) == 5)
    #expect((try? length("(a(ss)v)x")) == 8)
  }

  @Test("a message larger than devcaps will read is refused before its bytes arrive")
  func oversized() {
    var bytes = Self.bigEndianReturn
    bytes[4...7] = [0x10, 0, 0, 0]  // a 256 MiB body
    #expect(throws: DBusProtocolError.self) { try DBusMessageReader.message(in: bytes, at: 0) }
  }
}

/// devcaps' names for UPower's enumerations are libupower-glib's, number by number.
@Suite("UPower's names")
struct UPowerNamesTests {
  @Test("kinds, technologies and warning levels as libupower-glib names them")
  func sameAsLibrary() throws {
    var reason: UnsafePointer<CChar>? = nil
    try #require(devcaps_upower_load(&reason) != 0, "libupower-glib: \(reason.map { String(cString: $0) } ?? "?")")
    // Past each table too: a number the library does not know is "unknown" to both.
    for number in 0..<64 {
      #expect(
        String(cString: devcaps_up_device_kind_to_string(UInt32(number)))
          == UPowerNames.name(Int64(number), in: UPowerNames.kinds), "kind \(number)")
      #expect(
        String(cString: devcaps_up_device_technology_to_string(UInt32(number)))
          == UPowerNames.name(Int64(number), in: UPowerNames.technologies), "technology \(number)")
      #expect(
        String(cString: devcaps_up_device_level_to_string(UInt32(number)))
          == UPowerNames.name(Int64(number), in: UPowerNames.levels), "level \(number)")
    }
  }
}
