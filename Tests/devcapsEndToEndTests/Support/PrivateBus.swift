import Foundation
import TestProcesses

/// A dbus-daemon of the tests' own (session configuration, so any name may be owned), to stand
/// in for the system bus: daemons and devcaps get its address as DBUS_SYSTEM_BUS_ADDRESS.
final class PrivateBus {
  private let daemon: ChildProcess
  let address: String

  init() throws {
    daemon = try ChildProcess("/usr/bin/dbus-daemon", ["--session", "--print-address=1", "--nofork"], errors: .null)
    address = daemon.firstLine(seconds: 10)
    guard !address.isEmpty else { throw TestbedError("dbus-daemon printed no address") }
  }

  deinit {
    daemon.signal(SIGKILL)
    daemon.waitOrKill(seconds: 10)
  }
}
