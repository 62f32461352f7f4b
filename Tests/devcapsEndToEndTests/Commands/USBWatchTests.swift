import Foundation
import Testing

/// `watch usb` on a umockdev testbed: a card reader plugged in and pulled out while the stream
/// runs, its uevents sent by the testbed's helper process in the kernel's order: `add` for the
/// device (umockdev sends it as the device is created), then for its interface, then `bind` for
/// the interface and for the device once the generic driver has configured it; on removal the
/// interface goes first.
@Suite("USB hot-plug stream", .serialized)
struct USBWatchTests {
  /// A Realtek RTS5129 card reader (0bda:0129, mass storage) on the ThinkPad's bus 3, port 3.
  static let reader = "/devices/pci0000:00/0000:00:14.0/usb3/3-3"
  static let readerDevices = """
    P: \(reader)
    E: SUBSYSTEM=usb
    E: DEVTYPE=usb_device
    E: BUSNUM=003
    E: DEVNUM=006
    E: PRODUCT=bda/129/3960
    A: idVendor=0bda
    A: idProduct=0129
    A: manufacturer=Generic
    A: product=USB2.0-CRW
    A: bDeviceClass=ff
    A: speed=480
    A: removable=removable
    A: busnum=3
    A: devnum=6

    P: \(reader)/3-3:1.0
    E: SUBSYSTEM=usb
    E: DEVTYPE=usb_interface
    E: INTERFACE=8/6/80
    A: bInterfaceNumber=00
    A: bInterfaceClass=08

    """

  func plugAndPull(_ testbed: TestbedDriver, _ stream: StreamProcess, initial: Int) throws {
    #expect(stream.waitForLines(initial).count == initial, "\(stream.stderr)")
    try testbed.add(Self.readerDevices)
    try testbed.uevent("/sys" + Self.reader + "/3-3:1.0", "bind")
    try testbed.uevent("/sys" + Self.reader, "bind")
    #expect(stream.waitForLines(initial + 1).count == initial + 1, "\(stream.stderr)")
    try testbed.remove("/sys" + Self.reader + "/3-3:1.0")
    try testbed.remove("/sys" + Self.reader)
  }

  @Test("the devices there first, then the card reader added and removed, as NDJSON")
  func json() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let stream = try StreamProcess(["watch", "usb", "--json", "--count", "2"], environment: testbed.environment)
    try plugAndPull(testbed, stream, initial: 4)
    #expect(stream.wait() == 0, "\(stream.stderr)")
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["event"] as? String } == Array(repeating: "usb", count: 6))
    #expect(events.map { $0["action"] as? String } == ["present", "present", "present", "present", "added", "removed"])
    #expect(events.map { $0["initial"] as? Bool } == [true, true, true, true, nil, nil])
    #expect(events.suffix(2).map { $0["port"] as? String } == ["3-3", "3-3"])
    #expect(events[4]["productId"] as? String == "0129" && events[4]["interfaceClasses"] as? [String] == ["08"])
    // The removal describes the device as it was.
    #expect(events[5]["product"] as? String == "USB2.0-CRW")
  }

  @Test("for people: a clock and a sentence per device")
  func text() throws {
    let testbed = try TestbedDriver(fixture: "pinephone")
    let stream = try StreamProcess(["watch", "usb", "--count", "2"], environment: testbed.environment)
    try plugAndPull(testbed, stream, initial: 1)
    #expect(stream.wait() == 0, "\(stream.stderr)")
    let lines = stream.received.map { $0.dropFirst(9) }
    #expect(
      lines == [
        "usb 2-1 present: Quectel EG25-G [2c7c:0125]", "usb 3-3 added: Generic USB2.0-CRW [0bda:0129]",
        "usb 3-3 removed: Generic USB2.0-CRW [0bda:0129]",
      ], "\(stream.received)")
  }

  @Test("a machine without USB devices waits for the first one rather than failing")
  func empty() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    let stream = try StreamProcess(["watch", "usb", "--json", "--count", "1"], environment: testbed.environment)
    usleep(300_000)
    try testbed.add(Self.readerDevices)
    try testbed.uevent("/sys" + Self.reader, "bind")
    #expect(stream.wait() == 0, "\(stream.stderr)")
    #expect(try stream.received.map { try stream.json($0)["action"] as? String } == ["added"])
  }
}
