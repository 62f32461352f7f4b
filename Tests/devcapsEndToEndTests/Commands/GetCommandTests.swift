import Foundation
import Testing

@Suite("devcaps get", .serialized)
struct GetCommandTests {
  func get(_ arguments: [String], machine: String = "thinkpad-laptop") throws -> DevCapsResult {
    let testbed = try FixtureMachine(name: machine).load()
    return try DevCapsProcess.run(["get"] + arguments, environment: testbed.environment)
  }

  @Test(
    "one value, plain",
    arguments: [
      ("memory.totalBytes", "16439447552"),
      ("device.model", "ThinkPad X1 Carbon Gen 9"),
      ("device.firmware.date", "2023-05-11"),
      ("disks.0.path", "/"),
      ("disks.3.readOnly", "true"),
      ("cpu.frequency.maxHz", "4700000000"),
      ("system.uptimeSeconds", "93784.52"),
      ("device.virtualization", "null"),
    ])
  func plain(key: String, expected: String) throws {
    let result = try get([key])
    #expect(result.status == 0)
    #expect(result.stdout == expected + "\n")
  }

  @Test("--json quotes strings and prints objects as JSON")
  func json() throws {
    #expect(try get(["device.model", "--json"]).stdout == "\"ThinkPad X1 Carbon Gen 9\"\n")
    let firmware = try get(["device.firmware", "--json"]).stdout
    #expect(
      firmware == "{\n  \"vendor\": \"LENOVO\",\n  \"version\": \"N32ET86W (1.62 )\",\n  \"date\": \"2023-05-11\"\n}\n")
  }

  @Test("a known key with an unknown value is null")
  func unknownValue() throws {
    let result = try get(["memory.installedBytes"], machine: "docker-container")
    #expect(result.status == 0)
    #expect(result.stdout == "null\n")
  }

  @Test(
    "unknown keys and indices past the end exit 64 naming the nearest valid key (a word of it, a beginning, a plural); a long key is cut",
    arguments: [
      ("memory.totalbytes", "did you mean 'memory.totalBytes'?"),
      ("memroy.totalBytes", "did you mean 'memory.totalBytes'?"),
      ("gpu", "did you mean 'gpus'?"),
      ("battery", "did you mean 'power.batteries'?"),
      ("disks.9.path", "valid indices are 0…6"),
      ("device.model.x", "unknown key 'device.model.x'"),
      ("", "the key is empty"),
      ("cpu.cores", "did you mean 'cpu.logicalCores'?"),
      ("system.uptime", "did you mean 'system.uptimeSeconds'?"),
      ("uptime", "did you mean 'system.uptimeSeconds'?"),
      ("memory.total", "did you mean 'memory.totalBytes'?"),
      (String(repeating: "x", count: 300), "unknown key '\(String(repeating: "x", count: 40))…'\n"),
    ])
  func errors(key: String, message: String) throws {
    let result = try get([key])
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("a DEVCAPS_ROOT that is no directory (mistyped) is said in a warning, not a machine with nothing")
  func missingRoot() throws {
    let result = try DevCapsProcess.run(["get", "system.id"], environment: ["DEVCAPS_ROOT": "/nonexistent/image"])
    #expect(result.status == 0)
    #expect(result.stdout == "null\n")
    #expect(
      result.stderr.contains("/nonexistent/image: DEVCAPS_ROOT is not a directory; nothing below it was read"),
      "\(result.stderr)")
  }

  @Test("no key at all is a usage error")
  func missingKey() throws {
    let result = try DevCapsProcess.run(["get"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("Missing expected argument '<key>'"))
  }

  static let hostile = "Data\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}1m\u{202E}\r\nx"
  static let hostileShown = "Data\\x1B]0;PWNED\\x07\\x1B[2J\\u{9B}1m\\u{202E}\\r\\nx"

  @Test(
    "a string from the machine (a USB product, the host name, the OS name, the kernel) prints escaped as list writes it; --json keeps it exact"
  )
  func escapesOutsideText() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    try testbed.addDevices(
      """
      P: /devices/pci0000:00/0000:00:14.0/usb1/1-9
      E: SUBSYSTEM=usb
      E: DEVTYPE=usb_device
      A: idVendor=1234
      A: idProduct=5678
      H: product=\(Self.hostile.utf8.map { String(format: "%02x", $0) }.joined())
      A: bDeviceClass=00
      A: busnum=1
      A: devnum=9

      """)
    try testbed.write("proc/sys/kernel/hostname", Self.hostile + "\n")
    try testbed.write("proc/sys/kernel/osrelease", Self.hostile + "\n")
    try testbed.write(
      "etc/os-release", "NAME=\"\(Self.hostile.replacingOccurrences(of: "\r\n", with: ""))\"\nVERSION_ID=39\n")
    let usb = try DevCapsProcess.run(["list", "--json", "--only", "usb"], environment: testbed.environment)
    let devices = try #require(
      (try JSONSerialization.jsonObject(with: Data(usb.stdout.utf8)) as? [String: Any])?["usb"] as? [[String: Any]])
    let index = try #require(devices.firstIndex { $0["product"] as? String == Self.hostile }, "\(usb.stdout)")
    for key in ["usb.\(index).product", "device.name", "system.kernel", "system.name"] {
      let text = try DevCapsProcess.run(["get", key], environment: testbed.environment)
      #expect(text.status == 0, "\(key) \(text.stderr)")
      #expect(OutsideTextTests.rawControls(text.stdout, allowed: [0x0A]) == [], "\(key) \(text.stdout)")
      #expect(text.stdout.split(separator: "\n").count == 1, "\(key) \(text.stdout)")
      #expect(text.stdout.contains("PWNED") && text.stdout.contains("\\x1B]0;"), "\(key) \(text.stdout)")
    }
    let shown = try DevCapsProcess.run(["get", "usb.\(index).product"], environment: testbed.environment)
    #expect(shown.stdout == Self.hostileShown + "\n")
    // An object in text is JSON whose lines are escaped too (JSON itself leaves U+202E raw).
    let object = try DevCapsProcess.run(["get", "usb.\(index)"], environment: testbed.environment)
    #expect(OutsideTextTests.rawControls(object.stdout, allowed: [0x0A]) == [], "\(object.stdout)")
    let json = try DevCapsProcess.run(["get", "usb.\(index).product", "--json"], environment: testbed.environment)
    #expect(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8), options: .fragmentsAllowed) as? String
        == Self.hostile)
  }
}
