import Foundation
import TestProcesses
import Testing

@testable import DevCapsKit

/// The inotify watch that tells a reader its attribute file was replaced, as umockdev's
/// set_attribute does (a new file renamed over the old): on a plain directory, without umockdev.
@Suite("Replaced attribute files", .serialized)
struct ReplacedAttributesTests {
  /// A directory with `in_accel_x_raw` in it; removed by the caller.
  func attributeDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "devcaps-replaced-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try "100\n".write(to: directory.appendingPathComponent("in_accel_x_raw"), atomically: false, encoding: .utf8)
    return directory
  }

  func raised(_ flag: ReplacedAttributes.Flag, within seconds: Double = 5) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if flag.isRaised { return true }
      usleep(1_000)
    }
    return false
  }

  @Test("events are read as the kernel lays them out; a record cut short ends the walk")
  func events() {
    func event(_ descriptor: Int32, _ mask: UInt32, _ name: String, padded: Int) -> [UInt8] {
      var bytes: [UInt8] = []
      for value in [UInt32(bitPattern: descriptor), mask, 0, UInt32(padded)] {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
      }
      return bytes + Array(name.utf8) + Array(repeating: 0, count: padded - name.utf8.count)
    }
    let buffer =
      event(1, 0x80, "in_accel_x_raw", padded: 16) + event(2, 0x8000, "", padded: 0)
      + event(3, 0x100, "in_accel_y_raw", padded: 16).dropLast(4)
    var seen: [String] = []
    buffer.withUnsafeBytes { raw in ReplacedAttributes.forEachEvent(in: raw) { seen.append("\($0) \($1) \($2)") } }
    #expect(seen == ["1 128 in_accel_x_raw", "2 32768 "])
  }

  @Test("a file renamed over the attribute raises its flag, and only its")
  func renamedOver() throws {
    let directory = try attributeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try "0\n".write(to: directory.appendingPathComponent("in_accel_y_raw"), atomically: false, encoding: .utf8)
    let x = try #require(ReplacedAttributes.shared.register(directory.appendingPathComponent("in_accel_x_raw").path))
    let y = try #require(ReplacedAttributes.shared.register(directory.appendingPathComponent("in_accel_y_raw").path))
    defer {
      ReplacedAttributes.shared.unregister(x)
      ReplacedAttributes.shared.unregister(y)
    }
    #expect(!x.isRaised)
    // What g_file_set_contents does: a temporary file, renamed over the attribute.
    let temporary = directory.appendingPathComponent("in_accel_x_raw.ABC123")
    try "200\n".write(to: temporary, atomically: false, encoding: .utf8)
    #expect(rename(temporary.path, directory.appendingPathComponent("in_accel_x_raw").path) == 0)
    #expect(raised(x))
    #expect(!y.isRaised)
  }

  @Test("removing the directory (a device unplugged) raises every flag in it")
  func directoryRemoved() throws {
    let directory = try attributeDirectory()
    let x = try #require(ReplacedAttributes.shared.register(directory.appendingPathComponent("in_accel_x_raw").path))
    defer { ReplacedAttributes.shared.unregister(x) }
    try FileManager.default.removeItem(at: directory)
    #expect(raised(x))
  }

  @Test("the thread and its descriptors go with the last reader")
  func stopsWhenUnused() async throws {
    await #expect(processExitsWith: .success) {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-replaced-exit-\(getpid())")
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(
        atPath: directory.appendingPathComponent("in_accel_x_raw").path, contents: Data("1\n".utf8))
      // Counted by what they are, not how many the process has: the runtime may start threads
      // and open descriptors of its own on a loaded machine.
      func counts() -> (threads: Int, inotify: Int, eventfd: Int) {
        let census = ProcessCensus()
        return (
          census.threads["devcaps-attrs", default: 0], census.descriptors["anon_inode:inotify", default: 0],
          census.descriptors["anon_inode:[eventfd]", default: 0]
        )
      }
      // Dispatch keeps an eventfd of its own.
      let before = counts()
      guard before.threads == 0, before.inotify == 0 else { exit(3) }
      guard let flag = ReplacedAttributes.shared.register(directory.appendingPathComponent("in_accel_x_raw").path)
      else { exit(2) }
      // The watcher's thread is named as it starts.
      var during = counts()
      for _ in 0..<100 where during.threads == 0 {
        usleep(10_000)
        during = counts()
      }
      guard during == (1, 1, before.eventfd + 1) else { exit(4) }
      ReplacedAttributes.shared.unregister(flag)
      var after = counts()
      for _ in 0..<100 where after.threads > 0 {
        usleep(10_000)
        after = counts()
      }
      try? FileManager.default.removeItem(at: directory)
      // One thread, an inotify and an eventfd descriptor while a reader is registered; none after.
      exit(after == before ? 0 : 1)
    }
  }
}
