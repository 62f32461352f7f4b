import Foundation
import Testing

@testable import DevCapsKit

/// libudev is loaded when a section first needs it, and once: the power section needs it only
/// for its sysfs fallback, so a report whose power comes from UPower never loads it.
@Suite("The hardware inventory's udev")
struct HardwareInventoryTests {
  final class Openings: @unchecked Sendable {
    var count = 0
  }

  @Test("opened at the first section that enumerates devices, once; the architecture never opens it")
  func openedOnFirstUse() throws {
    let root = try TemporaryRoot(["/proc/sys/kernel/arch": "x86_64\n"])
    let openings = Openings()
    let inventory = HardwareInventory(context: root.context) {
      openings.count += 1
      return nil
    }
    _ = inventory.architecture
    #expect(openings.count == 0)
    _ = inventory.sensors
    _ = inventory.radios
    #expect(openings.count == 1)
  }

  @Test("the power section opens it for the sysfs fallback (no system bus), and only then")
  func powerFallback() async {
    await #expect(processExitsWith: .success) {
      setenv("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/devcaps-test-bus", 1)
      guard let root = try? TemporaryRoot(["/sys/class/power_supply/BAT0/type": "Battery\n"]) else { exit(2) }
      let openings = Openings()
      let inventory = HardwareInventory(context: root.context) {
        openings.count += 1
        return nil
      }
      guard openings.count == 0 else { exit(3) }
      guard inventory.power.source == .none, openings.count == 1 else { exit(4) }
      _ = inventory.inputs
      exit(openings.count == 1 ? 0 : 5)
    }
  }

  @Test("a fallback with no power supply and displays with no drm class open nothing")
  func nothingToEnumerate() async {
    await #expect(processExitsWith: .success) {
      setenv("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/devcaps-test-bus", 1)
      guard let root = try? TemporaryRoot(["/sys/class/power_supply/.keep": ""]) else { exit(2) }
      try? FileManager.default.removeItem(atPath: root.path + "/sys/class/power_supply/.keep")
      let openings = Openings()
      let inventory = HardwareInventory(context: root.context) {
        openings.count += 1
        return nil
      }
      guard inventory.power.source == .none, inventory.displays.isEmpty, openings.count == 0 else { exit(3) }
      _ = inventory.inputs
      exit(openings.count == 1 ? 0 : 4)
    }
  }
}
