import Foundation

/// A dbus-daemon of the tests' own (session configuration, so any name may be owned), to stand
/// in for the system bus: daemons and devcaps get its address as DBUS_SYSTEM_BUS_ADDRESS.
final class PrivateBus {
  private let process = Process()
  let address: String

  init() throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    process.arguments = ["--session", "--print-address=1", "--nofork"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var data = Data()
    while !data.contains(0x0A) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      data.append(chunk)
    }
    address = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !address.isEmpty else { throw TestbedError("dbus-daemon printed no address") }
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }
}
