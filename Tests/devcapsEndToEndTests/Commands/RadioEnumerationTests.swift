import DevCapsKit
import Foundation
import Testing

/// The radios section enumerates through libudev only the network interfaces that may be radios
/// (by their uevent's DEVTYPE and their `wireless` and `phy80211` entries): libudev resolves
/// every device it enumerates and each of its parents from `/`, a component at a time. What
/// libudev enumerated is what a snapshot records. Serialized: umockdev keeps its testbed in the
/// process environment.
@Suite("radios: which network interfaces libudev enumerates", .serialized)
struct RadioEnumerationTests {
  @Test("the Wi-Fi interface is enumerated and listed; the wired one beside it is not enumerated")
  func onlyRadioInterfaces() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-radios-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: bundle) }
    let taken = try DevCapsProcess.run(
      ["snapshot", "--keep-identifiers", bundle.path], environment: testbed.environment)
    #expect(taken.status == 0, "stderr: \(taken.stderr)")
    let record = try String(contentsOf: bundle.appendingPathComponent("devices.umockdev"), encoding: .utf8)
    #expect(record.contains("/net/wlp0s20f3\n"))
    #expect(!record.contains("/net/enx00e04c68aa55\n"), "the USB Ethernet adapter is no radio")

    let listed = try ReportJSON(
      DevCapsProcess.run(["list", "--json", "--only", "radios"], environment: testbed.environment))
    let radios = listed.root["radios"] as? [[String: Any]] ?? []
    #expect(radios.map { $0["id"] as? String } == ["wlp0s20f3", "hci0"], "\(radios)")
    #expect(radios.first?["type"] as? String == "wifi")
    #expect(radios.first?["driver"] as? String == "iwlwifi", "from the interface's parent, through libudev")
  }
}
