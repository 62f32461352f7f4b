import Foundation
import TestProcesses
import Testing

/// The `usb` section on fixture machines whose USB devices are laid out as the kernel does
/// (devices.umockdev; their sources in SOURCES.md), read through libudev.
@Suite("devcaps list: the usb section", .serialized)
struct USBSectionTests {
  func list(_ testbed: Testbed) throws -> (devices: [[String: Any]], warnings: [[String: Any]]) {
    let result = try DevCapsProcess.run(["list", "--only", "usb", "--json"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try SchemaValidator.problems(in: [result.stdout], schema: "report.schema.json") == [])
    let document = try #require(try result.json() as? [String: Any])
    return (
      try #require(document["usb"] as? [[String: Any]], "\(result.stdout)"),
      document["warnings"] as? [[String: Any]] ?? []
    )
  }

  @Test("every device with an idVendor, in port order, with its interfaces' classes")
  func thinkpad() throws {
    let (devices, warnings) = try list(try FixtureMachine(name: "thinkpad-laptop").load())
    #expect(warnings.isEmpty)
    #expect(devices.map { $0["port"] as? String } == ["3-1", "3-4", "3-6", "3-10"])
    let key = devices[2]
    #expect(key["vendorId"] as? String == "1050" && key["productId"] as? String == "0407")
    #expect(key["manufacturer"] as? String == "Yubico" && key["product"] as? String == "YubiKey OTP+FIDO+CCID")
    #expect(key["deviceClass"] as? String == "00" && key["interfaceClasses"] as? [String] == ["03", "0b"])
    #expect(key["speedMbps"] as? Double == 12 && key["removable"] as? Bool == true)
    #expect(key["busNumber"] as? Int == 3 && key["deviceNumber"] as? Int == 4)
    // Intel's Bluetooth controller reports no strings; the camera is built in.
    #expect(devices[3]["manufacturer"] is NSNull && devices[3]["product"] is NSNull)
    #expect(devices[1]["removable"] as? Bool == false && devices[1]["interfaceClasses"] as? [String] == ["0e"])
  }

  @Test("the root hub is left out: the PinePhone's EHCI usb2 is not listed, its modem is")
  func rootHub() throws {
    let (devices, _) = try list(try FixtureMachine(name: "pinephone").load())
    #expect(devices.map { $0["port"] as? String } == ["2-1"])
    #expect(devices.first?["removable"] is NSNull)
  }

  @Test("a machine without USB devices lists none; a root hub alone is not a device")
  func none() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    #expect(try list(testbed).devices.isEmpty)
    try testbed.addDevices(
      """
      P: /devices/pci0000:00/0000:00:1d.0/usb1
      E: SUBSYSTEM=usb
      E: DEVTYPE=usb_device
      A: idVendor=1d6b
      A: idProduct=0002
      A: bDeviceClass=09

      """)
    #expect(try list(testbed).devices.isEmpty)
    let human = try DevCapsProcess.run(["list", "--only", "usb"], environment: testbed.environment)
    #expect(human.stdout.contains("no USB devices found"), "\(human.stdout)")
  }

  @Test("an attribute the kernel never writes is a warning naming the file, and its value null")
  func garbage() throws {
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    let device = "/devices/pci0000:00/0000:00:1d.0/usb1/1-2"
    try testbed.addDevices(
      """
      P: \(device)
      E: SUBSYSTEM=usb
      E: DEVTYPE=usb_device
      A: idVendor=0x46d
      A: idProduct=c52b
      H: manufacturer=\("Evil\u{1B}]0;title\u{07}".utf8.map { String(format: "%02x", $0) }.joined())
      A: bDeviceClass=00
      A: speed=fast
      A: removable=maybe
      A: busnum=1
      A: devnum=0

      """)
    let (devices, warnings) = try list(testbed)
    let listed = try #require(devices.first)
    #expect(listed["port"] as? String == "1-2")
    for key in ["vendorId", "speedMbps", "removable", "deviceNumber"] { #expect(listed[key] is NSNull, "\(key)") }
    #expect(listed["productId"] as? String == "c52b")
    let paths = Set(warnings.compactMap { $0["path"] as? String }.map { String($0.split(separator: "/").last ?? "") })
    #expect(paths == ["idVendor", "speed", "removable", "devnum"], "\(warnings)")
    // A control character the device reports is kept in JSON and escaped for people.
    #expect((listed["manufacturer"] as? String)?.contains("\u{1B}") == true)
    let human = try DevCapsProcess.run(["list", "--only", "usb"], environment: testbed.environment)
    #expect(!human.stdout.contains("\u{1B}") && human.stdout.contains("\\x1B"), "\(human.stdout)")
  }

  @Test("get usb and a member of it")
  func get() throws {
    let testbed = try FixtureMachine(name: "pinephone").load()
    let result = try DevCapsProcess.run(["get", "usb.0.product"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "EG25-G\n")
  }
}
