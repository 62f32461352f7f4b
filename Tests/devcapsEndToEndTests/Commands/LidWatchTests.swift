import Foundation
import TestProcesses
import Testing

/// `watch lid`. upowerd reads the lid switch through evdev ioctls, which a umockdev testbed
/// does not answer, so the real daemon cannot produce a lid here: this one case uses
/// python-dbusmock's upower template on a private bus, and flips LidIsClosed through its
/// Mock interface (a real PropertiesChanged signal, as upowerd sends).
@Suite("devcaps watch lid", .serialized)
struct LidWatchTests {
  @Test("the lid's state, then closed and opened")
  func lid() throws {
    let bus = try PrivateBus()
    let address = bus.address
    var environment = ProcessInfo.processInfo.environment
    environment["DBUS_SYSTEM_BUS_ADDRESS"] = address
    environment.removeValue(forKey: "LD_PRELOAD")

    let mock = try ChildProcess(
      "/usr/bin/python3", ["-m", "dbusmock", "--system", "--template", "upower"], environment: environment,
      output: .null,
      errors: .null)
    defer {
      mock.signal(SIGKILL)
      mock.waitOrKill(seconds: 10)
    }

    func setLid(closed: Bool) throws {
      _ = try ChildProcess.run(
        "/usr/bin/gdbus",
        [
          "call", "--address", address, "--dest", "org.freedesktop.UPower", "--object-path", "/org/freedesktop/UPower",
          "--method", "org.freedesktop.DBus.Mock.UpdateProperties", "org.freedesktop.UPower",
          "{'LidIsClosed': <\(closed)>}",
        ], seconds: 30)
    }

    let devcapsEnvironment = ["DBUS_SYSTEM_BUS_ADDRESS": address]
    let deadline = Date().addingTimeInterval(10)
    while try DevCapsProcess.run(["get", "power.source"], environment: devcapsEnvironment).stdout != "upower\n"
      && Date() < deadline
    {
      usleep(100_000)
    }
    let stream = try StreamProcess(["watch", "lid", "--json", "--count", "2"], environment: devcapsEnvironment)
    stream.waitForLines(1)
    try setLid(closed: true)
    stream.waitForLines(2)
    try setLid(closed: false)
    #expect(stream.wait() == 0, "\(stream.stderr)")
    let events = try stream.received.map { try stream.json($0) }
    #expect(events.map { $0["closed"] as? Bool } == [false, true, false])
    #expect(events.first?["initial"] as? Bool == true)
    #expect(try SchemaValidator.problems(in: stream.received, schema: "event.schema.json") == [])
  }
}
