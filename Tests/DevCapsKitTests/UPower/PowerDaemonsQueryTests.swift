import Foundation
import Testing

@testable import DevCapsKit

/// The power section's questions: the devices asked for in the first batch, before upowerd has
/// listed them, must be the ones it lists, or each one costs a second round trip.
@Suite("UPower's devices asked for at once")
struct PowerDaemonsQueryTests {
  @Test("the object paths guessed from the power supplies' names are the ones the real upowerd listed")
  func guessesMatchUPower() throws {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/dbus")
    let bytes = Array(try Data(contentsOf: fixtures.appendingPathComponent("upowerd-thinkpad-replies.bin")))
    let okLine = try #require(bytes.firstIndex(of: 0x0A))
    let messages = try DBusMessageReaderTests.messages(bytes, from: okLine + 1)
    let lists = messages.compactMap { reply -> [String]? in
      guard reply.kind == .methodReturn, case .array(let items)? = reply.body.first, !items.isEmpty else { return nil }
      let paths = items.compactMap(\.string)
      return paths.count == items.count && paths.allSatisfy { $0.hasPrefix("/org/") } ? paths : nil
    }
    let listed = try #require(lists.first)
    // The thinkpad-laptop fixture's /sys/class/power_supply, which upowerd read for those replies.
    let guessed = ["AC", "BAT0", "hidpp_battery_0"].flatMap { name in
      ["battery", "line_power"].map { PowerDaemonsQuery.devicePath(kind: $0, name: name) }
    }
    #expect(listed.count == 3)
    #expect(Set(listed).isSubset(of: Set(guessed)), "listed \(listed), guessed \(guessed)")
  }

  @Test(
    "a guess is always a valid object path (the bus drops a connection that sends an invalid one), whatever the sysfs name",
    arguments: ["ACAD", "hid-00:1f.2-battery", "ünïcode", "a@b c/d", ""])
  func pathsAreValid(name: String) {
    let path = PowerDaemonsQuery.devicePath(kind: "battery", name: name)
    let element = path.dropFirst("/org/freedesktop/UPower/devices/".count)
    #expect(path.hasPrefix("/org/freedesktop/UPower/devices/battery_"))
    #expect(
      element.utf8.allSatisfy {
        $0 == UInt8(ascii: "_") || ($0 < 0x80 && Character(Unicode.Scalar($0)).isLetter) || ($0 >= 0x30 && $0 <= 0x39)
      }, "\(path)")
  }
}
