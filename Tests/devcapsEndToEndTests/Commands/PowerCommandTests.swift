import Foundation
import TestProcesses
import Testing

/// The power section and `watch battery` against the real upowerd on a private bus over umockdev
/// power supplies, and the sysfs fallback over the same supplies.
@Suite("Power through UPower and sysfs", .serialized)
struct PowerCommandTests {
  static let battery = "/sys/devices/LNXSYSTM:00/LNXSYBUS:00/PNP0C0A:00/power_supply/BAT0"
  static let mains = "/sys/devices/LNXSYSTM:00/LNXSYBUS:00/ACPI0003:00/power_supply/AC"

  func power(_ environment: [String: String]) throws -> [String: Any] {
    let result = try DevCapsProcess.run(["get", "power", "--json"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try result.json() as? [String: Any])
  }

  @Test("UPower's view of a laptop: battery, peripheral, line power; the same battery through sysfs reads the same")
  func laptop() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let upower = try PrivateUPower(testbed: testbed)
    let viaUPower = try power(upower.environment)
    let viaSysfs = try power(testbed.environment)
    #expect(viaUPower["source"] as? String == "upower")
    #expect(viaSysfs["source"] as? String == "sysfs")
    let ours = try #require((viaUPower["batteries"] as? [[String: Any]])?.first)
    #expect(ours["id"] as? String == "BAT0")
    #expect(ours["level"] as? Double == 0.8)
    #expect(ours["state"] as? String == "discharging")
    #expect(ours["timeToEmptySeconds"] as? Int == 17280)
    #expect(ours["energyFullDesignWh"] as? Double == 57.0)
    let fallback = try #require((viaSysfs["batteries"] as? [[String: Any]])?.first)
    for key in [
      "id", "level", "state", "timeToEmptySeconds", "energyWh", "energyFullWh", "energyRateW", "health", "warningLevel",
    ] {
      #expect("\(ours[key] ?? "nil")" == "\(fallback[key] ?? "nil")", "\(key) differs between UPower and sysfs")
    }
    for view in [viaUPower, viaSysfs] {
      #expect(view["onBattery"] as? Bool == true)
      #expect(view["linePowerOnline"] as? Bool == false)
      #expect((view["peripherals"] as? [[String: Any]])?.first?["level"] as? Double == 0.2)
    }
    let report = try DevCapsProcess.run(["list", "--json", "--only", "power"], environment: upower.environment)
    #expect(try SchemaValidator.problems(in: [report.stdout], schema: "report.schema.json") == [])
  }

  @Test("with UPower answering, the power section never loads libudev; only the sysfs fallback does")
  func libudevOnlyForTheFallback() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let upower = try PrivateUPower(testbed: testbed)
    // ld.so says on stderr which libraries it loads (`file=libudev.so.1 [0];  dynamically loaded by …`).
    let debug = ["LD_DEBUG": "files"]
    for arguments in [["list", "--json", "--only", "power"], ["get", "power.source"]] {
      let answered = try DevCapsProcess.run(arguments, environment: upower.environment.merging(debug) { $1 })
      #expect(answered.status == 0)
      #expect(!answered.stderr.contains("file=libudev"), "devcaps \(arguments.joined(separator: " ")) loaded libudev")
      let fallback = try DevCapsProcess.run(arguments, environment: testbed.environment.merging(debug) { $1 })
      #expect(fallback.status == 0)
      #expect(fallback.stderr.contains("file=libudev"), "the sysfs fallback finds batteries through libudev")
    }
  }

  @Test(
    "states map the same through both sources",
    arguments: [
      ("Charging", "30000000", "charging"),
      ("Discharging", "30000000", "discharging"),
      ("Full", "57000000", "full"),
      ("Not charging", "54000000", "full"),
      ("Not charging", "30000000", "not-charging"),
    ])
  func states(status: String, energy: String, state: String) throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    try testbed.set(Self.battery, "status", status)
    try testbed.set(Self.battery, "energy_now", energy)
    let upower = try PrivateUPower(testbed: testbed)
    for environment in [upower.environment, testbed.environment] {
      let batteries = try #require(try power(environment)["batteries"] as? [[String: Any]])
      #expect(batteries.first?["state"] as? String == state, "source \(environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? "")")
    }
  }

  @Test("a second battery and AC online: two batteries, the aggregate level, not on battery")
  func twoBatteries() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    try testbed.add(
      """
      P: /devices/LNXSYSTM:00/LNXSYBUS:00/PNP0C0A:01/power_supply/BAT1
      E: SUBSYSTEM=power_supply
      A: type=Battery
      A: present=1
      A: status=Discharging
      A: energy_full=23000000
      A: energy_full_design=24000000
      A: energy_now=11500000
      A: power_now=0
      A: voltage_now=12000000

      """)
    try testbed.set(Self.mains, "online", "1")
    try testbed.set(Self.battery, "status", "Not charging")
    let upower = try PrivateUPower(testbed: testbed)
    for environment in [upower.environment, testbed.environment] {
      let view = try power(environment)
      #expect((view["batteries"] as? [[String: Any]])?.map { $0["id"] as? String } == ["BAT0", "BAT1"])
      #expect(abs((view["level"] as? Double ?? 0) - (45.6 + 11.5) / (57 + 23)) < 0.001)
      #expect(view["linePowerOnline"] as? Bool == true)
      #expect(view["onBattery"] as? Bool == false)
    }
  }

  @Test("watch battery: the current state, a uevent as one event, upowerd going and coming back")
  func watch() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let upower = try PrivateUPower(testbed: testbed)
    let stream = try StreamProcess(["watch", "battery", "--json"], environment: upower.environment)
    stream.waitForLines(2)
    try testbed.set(Self.battery, "energy_now", "30000000")
    try testbed.set(Self.battery, "status", "Charging")
    try testbed.uevent(Self.battery)
    stream.waitForLines(3)
    usleep(500_000)
    upower.stop()
    stream.waitForLines(4)
    try upower.start()
    stream.waitForLines(7)
    stream.signal(SIGINT)
    #expect(stream.wait() == 130)
    let events = try stream.received.map { try stream.json($0) }
    let summary = events.map {
      "\($0["event"] as? String ?? "") \($0["id"] as? String ?? "") \($0["state"] as? String ?? "") \($0["initial"] as? Bool == true ? "initial" : "")"
    }
    #expect(
      summary == [
        "battery BAT0 discharging initial", "battery hidpp_battery_0 unknown initial",
        "battery BAT0 charging ", "source-lost   ", "source-restored   ",
        "battery BAT0 charging initial", "battery hidpp_battery_0 unknown initial",
      ])
    #expect(events[2]["timeToFullSeconds"] as? Int == 10231)
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
  }

  @Test(
    "watch battery for people: 'BAT0 53 % charging, 2:51 to full, on line power', a state not known said as the charging state"
  )
  func watchText() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let upower = try PrivateUPower(testbed: testbed)
    let stream = try StreamProcess(["watch", "battery", "--count", "1"], environment: upower.environment)
    stream.waitForLines(2)
    try testbed.set(Self.battery, "energy_now", "30000000")
    try testbed.set(Self.battery, "status", "Charging")
    try testbed.uevent(Self.battery)
    #expect(stream.wait() == 0)
    let last = try #require(stream.received.last)
    #expect(last.hasSuffix(" BAT0 53 % charging, 2:51 to full, on line power"), "\(last)")
    #expect(
      stream.received.contains { $0.hasSuffix(" hidpp_battery_0 (battery) 20 % charging state unknown") },
      "\(stream.received)")
  }

  @Test("without UPower, watch battery follows udev events through sysfs")
  func sysfsWatch() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let stream = try StreamProcess(["watch", "battery", "--json", "--count", "1"], environment: testbed.environment)
    stream.waitForLines(2)
    try testbed.set(Self.battery, "capacity", "50")
    try testbed.set(Self.battery, "energy_now", "28500000")
    try testbed.uevent(Self.battery)
    #expect(stream.wait() == 0, "\(stream.stderr)")
    let last = try stream.json(try #require(stream.received.last))
    #expect(last["level"] as? Double == 0.5)
  }

  @Test("garbage in the fallback's files: nulls and warnings, never a crash")
  func garbage() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    try testbed.set(Self.battery, "energy_now", "lots")
    try testbed.set(Self.battery, "power_now", "")
    let result = try DevCapsProcess.run(["list", "--json", "--only", "power"], environment: testbed.environment)
    #expect(result.status == 0)
    #expect(try SchemaValidator.problems(in: [result.stdout], schema: "report.schema.json") == [])
    let battery = try #require(
      ((try result.json() as? [String: Any])?["power"] as? [String: Any])?["batteries"] as? [[String: Any]]
    ).first
    #expect(battery?["energyWh"] is NSNull)
    #expect(result.stderr.contains("BAT0/energy_now: expected a number, found 'lots'"))
  }

  @Test(
    "values past 64 bits in the fallback's files: no estimate, never a trap",
    arguments: ["9223372036854775807", "-9223372036854775808", "1e300"])
  func hugeValues(energy: String) throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    try testbed.set(Self.battery, "energy_now", energy)
    try testbed.set(Self.battery, "power_now", "1")
    try testbed.set(Self.battery, "cycle_count", energy)
    let result = try DevCapsProcess.run(["list", "--json", "--only", "power"], environment: testbed.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try SchemaValidator.problems(in: [result.stdout], schema: "report.schema.json") == [])
    let battery = try #require(
      ((try result.json() as? [String: Any])?["power"] as? [String: Any])?["batteries"] as? [[String: Any]]
    ).first
    #expect(battery?["timeToEmptySeconds"] is NSNull)
    #expect(battery?["chargeCycles"] is NSNull)
    let text = try DevCapsProcess.run(["list", "--only", "power"], environment: testbed.environment)
    #expect(text.status == 0, "\(text.stderr)")
  }

  @Test(
    "a daemon that owns UPower's and power-profiles-daemon's names and never answers: sysfs after half a second, with a warning naming them, never a hang"
  )
  func hungDaemons() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let bus = try PrivateBus()
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Support/silent_daemon.py")
    let silent = try ChildProcess(
      "/usr/bin/python3",
      [script.path, bus.address, "org.freedesktop.UPower", "org.freedesktop.UPower.PowerProfiles"], errors: .null)
    defer {
      silent.signal(SIGKILL)
      silent.waitOrKill(seconds: 10)
    }
    try #require(silent.firstLine(seconds: 20) == "ready")
    let environment = testbed.environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": bus.address]) { $1 }
    let started = ContinuousClock.now
    let result = try DevCapsProcess.run(["list", "--json", "--only", "power"], environment: environment)
    let took = ContinuousClock.now - started
    #expect(result.status == 0)
    #expect(
      result.stderr.contains(
        "system bus: org.freedesktop.UPower, org.freedesktop.UPower.PowerProfiles did not answer within 500 ms"),
      "\(result.stderr)")
    let power = try #require((try result.json() as? [String: Any])?["power"] as? [String: Any])
    #expect(power["source"] as? String == "sysfs")
    #expect(power["powerProfile"] is NSNull)
    // Half a second of waiting, and the rest of a debug build's run on a loaded machine.
    #expect(took < .seconds(5), "took \(took)")
  }

  @Test("a system bus without upowerd (servers, containers, CI): sysfs, and nothing on stderr")
  func busWithoutUPower() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    let bus = try PrivateBus()
    let environment = testbed.environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": bus.address]) { $1 }
    for arguments in [["list", "--json", "--only", "power"], ["list"]] {
      let result = try DevCapsProcess.run(arguments, environment: environment)
      #expect(result.status == 0)
      #expect(result.stderr == "", "\(arguments): \(result.stderr)")
    }
    #expect(try power(environment)["source"] as? String == "sysfs")
  }

  @Test("a peripheral's kind comes from the input device beside its battery, as upowerd has it")
  func peripheralKind() throws {
    let testbed = try TestbedDriver(fixture: "thinkpad-laptop")
    // Through UPower the kind is upowerd's own: Debian 12's upowerd 0.99.20 says "battery" here;
    // later versions look at the same input sibling and say "mouse".
    let peripheral = try #require((try power(testbed.environment)["peripherals"] as? [[String: Any]])?.first)
    #expect(peripheral["id"] as? String == "hidpp_battery_0")
    #expect(peripheral["kind"] as? String == "mouse")
  }

  @Test("no power source at all: list says none, watch battery and watch lid exit 69")
  func nothing() throws {
    let testbed = try TestbedDriver(fixture: "qemu-vm")
    let view = try power(testbed.environment)
    #expect(view["source"] as? String == "none")
    #expect((view["batteries"] as? [Any])?.isEmpty == true)
    let battery = try DevCapsProcess.run(["watch", "battery"], environment: testbed.environment)
    #expect(battery.status == 69)
    #expect(battery.stderr.contains("no power source"))
    let lid = try DevCapsProcess.run(["watch", "lid"], environment: testbed.environment)
    #expect(lid.status == 69)
    #expect(lid.stderr.contains("watch lid needs UPower"))
  }
}
