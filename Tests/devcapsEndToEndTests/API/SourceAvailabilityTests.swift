import Foundation
import Testing

@testable import DevCapsKit

/// `Device.isBatteryAvailable`, `isLidAvailable`, `isTabletModeAvailable`,
/// `isAmbientLightAvailable` and `isThermalStateAvailable`, judged on the fixture machines'
/// sysfs trees (the files a process under umockdev reads, here read below the testbed's root).
@Suite("Cheap availability checks on fixture machines")
struct SourceAvailabilityTests {
  struct Expected: Sendable, CustomStringConvertible {
    let machine: String
    let battery, lid, tabletMode, ambientLight, thermal: Bool
    var description: String { machine }
  }

  static func presence(_ testbed: Testbed) -> SourcePresence {
    SourcePresence(context: ProbeContext(root: SystemRoot(testbed.root)))
  }

  @Test(
    "each machine has the sources its devices show, and lacks the others",
    arguments: [
      Expected(
        machine: "thinkpad-laptop", battery: true, lid: true, tabletMode: false, ambientLight: false, thermal: true),
      Expected(
        machine: "yoga-convertible", battery: false, lid: true, tabletMode: true, ambientLight: true, thermal: false),
      Expected(machine: "pinephone", battery: true, lid: false, tabletMode: false, ambientLight: true, thermal: false),
      Expected(
        machine: "docker-container", battery: false, lid: false, tabletMode: false, ambientLight: false, thermal: false),
    ])
  func machines(expected: Expected) throws {
    let testbed = try FixtureMachine(name: expected.machine).load()
    let presence = Self.presence(testbed)
    #expect(presence.battery == expected.battery)
    #expect(presence.lid == expected.lid)
    #expect(presence.tabletMode == expected.tabletMode)
    #expect(presence.ambientLight == expected.ambientLight)
    #expect(presence.thermalZones == expected.thermal)
  }

  @Test("a mouse's battery (scope Device) is not the machine's: the ThinkPad without BAT0 has none")
  func peripheralBatteryOnly() throws {
    let machine = FixtureMachine(name: "thinkpad-laptop")
    let devices = try String(contentsOf: machine.url.appendingPathComponent("devices.umockdev"), encoding: .utf8)
    // Records are separated by blank lines; BAT0's is left out.
    let kept = devices.components(separatedBy: "\n\n").filter { !$0.contains("/power_supply/BAT0") }
    let testbed = try Testbed()
    try testbed.addDevices(kept.joined(separator: "\n\n"))
    #expect(Self.presence(testbed).battery == false)
    #expect(Self.presence(testbed).lid == true)
  }
}
