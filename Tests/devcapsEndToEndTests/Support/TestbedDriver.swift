import Foundation

/// A umockdev testbed owned by a helper process (testbed_driver.py) that runs with the preload
/// library, so that it can send uevents while devcaps streams. Used by the stream tests.
final class TestbedDriver {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var buffer = Data()
  private(set) var root: String = ""

  init(fixture: String? = nil) throws {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("testbed_driver.py")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script.path]
    var environment = ProcessInfo.processInfo.environment
    environment["LD_PRELOAD"] = "libumockdev-preload.so.0"
    environment.removeValue(forKey: "UMOCKDEV_DIR")
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    try process.run()

    let first = try readReply()
    guard let directory = first["root"] as? String else { throw TestbedError("testbed driver did not start: \(first)") }
    root = directory
    if let fixture { try send(["op": "load", "fixture": FixtureMachine(name: fixture).url.path]) }
  }

  deinit {
    _ = try? send(["op": "quit"])
    process.waitUntilExit()
  }

  var environment: [String: String] {
    ["LD_PRELOAD": "libumockdev-preload.so.0", "UMOCKDEV_DIR": root, "DEVCAPS_ROOT": root, "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/devcaps-test-bus"]
  }

  func add(_ devices: String) throws { try send(["op": "add", "devices": devices]) }

  func set(_ path: String, _ attribute: String, _ value: String) throws {
    try send(["op": "set", "path": path, "attribute": attribute, "value": value])
  }

  func uevent(_ path: String, _ action: String = "change") throws { try send(["op": "uevent", "path": path, "action": action]) }

  func remove(_ path: String) throws { try send(["op": "remove", "path": path]) }

  /// Makes a device node answer ioctls from a record in `umockdev-record --ioctl` format.
  func loadIoctl(_ device: String, _ record: String) throws { try send(["op": "ioctl", "device": device, "record": record]) }

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
    let line = try JSONSerialization.data(withJSONObject: command) + Data("\n".utf8)
    input.fileHandleForWriting.write(line)
    let answer = try readReply()
    if let error = answer["error"] { throw TestbedError("testbed driver: \(error)") }
    return answer
  }

  private func readReply() throws -> [String: Any] {
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = buffer[buffer.startIndex..<newline]
        buffer = Data(buffer[(newline + 1)...])
        return try JSONSerialization.jsonObject(with: line) as? [String: Any] ?? [:]
      }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { throw TestbedError("testbed driver exited") }
      buffer.append(chunk)
    }
  }
}

/// A running `devcaps` stream (or another program: an example) whose lines arrive on a
/// background thread.
final class StreamProcess: @unchecked Sendable {
  let process = Process()
  private let output = Pipe()
  private let errors = Pipe()
  private let lock = NSLock()
  private var lines: [String] = []
  private var errorText = ""
  private var partial = ""

  init(_ arguments: [String], environment extra: [String: String], executable: URL = DevCapsProcess.executable) throws {
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "LD_PRELOAD")
    environment["NO_COLOR"] = "1"
    for (key, value) in extra { environment[key] = value }
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = Pipe()
    output.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self, !data.isEmpty else { return }
      self.lock.lock()
      self.partial += String(decoding: data, as: UTF8.self)
      while let newline = self.partial.firstIndex(of: "\n") {
        self.lines.append(String(self.partial[..<newline]))
        self.partial = String(self.partial[self.partial.index(after: newline)...])
      }
      self.lock.unlock()
    }
    errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self, !data.isEmpty else { return }
      self.lock.lock()
      self.errorText += String(decoding: data, as: UTF8.self)
      self.lock.unlock()
    }
    try process.run()
  }

  var received: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }

  var stderr: String {
    lock.lock()
    defer { lock.unlock() }
    return errorText
  }

  /// Waits until at least `count` lines arrived (or the time is up) and returns them all.
  @discardableResult
  func waitForLines(_ count: Int, seconds: Double = 10) -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    while received.count < count && Date() < deadline && process.isRunning { usleep(10_000) }
    usleep(20_000)
    return received
  }

  func signal(_ number: Int32) { kill(process.processIdentifier, number) }

  /// Waits for the exit (killing the process after `seconds`) and returns its status.
  func wait(seconds: Double = 10) -> Int32 {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      return -1
    }
    usleep(50_000)
    output.fileHandleForReading.readabilityHandler = nil
    errors.fileHandleForReading.readabilityHandler = nil
    return process.terminationStatus
  }

  func json(_ line: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
  }
}
