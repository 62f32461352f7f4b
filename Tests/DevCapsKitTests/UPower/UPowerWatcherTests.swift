import Foundation
import Synchronization
import TestProcesses
import Testing

@testable import DevCapsKit

/// The watcher's GLib thread against the real upowerd on a private bus (CONTRIBUTING's recipe,
/// with umockdev-run for the power supplies). Each test runs in a process of its own (an exit
/// test): GLib reads DBUS_SYSTEM_BUS_ADDRESS once per process and keeps its D-Bus worker thread
/// for good, and a private bus must not leak into the other tests.
@Suite("The UPower watcher's thread", .serialized)
struct UPowerWatcherTests {
  @Test("started and stopped again and again, or dropped while running, it leaves no thread and no descriptor behind")
  func startStopLeavesNothing() async throws {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      do {
        try WatcherLifecycle.run()
      } catch {
        // Recorded here, in the child: the parent gets no output from an exit test that failed.
        Issue.record(Comment(rawValue: "\(error)"))
        exit(1)
      }
    }
    guard let result else { return }
    let report = String(decoding: result.standardErrorContent, as: UTF8.self)
    let census = Dictionary(
      uniqueKeysWithValues: report.split(separator: "\n").compactMap { line -> (String, [Int])? in
        let words = line.split(separator: " ")
        guard words.count == 3, let before = Int(words[1]), let after = Int(words[2]) else { return nil }
        return (String(words[0]), [before, after])
      })
    let descriptors = try #require(census["descriptors"], "\(report)")
    let threads = try #require(census["threads"], "\(report)")
    let watcherThreads = try #require(census["watcher-threads"], "\(report)")
    let closures = try #require(census["glib-closures"], "\(report)")
    #expect(descriptors[0] == descriptors[1], "open descriptors before and after the cycles\n\(report)")
    #expect(threads[0] == threads[1], "named threads (devcaps', GLib's) before and after the cycles\n\(report)")
    #expect(watcherThreads == [0, 0], "devcaps-upower threads left\n\(report)")
    #expect(closures == [0, 0], "closures GLib did not release\n\(report)")
  }
}

/// The exit test's body. Writes `descriptors B A`, `threads B A`, `watcher-threads B A` and
/// `glib-closures B A` (before and after the cycles) to stderr, and what differs.
enum WatcherLifecycle {
  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  static let devices = """
    P: /devices/LNXSYSTM:00/LNXSYBUS:00/PNP0C0A:00/power_supply/BAT0
    E: SUBSYSTEM=power_supply
    E: POWER_SUPPLY_NAME=BAT0
    A: type=Battery
    A: scope=System
    A: present=1
    A: status=Discharging
    A: energy_full=57000000
    A: energy_full_design=57000000
    A: energy_now=45600000
    A: power_now=9500000
    A: voltage_now=12000000

    P: /devices/LNXSYSTM:00/LNXSYBUS:00/ACPI0003:00/power_supply/AC
    E: SUBSYSTEM=power_supply
    A: type=Mains
    A: online=0

    """

  static func run() throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-watcher-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    try "[UPower]\n".write(to: scratch.appendingPathComponent("UPower.conf"), atomically: true, encoding: .utf8)
    try devices.write(to: scratch.appendingPathComponent("devices.umockdev"), atomically: true, encoding: .utf8)

    let bus = try ChildProcess("/usr/bin/dbus-daemon", ["--session", "--print-address=1", "--nofork"], errors: .null)
    defer {
      bus.signal(SIGKILL)
      bus.waitOrKill(seconds: 10)
    }
    let address = bus.firstLine(seconds: 10)
    guard !address.isEmpty else { throw Failure("dbus-daemon printed no address") }
    // This process is the watcher's: its system bus is the private one.
    setenv("DBUS_SYSTEM_BUS_ADDRESS", address, 1)

    let daemon = try ChildProcess(
      "/usr/bin/umockdev-run",
      ["--device", scratch.appendingPathComponent("devices.umockdev").path, "--", "/usr/libexec/upowerd"],
      environment: ProcessInfo.processInfo.environment.merging([
        "UPOWER_HISTORY_DIR": scratch.path, "UPOWER_CONF_FILE_NAME": scratch.appendingPathComponent("UPower.conf").path,
      ]) { $1 }, output: .null, errors: .null)
    // upowerd gets SIGKILL (it need not act on SIGTERM under the preload), then umockdev-run,
    // which waited for it, ends.
    defer {
      for child in children(of: daemon.pid) { kill(child, SIGKILL) }
      daemon.waitOrKill(seconds: 10)
    }
    // A client of this thread's own, kept to the end, holds GLib's shared system bus connection
    // open: otherwise its socket closes a moment after the last user lets go, census or not.
    let deadline = Date().addingTimeInterval(10)
    var client: UPowerClient? = nil
    while client == nil {
      guard Date() < deadline else { throw Failure("upowerd did not appear on the private bus") }
      client = try? UPowerClient()
      if client == nil { usleep(100_000) }
    }
    defer { withExtendedLifetime(client) {} }

    // The first cycle starts what GLib keeps for the process (the GDBus worker thread); the
    // census is taken after it.
    try cycle(stop: true)
    let before = Census()
    for round in 0..<6 {
      try cycle(stop: round.isMultiple(of: 2))
    }
    // One watcher, started again after each stop.
    try {
      let watcher = try UPowerWatcher()
      for _ in 0..<3 {
        try watcher.start()
        try expectAppeared(watcher)
        watcher.stop()
      }
    }()
    // GDBus's worker thread lets go of a stopped watcher's main context (its eventfd) a moment
    // after the stop, when it has handled what was in flight (a fresh-clone run of the whole
    // suite once took the census a moment too soon: eventfd 4 → 5); a leak stays, so the census
    // waits at most 2 s for the counts to come back.
    var after = Census()
    let settleBy = Date().addingTimeInterval(2)
    while after.differs(from: before), Date() < settleBy {
      usleep(50_000)
      after = Census()
    }
    FileHandle.standardError.write(Data(Census.report(before, after).utf8))
  }

  /// A watcher that sees upowerd with its battery, then is stopped or just dropped: either way
  /// it must be released (its deinit stops and joins the thread).
  static func cycle(stop: Bool) throws {
    weak var released: UPowerWatcher?
    try {
      let watcher = try UPowerWatcher()
      released = watcher
      try watcher.start()
      try expectAppeared(watcher)
      if stop { watcher.stop() }
    }()
    guard released == nil else { throw Failure("a watcher was not released (a reference cycle with its thread?)") }
  }

  /// The processes whose parent is `parent` (field 4 of /proc/PID/stat, after the name).
  static func children(of parent: Int32) -> [Int32] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name -> Int32? in
      guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return nil }
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == parent ? pid : nil
    }
  }

  static func expectAppeared(_ watcher: UPowerWatcher) throws {
    let deadline = Date().addingTimeInterval(10)
    var messages: [UPowerWatcher.Message] = []
    while messages.isEmpty && Date() < deadline {
      var ready = pollfd(fd: watcher.fd.rawValue, events: Int16(POLLIN), revents: 0)
      _ = poll(&ready, 1, 1000)
      messages += watcher.receive()
    }
    guard case .appeared(let power) = messages.first else {
      throw Failure("the first message was \(messages), not .appeared")
    }
    guard power.batteries.map(\.id) == ["BAT0"] else { throw Failure("upowerd reported \(power.batteries)") }
  }
}

/// The process's open descriptors and named threads (``ProcessCensus``), and the watcher's
/// closures that GLib holds.
struct Census {
  var process = ProcessCensus()
  var closures = liveGLibClosures.load(ordering: .relaxed)

  var watcherThreads: Int { process.threads["devcaps-upower", default: 0] }

  /// Whether any count the test compares differs.
  func differs(from other: Census) -> Bool {
    process.descriptorCount != other.process.descriptorCount || process.threads != other.process.threads
      || closures != other.closures
  }

  static func report(_ before: Census, _ after: Census) -> String {
    var text = """
      descriptors \(before.process.descriptorCount) \(after.process.descriptorCount)
      threads \(before.process.threads.values.reduce(0, +)) \(after.process.threads.values.reduce(0, +))
      watcher-threads \(before.watcherThreads) \(after.watcherThreads)
      glib-closures \(before.closures) \(after.closures)

      """
    for change in after.process.changes(since: before.process) { text += change + "\n" }
    return text
  }
}

@Suite("The UPower watcher without a system bus")
struct UPowerWatcherWithoutBusTests {
  @Test("no bus socket: .absent at once, no thread, and GLib and libupower-glib are not loaded")
  func noBus() async {
    await #expect(processExitsWith: .success) {
      setenv("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/devcaps-test-bus", 1)
      let watcher = try UPowerWatcher()
      try watcher.start()
      let messages = watcher.receive()
      let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
      let threads = Census().watcherThreads
      watcher.stop()
      guard messages.count == 1, case .absent = messages[0] else { exit(2) }
      guard !maps.contains("libglib-2.0"), !maps.contains("libupower-glib") else { exit(3) }
      guard threads == 0 else { exit(4) }
    }
  }
}
