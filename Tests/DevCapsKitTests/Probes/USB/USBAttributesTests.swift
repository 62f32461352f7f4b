import Testing

@testable import DevCapsKit

/// The USB attribute parsers, on what drivers/usb/core/sysfs.c writes and on what it never does.
@Suite("USB sysfs attributes")
struct USBAttributesTests {
  @Test("IDs and classes: exactly four or two hex digits, lower-cased; anything else is nil")
  func hexFields() {
    #expect(USBAttributes.id("046d") == "046d")
    #expect(USBAttributes.id("C52B") == "c52b")
    for bad in ["", "46d", "0x46d", "046dd", "04 6", "zzzz", "046\u{0}"] {
      #expect(USBAttributes.id(bad) == nil, "\(bad)")
    }
    #expect(USBAttributes.classCode("e0") == "e0")
    #expect(USBAttributes.classCode("FF") == "ff")
    for bad in ["", "0", "009", "g0", "-1"] { #expect(USBAttributes.classCode(bad) == nil, "\(bad)") }
  }

  @Test("speed: the kernel's Mbit/s numbers, 1.5 included; unknown, negative or not a number is nil")
  func speed() {
    #expect(
      ["1.5", "12", "480", "5000", "10000", "20000"].map(USBAttributes.speed) == [1.5, 12, 480, 5000, 10000, 20000])
    for bad in ["", "unknown", "-12", "0", "nan", "inf", "+12", ".5", "fast"] {
      #expect(USBAttributes.speed(bad) == nil, "\(bad)")
    }
  }

  @Test("removable: removable and fixed are known, unknown is known to be unknown, anything else is nil")
  func removable() {
    #expect(USBAttributes.removable("removable") == .some(true))
    #expect(USBAttributes.removable("fixed") == .some(false))
    #expect(USBAttributes.removable("unknown") == .some(nil))
    #expect(USBAttributes.removable("yes") == nil)
  }

  @Test("busnum and devnum: positive decimal numbers only")
  func numbers() {
    #expect(USBAttributes.number("3") == 3)
    #expect(USBAttributes.number("127") == 127)
    for bad in ["", "0", "-1", "0x3", "3 ", "999999"] { #expect(USBAttributes.number(bad) == nil, "\(bad)") }
  }

  @Test("root hubs are usbN; ports sort by bus, then hub port by hub port")
  func portsAndRootHubs() {
    #expect(USBAttributes.isRootHub("usb1") && USBAttributes.isRootHub("usb12"))
    #expect(!USBAttributes.isRootHub("1-2") && !USBAttributes.isRootHub("usbmon") && !USBAttributes.isRootHub("usb"))
    let ports = ["3-10", "1-2.3", "3-2", "1-2", "10-1", "3-2.1"]
    #expect(ports.sorted(by: USBAttributes.portOrder) == ["1-2", "1-2.3", "3-2", "3-2.1", "3-10", "10-1"])
  }
}
