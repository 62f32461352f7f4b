import Foundation
import TestProcesses

/// A umockdev testbed owned by a helper process (testbed_driver.py) that runs with the preload
/// library, so that it can send uevents while devcaps streams. Used by the stream tests.
final class TestbedDriver {
  private let driver: ChildProcess
  private var buffer = Data()
  private(set) var root: String = ""

  init(fixture: String? = nil) throws {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("testbed_driver.py")
    var environment = ProcessInfo.processInfo.environment
    environment["LD_PRELOAD"] = "libumockdev-preload.so.0"
    environment.removeValue(forKey: "UMOCKDEV_DIR")
    driver = try ChildProcess("/usr/bin/python3", [script.path], environment: environment, input: .pipe, errors: .null)
    let first = try readReply()
    guard let directory = first["root"] as? String else { throw TestbedError("testbed driver did not start: \(first)") }
    root = directory
    if let fixture { try send(["op": "load", "fixture": FixtureMachine(name: fixture).url.path]) }
  }

  deinit {
    _ = try? send(["op": "quit"])
    driver.waitOrKill(seconds: 10)
  }

  var environment: [String: String] {
    [
      "LD_PRELOAD": "libumockdev-preload.so.0", "UMOCKDEV_DIR": root, "DEVCAPS_ROOT": root,
      "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/devcaps-test-bus",
    ]
  }

  func add(_ devices: String) throws { try send(["op": "add", "devices": devices]) }

  func set(_ path: String, _ attribute: String, _ value: String) throws {
    try send(["op": "set", "path": path, "attribute": attribute, "value": value])
  }

  func uevent(_ path: String, _ action: String = "change") throws {
    try send(["op": "uevent", "path": path, "action": action])
  }

  func remove(_ path: String) throws { try send(["op": "remove", "path": path]) }

  /// Makes a device node answer ioctls from a record in `umockdev-record --ioctl` format.
  func loadIoctl(_ device: String, _ record: String) throws {
    try send(["op": "ioctl", "device": device, "record": record])
  }

  /// Writes `struct input_event` records (type, code, value; stamped now) into a device node
  /// that has no contents of its own (umockdev backs it with a PTY).
  func sendEvents(_ device: String, _ events: [(type: UInt16, code: UInt16, value: Int32)]) throws {
    try send(["op": "events", "device": device, "events": events.map { [Int($0.type), Int($0.code), Int($0.value)] }])
  }

  /// Makes a device node answer the force-feedback ioctls (EVIOCSFF, EVIOCRMFF) and EV_FF
  /// writes as a rumble motor's evdev node does, recording each call; uploads get `effectID`, or
  /// fail with the errno named by `failing` ("EACCES").
  func attachForceFeedback(_ device: String, effectID: Int, failing: String? = nil) throws {
    try send(["op": "force-feedback", "device": device, "id": effectID, "fail": failing ?? NSNull()])
  }

  /// The calls the node received so far: ["call": "EVIOCSFF" | "write" | "EVIOCRMFF", …].
  func forceFeedbackLog(_ device: String) throws -> [[String: Any]] {
    try send(["op": "force-feedback-log", "device": device])["log"] as? [[String: Any]] ?? []
  }

  @discardableResult
  private func send(_ command: [String: Any]) throws -> [String: Any] {
    driver.write(try JSONSerialization.data(withJSONObject: command) + Data("\n".utf8))
    let answer = try readReply()
    if let error = answer["error"] { throw TestbedError("testbed driver: \(error)") }
    return answer
  }

  /// The driver's next line; it answers each command at once, so 30 s means it is stuck.
  private func readReply(seconds: Double = 30) throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(seconds)
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = buffer[buffer.startIndex..<newline]
        buffer = Data(buffer[(newline + 1)...])
        return try JSONSerialization.jsonObject(with: line) as? [String: Any] ?? [:]
      }
      var ready = pollfd(fd: driver.output!, events: Int16(POLLIN), revents: 0)
      let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
      guard remaining > 0, poll(&ready, 1, remaining) >= 0 || errno == EINTR else {
        throw TestbedError("testbed driver did not answer within \(seconds) s")
      }
      guard ready.revents != 0 else { continue }
      let count = read(driver.output!, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw TestbedError("testbed driver exited") }
      buffer.append(contentsOf: chunk[0..<count])
    }
  }
}

/// A running `devcaps` stream (or another program: an example) whose lines arrive on a
/// background thread.
final class StreamProcess: @unchecked Sendable {
  let child: ChildProcess
  private let output: OutputRecorder
  private let errors: OutputRecorder

  init(_ arguments: [String], environment extra: [String: String], executable: URL = DevCapsProcess.executable) throws {
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "LD_PRELOAD")
    environment["NO_COLOR"] = "1"
    for (key, value) in extra { environment[key] = value }
    child = try ChildProcess(executable.path, arguments, environment: environment, input: .pipe)
    output = OutputRecorder(child.output!)
    errors = OutputRecorder(child.errors!)
  }

  var received: [String] { output.lines }

  var stderr: String { errors.text }

  /// Waits until at least `count` lines arrived (or the time is up) and returns them all.
  @discardableResult
  func waitForLines(_ count: Int, seconds: Double = 10) -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    while received.count < count && Date() < deadline && child.isRunning { usleep(10_000) }
    usleep(20_000)
    return received
  }

  func signal(_ number: Int32) { child.signal(number) }

  /// Waits for the exit and the end of its output (killing it after `seconds`: -1) and returns
  /// its status.
  func wait(seconds: Double = 10) -> Int32 {
    guard let termination = child.wait(seconds: seconds) else {
      child.waitOrKill(seconds: 0)
      return -1
    }
    output.waitForEnd(seconds: 5)
    errors.waitForEnd(seconds: 5)
    return termination.status
  }

  func json(_ line: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
  }
}
