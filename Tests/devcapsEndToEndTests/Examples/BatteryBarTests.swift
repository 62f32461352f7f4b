import Foundation
import Testing

/// Examples/BatteryBar, a package outside devcaps on DevCapsKit's public API, run against the real
/// upowerd on a private bus over the laptop fixture. scripts/test.sh builds it before the tests.
@Suite("Examples/BatteryBar", .serialized)
struct BatteryBarTests {
  static let executable = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "Examples/BatteryBar/.build/debug/BatteryBar")

  @Test("a line for the battery now, a line when it starts charging; the mouse's battery is left out")
  func lines() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.executable.path),
      "\(Self.executable.path) is not built: scripts/test.sh builds it (cd Examples/BatteryBar && swift build)")
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let upower = try PrivateUPower(testbed: testbed)
    let example = try StreamProcess(["2"], environment: upower.environment, executable: Self.executable)
    example.waitForLines(1)
    try testbed.set(PowerCommandTests.battery, "energy_now", "30000000")
    try testbed.set(PowerCommandTests.battery, "status", "Charging")
    try testbed.uevent(PowerCommandTests.battery)
    #expect(example.wait() == 0, "\(example.stderr)")
    #expect(example.received == ["BAT0 [########--]  80 %  unplugged", "BAT0 [#####-----]  53 %  charging"])
  }

  @Test("no power source at all: the library's reason on stderr, exit 69")
  func unavailable() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.executable.path), "\(Self.executable.path) is not built")
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    let example = try StreamProcess([], environment: testbed.environment, executable: Self.executable)
    #expect(example.wait() == 69)
    #expect(example.stderr.hasPrefix("BatteryBar: no power source"), "\(example.stderr)")
  }

  @Test("a COUNT that is not a positive number: usage on stderr, exit 64")
  func usage() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.executable.path), "\(Self.executable.path) is not built")
    let example = try StreamProcess(["0"], environment: [:], executable: Self.executable)
    #expect(example.wait() == 64)
    #expect(example.stderr.hasPrefix("usage: BatteryBar [--state] [COUNT]"))
  }

  @Test("--state: a DeviceState as one line, printed first with nothing yet known, then once per change")
  func wholeState() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.executable.path), "\(Self.executable.path) is not built")
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    let example = try StreamProcess(["--state", "1"], environment: testbed.environment, executable: Self.executable)
    #expect(example.wait() == 0, "\(example.stderr)")
    #expect(
      example.received == [
        "battery ? unknown  thermal nominal  low-power ?  orientation unknown  tablet none  lid none"
      ])
  }
}
