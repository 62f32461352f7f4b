import Foundation
import TestProcesses
import Testing

/// devcaps' orientations against the real iio-sensor-proxy and monitor-sensor, on the same
/// umockdev testbed and the same raw values: an implementation no one here wrote. The
/// convertible has a base accelerometer enumerated first and a display one with a turned mount
/// matrix. Compared as docs/explanation/motion.md says: only upright-ish samples (|z| ≤ 0.5 |v|), faces left out.
@Suite("Cross-check with iio-sensor-proxy", .serialized)
struct IIOSensorProxyCrossCheckTests {
  final class Daemons {
    var processes: [ChildProcess] = []

    func start(_ path: String, _ arguments: [String], environment: [String: String], recorded: Bool = false) throws
      -> ChildProcess
    {
      let daemon = try ChildProcess(
        path, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
        output: recorded ? .pipe : .null, errors: .null)
      processes.append(daemon)
      return daemon
    }

    /// SIGKILL: these daemons are not under test, and a SIGTERM one of them ignores would hang.
    func stopAll() {
      for daemon in processes.reversed() {
        daemon.signal(SIGKILL)
        daemon.waitOrKill(seconds: 10)
      }
    }
  }

  @Test("the same orientations, turn after turn")
  func orientations() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let daemons = Daemons()
    defer { daemons.stopAll() }

    let privateBus = try PrivateBus()
    let bus = privateBus.address
    var environment = testbed.environment
    environment["DBUS_SYSTEM_BUS_ADDRESS"] = bus
    environment.removeValue(forKey: "DEVCAPS_ROOT")

    _ = try daemons.start("/usr/sbin/iio-sensor-proxy", [], environment: environment)
    usleep(700_000)
    let monitor = try daemons.start(
      "/usr/bin/stdbuf", ["-oL", "/usr/bin/monitor-sensor", "--accel"], environment: environment, recorded: true)
    let monitorOutput = OutputRecorder(monitor.output!)
    let devcaps = try StreamProcess(
      ["watch", "orientation", "--json", "--rate", "10"], environment: testbed.environment)
    usleep(1_500_000)

    // Upright, left edge up, upside down, right edge up, back, with tilts that change nothing.
    let steps: [(Double, Double, Double)] = [
      (1, 0, 0), (0.94, -0.34, 0.1), (0, 1, 0), (-0.34, 0.94, 0), (-1, 0, 0), (-0.94, 0.34, -0.2), (0, -1, 0),
      (0.34, -0.94, 0),
    ]
    for (gx, gy, gz) in steps {
      try MotionCommandTests.tilt(testbed, gx, gy, gz)
      usleep(1_600_000)
    }
    devcaps.signal(SIGINT)
    #expect(devcaps.wait() == 130)
    daemons.stopAll()

    monitorOutput.waitForEnd(seconds: 10)
    let proxyText = monitorOutput.text
    let proxy = proxyText.split(separator: "\n").compactMap { line -> String? in
      guard let range = line.range(of: "orientation changed: ") else { return nil }
      return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
    }.filter { $0 != "undefined" }
    let ours = try devcaps.received.map { try devcaps.json($0)["rotation"] as? String }.compactMap { $0 }
    #expect(!proxy.isEmpty, "monitor-sensor printed: \(proxyText)")
    #expect(ours == ["normal", "left-up", "bottom-up", "right-up", "normal"])
    #expect(proxy == ours, "iio-sensor-proxy: \(proxy), devcaps: \(ours)")
  }
}
