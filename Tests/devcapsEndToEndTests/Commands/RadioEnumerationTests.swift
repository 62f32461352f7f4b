import DevCapsKit
import Foundation
import Testing

/// The radios section enumerates through libudev only the network interfaces that may be radios,
/// picked by the files its test reads (the uevent's DEVTYPE, the `wireless` and `phy80211`
/// entries): each way an interface is a radio must survive that choice. A snapshot still records
/// every interface. Serialized: umockdev keeps its testbed in the process environment.
@Suite("radios: which network interfaces are enumerated", .serialized)
struct RadioEnumerationTests {
  @Test("an interface is a radio by DEVTYPE wlan or wwan, or by a wireless or phy80211 entry; a wired one is not")
  func eachWayARadioIsFound() throws {
    let testbed = try Testbed()
    var record = ""
    for (name, devtype) in [
      ("eth0", nil), ("wlan0", "wlan"), ("wlan1", nil), ("wlan2", nil), ("wwan0", "wwan"), ("usb0", nil),
    ] as [(String, String?)] {
      record += "P: /devices/virtual/net/\(name)\nE: SUBSYSTEM=net\nE: INTERFACE=\(name)\n"
      if let devtype { record += "E: DEVTYPE=\(devtype)\n" }
      record += "A: type=1\n\n"
    }
    try testbed.addDevices(record)
    try testbed.write("sys/devices/virtual/net/wlan1/phy80211/index", "0\n")
    try testbed.write("sys/devices/virtual/net/wlan2/wireless/status", "0\n")
    let listed = try ReportJSON(
      DevCapsProcess.run(["list", "--json", "--only", "radios"], environment: testbed.environment))
    let radios = (listed.root["radios"] as? [[String: Any]] ?? []).map { "\($0["type"] ?? "") \($0["id"] ?? "")" }
    #expect(radios == ["wifi wlan0", "wifi wlan1", "wifi wlan2", "wwan wwan0"])
  }

  @Test("the Wi-Fi interface and its driver are listed; a snapshot records the wired interface beside it too")
  func snapshotRecordsEveryInterface() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-radios-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: bundle) }
    let taken = try DevCapsProcess.run(
      ["snapshot", "--keep-identifiers", bundle.path], environment: testbed.environment)
    #expect(taken.status == 0, "stderr: \(taken.stderr)")
    let record = try String(contentsOf: bundle.appendingPathComponent("devices.umockdev"), encoding: .utf8)
    #expect(record.contains("/net/wlp0s20f3\n"))
    #expect(record.contains("/net/enx00e04c68aa55\n"))

    let listed = try ReportJSON(
      DevCapsProcess.run(["list", "--json", "--only", "radios"], environment: testbed.environment))
    let radios = listed.root["radios"] as? [[String: Any]] ?? []
    #expect(radios.map { $0["id"] as? String } == ["wlp0s20f3", "hci0"], "\(radios)")
    #expect(radios.first?["driver"] as? String == "iwlwifi", "from the interface's parent, through libudev")
  }
}
