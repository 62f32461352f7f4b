import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `devcaps motion --record FILE`: the live sensors' raw readings in the format `--replay` reads,
/// on a umockdev convertible with an IIO accelerometer, gyroscope and magnetometer.
@Suite("motion --record", .serialized)
struct MotionRecordTests {
  static func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-record-\(UUID().uuidString).csv")
  }

  @Test("record 6 samples of a tilted convertible, then --replay them: the same readings, roll 30° again")
  func roundTrip() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try DeviceMotionCommandTests.add(testbed, gyroscope: true, magnetometer: true)
    // The right edge down by 30°: gravity (sin 30°, 0, −cos 30°).
    try MotionCommandTests.tilt(testbed, 0.5, 0, -0.866)
    let file = Self.temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let recorded = try DevCapsProcess.run(
      ["motion", "--record", file.path, "--count", "5", "--rate", "50"], environment: testbed.environment)
    #expect(recorded.status == 0, "\(recorded.stderr)")
    #expect(recorded.stdout.isEmpty)
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(lines.count == 7, "a header and 6 samples: \(lines)")
    #expect(lines.first?.hasPrefix("timestamp,gyroscope_x,") == true)
    let columns = lines.dropFirst().map {
      $0.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0) }
    }
    for row in columns {
      #expect(row.count == 10, "\(row)")
      guard row.count == 10 else { continue }
      #expect(abs(row[4] - 0.5) < 0.01 && abs(row[5]) < 0.01 && abs(row[6] + 0.866) < 0.01, "accelerometer \(row)")
      #expect(row[1...3].allSatisfy { abs($0) < 1e-9 }, "gyroscope \(row)")
    }
    let timestamps = columns.compactMap(\.first)
    #expect(zip(timestamps, timestamps.dropFirst()).allSatisfy { $0 < $1 }, "\(timestamps)")

    let replayed = try DevCapsProcess.run(["motion", "--replay", file.path, "--json"])
    #expect(replayed.status == 0, "\(replayed.stderr)")
    let samples = try replayed.stdout.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(samples.count == 6)
    let attitude = try #require(samples.last?["attitude"] as? [String: Any])
    #expect(abs((attitude["rollDegrees"] as? Double ?? 0) - 30) < 1, "\(attitude)")
  }

  @Test("--record is refused without an end, with --replay (64), onto a device (73), without a gyroscope (69)")
  func refusals() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let file = Self.temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let endless = try DevCapsProcess.run(["motion", "--record", file.path], environment: testbed.environment)
    #expect(endless.status == 64 && endless.stderr.contains("--record needs --count, --timeout or --once"))
    let both = try DevCapsProcess.run(["motion", "--record", file.path, "--replay", file.path, "--once"])
    #expect(both.status == 64 && both.stderr.contains("--record and --replay cannot be combined"))
    let noGyroscope = try DevCapsProcess.run(
      ["motion", "--record", file.path, "--count", "1"], environment: testbed.environment)
    #expect(noGyroscope.status == 69, "\(noGyroscope.stderr)")
    #expect(noGyroscope.stderr.contains("--record needs an accelerometer and a gyroscope"), "\(noGyroscope.stderr)")
    #expect(!FileManager.default.fileExists(atPath: file.path), "nothing written")
    try DeviceMotionCommandTests.add(testbed, gyroscope: true)
    for device in ["/dev/null", "/dev/full"] {
      let refused = try DevCapsProcess.run(
        ["motion", "--record", device, "--count", "1"], environment: testbed.environment)
      #expect(refused.status == 73, "\(device): \(refused.stderr)")
      #expect(refused.stderr.contains("it is a character device, not a regular file"), "\(refused.stderr)")
    }
  }

  @Test(
    "--record refuses an unusable path before sampling: a missing directory, /dev/null, a FIFO, a directory, another user's link in a sticky directory; 73 at once, nothing left"
  )
  func unusablePathRefusedAtOnce() throws {
    try #require(getuid() == 0, "chown -h needs root")
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try DeviceMotionCommandTests.add(testbed, gyroscope: true)
    let directory = try FileSafetyTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let folder = directory.appendingPathComponent("folder").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let (shared, victim) = try ConfinementTests.sharedAndVictim(in: directory, victim: "victim")
    let link = shared + "/recording.csv"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
    #expect(lchown(link, 65534, 65534) == 0)
    let cases = [
      ("/nonexistent/x", "cannot write /nonexistent/x: No such file or directory"),
      ("/dev/null", "cannot write /dev/null: it is a character device, not a regular file"),
      (fifo, "cannot write \(fifo): it is a FIFO, not a regular file"),
      (folder, "cannot write \(folder): it is a directory, not a regular file"),
      (link, "cannot write \(link): it is a symbolic link of user 65534 in a shared sticky directory"),
    ]
    let before = try Set(FileManager.default.contentsOfDirectory(atPath: directory.path))
    for (path, message) in cases {
      let started = ContinuousClock.now
      let refused = try DevCapsProcess.run(
        ["motion", "--record", path, "--timeout", "5"], environment: testbed.environment)
      let elapsed = ContinuousClock.now - started
      #expect(refused.status == 73, "\(path): \(refused.stderr)")
      #expect(refused.stderr.hasPrefix("devcaps: \(message)"), "\(path): \(refused.stderr)")
      // Refused before sampling: not after the 5 s the recording would take.
      #expect(elapsed < .seconds(2), "\(path) took \(elapsed)")
    }
    #expect(try Set(FileManager.default.contentsOfDirectory(atPath: directory.path)) == before, "nothing left behind")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "no temporary file in the directory")
    #expect(try FileManager.default.contentsOfDirectory(atPath: shared) == ["recording.csv"], "only the link")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "victim\n")
  }

  @Test("--record into a directory it can write, when the sensors are missing: exit 69 and no temporary file left")
  func failureLeavesNoTemporary() throws {
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    let directory = try FileSafetyTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("rec.csv").path
    let result = try DevCapsProcess.run(["motion", "--record", file, "--count", "1"], environment: testbed.environment)
    #expect(result.status == 69, "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "no file, no temporary")
  }

  @Test("--record past the file-size limit exits 73 as its --help says, and leaves no file")
  func fileSizeLimit() throws {
    let help = try DevCapsProcess.run(["motion", "--help"])
    #expect(
      help.stdout.replacingOccurrences(of: "\n", with: " ").contains(
        "73 when the --record file is refused or cannot be created or written, 74 when standard output cannot be written"
      ),
      "\(help.stdout)")
    let testbed = try TestbedDriver(fixture: "yoga-convertible")
    try DeviceMotionCommandTests.add(testbed, gyroscope: true)
    let directory = try FileSafetyTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("rec2.csv").path
    // SIGXFSZ ignored, as a shell's `trap '' XFSZ` does, so the write fails with EFBIG instead.
    let limited = try ChildProcess.run(
      "/bin/sh",
      [
        "-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\"", DevCapsProcess.executable.path, "motion", "--record",
        file,
        "--count", "40", "--rate", "50",
      ],
      environment: testbed.environment
    ).result
    #expect(limited.status == 73, "\(limited.stderr)")
    #expect(limited.stderr.hasSuffix("devcaps: cannot write \(file): File too large\n"), "\(limited.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "no file, no temporary")
  }
}
