import Foundation
import TestProcesses

/// A private bus and the real upowerd on it, over a testbed's power supplies (CONTRIBUTING's
/// recipe). upowerd can be stopped and started again to make the source go and come back.
final class PrivateUPower {
  private let bus: PrivateBus
  private var daemon: ChildProcess? = nil
  let address: String
  private let testbed: TestbedDriver
  private let scratch: URL

  init(testbed: TestbedDriver) throws {
    self.testbed = testbed
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent("upower-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    try "[UPower]\n".write(to: scratch.appendingPathComponent("UPower.conf"), atomically: true, encoding: .utf8)
    bus = try PrivateBus()
    address = bus.address
    try start()
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: scratch)
  }

  /// devcaps' environment: the testbed and this bus.
  var environment: [String: String] {
    testbed.environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": address]) { $1 }
  }

  func start() throws {
    let daemonEnvironment = ProcessInfo.processInfo.environment.merging(
      testbed.environment.merging([
        "DBUS_SYSTEM_BUS_ADDRESS": address, "UPOWER_HISTORY_DIR": scratch.path,
        "UPOWER_CONF_FILE_NAME": scratch.appendingPathComponent("UPower.conf").path,
      ]) { $1 }
    ) { $1 }
    daemon = try ChildProcess("/usr/libexec/upowerd", environment: daemonEnvironment, output: .null, errors: .null)
    // Ready when it answers on the bus.
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      let probe = try DevCapsProcess.run(["get", "power.source"], environment: environment)
      if probe.stdout == "upower\n" { return }
      usleep(100_000)
    }
    throw TestbedError("upowerd did not appear on the private bus")
  }

  /// SIGKILL: the name leaves the bus at once, as when upowerd crashes; under the umockdev
  /// preload upowerd does not always act on SIGTERM.
  func stop() {
    guard let daemon else { return }
    daemon.signal(SIGKILL)
    daemon.waitOrKill(seconds: 10)
    self.daemon = nil
  }
}
