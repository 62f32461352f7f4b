import Foundation
import TestProcesses
import Testing

/// Low power mode: Debian 12's power-profiles-daemon (0.12, which owns net.hadess.PowerProfiles)
/// on a private bus over an empty umockdev testbed (so that it drives no real sysfs), with
/// python-dbusmock's polkitd template to authorize switching profiles. The newer bus name,
/// org.freedesktop.UPower.PowerProfiles, which 0.12 does not own, is a python-dbusmock object.
@Suite("low power mode (power-profiles-daemon)", .serialized)
struct PowerProfileTests {
  static let daemon = "/usr/libexec/power-profiles-daemon"

  final class Bus {
    let bus: PrivateBus
    let testbed: Testbed
    var processes: [ChildProcess] = []

    init() throws {
      bus = try PrivateBus()
      testbed = try FixtureMachine(name: "qemu-vm").load()
    }

    deinit {
      for process in processes {
        process.signal(SIGKILL)
        process.waitOrKill(seconds: 10)
      }
    }

    var environment: [String: String] { testbed.environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": bus.address]) { $1 } }

    func start(_ path: String, _ arguments: [String] = [], preload: Bool) throws -> ChildProcess {
      var environment = ProcessInfo.processInfo.environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": bus.address]) { $1 }
      if preload {
        environment.merge(testbed.environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": bus.address]) { $1 }) { $1 }
      } else {
        environment.removeValue(forKey: "LD_PRELOAD")
      }
      let process = try ChildProcess(path, arguments, environment: environment, output: .null, errors: .null)
      processes.append(process)
      return process
    }

    /// gdbus' exit status.
    @discardableResult
    func gdbus(_ arguments: [String]) throws -> Int32 {
      try ChildProcess.run(
        "/usr/bin/gdbus", ["call", "--address", bus.address] + arguments, errors: .null, seconds: 30
      ).status
    }

    /// Has the polkitd mock allow switching profiles, once it is on the bus (within 10 s).
    func authorizeSwitching() throws -> Bool {
      let deadline = Date().addingTimeInterval(10)
      let call = [
        "--dest", "org.freedesktop.PolicyKit1", "--object-path", "/org/freedesktop/PolicyKit1/Authority", "--method",
        "org.freedesktop.DBus.Mock.SetAllowed", "['net.hadess.PowerProfiles.switch-profile']",
      ]
      while try gdbus(call) != 0 {
        guard Date() < deadline else { return false }
        usleep(100_000)
      }
      return true
    }

    /// `get KEY` once it gives something other than `null`, within 10 s.
    func get(_ key: String) throws -> DevCapsResult {
      let deadline = Date().addingTimeInterval(10)
      while true {
        let result = try DevCapsProcess.run(["get", key], environment: environment)
        if result.stdout != "null\n" || Date() > deadline { return result }
        usleep(100_000)
      }
    }
  }

  @Test("the real daemon: balanced, then power-saver once switched; list shows it; gone when it dies")
  func realDaemon() throws {
    let bus = try Bus()
    #expect(try DevCapsProcess.run(["get", "power.powerProfile"], environment: bus.environment).stdout == "null\n")
    let polkit = try bus.start(
      "/usr/bin/python3", ["-m", "dbusmock", "--system", "--template", "polkitd"], preload: false)
    let daemon = try bus.start(Self.daemon, preload: true)
    let first = try bus.get("power.powerProfile")
    let profile = try #require(try first.json() as? [String: Any], "\(first)")
    #expect(profile["profile"] as? String == "balanced")
    #expect(profile["busName"] as? String == "net.hadess.PowerProfiles")
    #expect(profile["degradedReason"] is NSNull)

    #expect(try bus.authorizeSwitching())
    #expect(
      try bus.gdbus([
        "--dest", "net.hadess.PowerProfiles", "--object-path", "/net/hadess/PowerProfiles", "--method",
        "org.freedesktop.DBus.Properties.Set", "net.hadess.PowerProfiles", "ActiveProfile", "<'power-saver'>",
      ]) == 0)
    #expect(try bus.get("power.powerProfile.profile").stdout == "power-saver\n")
    let list = try DevCapsProcess.run(["list", "--only", "power"], environment: bus.environment)
    #expect(list.stdout.contains("Power profile   power-saver (net.hadess.PowerProfiles)"), "\(list.stdout)")

    daemon.signal(SIGKILL)
    daemon.waitOrKill(seconds: 10)
    let gone = try DevCapsProcess.run(["get", "power.powerProfile"], environment: bus.environment)
    #expect(gone.status == 0 && gone.stdout == "null\n", "\(gone)")
    withExtendedLifetime(polkit) {}
  }

  @Test("the newer bus name is asked first, and a degraded reason is given")
  func newerBusName() throws {
    let bus = try Bus()
    let name = "org.freedesktop.UPower.PowerProfiles"
    let path = "/org/freedesktop/UPower/PowerProfiles"
    _ = try bus.start("/usr/bin/python3", ["-m", "dbusmock", "--system", name, path, name], preload: false)
    let deadline = Date().addingTimeInterval(10)
    let properties = [
      "--dest", name, "--object-path", path, "--method", "org.freedesktop.DBus.Mock.AddProperties", name,
      "{'ActiveProfile': <'performance'>, 'PerformanceDegraded': <'lap-detected'>}",
    ]
    while try bus.gdbus(properties) != 0 && Date() < deadline { usleep(100_000) }
    let result = try bus.get("power.powerProfile")
    let profile = try #require(try result.json() as? [String: Any], "\(result)")
    #expect(profile["busName"] as? String == name)
    #expect(profile["profile"] as? String == "performance")
    #expect(profile["degradedReason"] as? String == "lap-detected")
  }

  @Test(
    "watch power-profile: the profile, the switch to power-saver (PropertiesChanged), source-lost when the daemon dies")
  func watch() throws {
    let bus = try Bus()
    let polkit = try bus.start(
      "/usr/bin/python3", ["-m", "dbusmock", "--system", "--template", "polkitd"], preload: false)
    let daemon = try bus.start(Self.daemon, preload: true)
    _ = try bus.get("power.powerProfile")
    let stream = try StreamProcess(["watch", "power-profile", "--json", "--count", "2"], environment: bus.environment)
    stream.waitForLines(1)
    #expect(try bus.authorizeSwitching())
    #expect(
      try bus.gdbus([
        "--dest", "net.hadess.PowerProfiles", "--object-path", "/net/hadess/PowerProfiles", "--method",
        "org.freedesktop.DBus.Properties.Set", "net.hadess.PowerProfiles", "ActiveProfile", "<'power-saver'>",
      ]) == 0)
    stream.waitForLines(2)
    daemon.signal(SIGKILL)
    daemon.waitOrKill(seconds: 10)
    #expect(stream.wait() == 0, "stderr: \(stream.stderr)")
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["event"] as? String } == ["power-profile", "power-profile", "source-lost"])
    #expect(events.map { $0["lowPowerMode"] as? Bool } == [false, true, nil])
    withExtendedLifetime(polkit) {}
  }

  @Test("watch power-profile without a daemon: unavailable (69), with the reason")
  func unavailable() throws {
    let bus = try Bus()
    let result = try DevCapsProcess.run(["watch", "power-profile", "--once"], environment: bus.environment)
    #expect(result.status == 69)
    #expect(result.stderr.contains("power-profiles-daemon is not on the system bus"), "\(result.stderr)")
  }
}
