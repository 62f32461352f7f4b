import Foundation
import TestProcesses
import Testing

/// `devcaps motion --replay FILE`: a recording through the fusion filter, printed as the live
/// stream prints it.
@Suite("motion --replay")
struct MotionReplayTests {
  /// Flat, face up, turning at 10°/s about the vertical, x towards north at the start, 100 Hz,
  /// with a 2 s gap (a suspend) at 5 s: 1000 samples.
  static func turningRecording() -> String {
    var lines = ["timestamp,gyro_x,gyro_y,gyro_z,accel_x,accel_y,accel_z,mag_x,mag_y,mag_z"]
    let rate = 10 * Double.pi / 180
    for index in 0..<1000 {
      let t = Double(index) / 100 + (index >= 500 ? 2 : 0)
      let yaw = rate * t
      // The earth's field (24 µT north, 41.6 µT down) seen by a device turned by yaw.
      let field = (24 * cos(yaw), -24 * sin(yaw), -41.6)
      lines.append("\(t),0,0,\(rate),0,0,-1,\(field.0),\(field.1),\(field.2)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func replay(_ text: String, _ arguments: [String]) throws -> DevCapsResult {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-replay-\(UUID().uuidString).csv")
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    return try DevCapsProcess.run(["motion", "--replay", file.path] + arguments)
  }

  @Test("every sample becomes a motion line of the event schema; the yaw follows the gyroscope; the gap restarts")
  func replaysRecording() throws {
    let result = try replay(Self.turningRecording(), ["--json", "--reference-frame", "x-magnetic-north-z-vertical"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 1000)
    #expect(try SchemaValidator.problems(in: Array(lines.prefix(3)) + [lines[500]], schema: "event.schema.json") == [])
    let samples = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    let restarted = samples.indices.filter { samples[$0]["restarted"] as? Bool == true }
    #expect(restarted == [500], "the 2 s gap restarts the estimate once, at its first sample")
    // At 4.99 s the device has turned 49.9° clockwise seen from above: yaw −49.9° from north.
    let attitude = try #require(samples[499]["attitude"] as? [String: Any])
    let yaw = try #require(attitude["yawDegrees"] as? Double)
    #expect(abs(yaw - 49.9) < 0.5 || abs(yaw + 49.9) < 0.5, "yaw \(yaw)")
    #expect(samples[999]["rateHz"] as? Double != nil && samples[0]["event"] as? String == "motion")
  }

  @Test(
    "a line that is not a sample is exit 65, naming the line and the column",
    arguments: [
      ("0,0,0,0,0,0,-1\n0.01,0,zero,0,0,0,-1\n", "line 2: column 3 (gyroscope y): \"zero\" is not a finite number"),
      ("# recorded on a bench\n0,0,0,0,0,0\n", "line 2: 6 columns; a sample has 7"),
      ("timestamp,gx,gy,gz,ax,ay,az\n# nothing recorded\n", "line 2: no samples in the recording"),
      ("t,gx\n", "line 1: 2 columns; a sample has 7"),
      ("0,0,0,0,0,0,-1,1,,3\n", "line 1: column 9 (magnetometer y): empty"),
    ])
  func badRecording(text: String, message: String) throws {
    let result = try replay(text, ["--json"])
    #expect(result.status == 65)
    #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
  }

  @Test("the magnetic-north frame without magnetometer columns is exit 65")
  func frameWithoutMagnetometer() throws {
    let result = try replay(
      "0,0,0,0,0,0,-1\n0.01,0,0,0,0,0,-1\n", ["--reference-frame", "x-magnetic-north-z-vertical"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("needs the magnetometer columns"), "stderr: \(result.stderr)")
  }

  @Test("a recording that cannot be read is exit 66")
  func unreadable() throws {
    let missing = try DevCapsProcess.run(["motion", "--replay", "/nonexistent/walk.csv"])
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("cannot read /nonexistent/walk.csv: does not exist"))
    let directory = try DevCapsProcess.run(["motion", "--replay", FileManager.default.temporaryDirectory.path])
    #expect(directory.status == 66)
  }

  @Test("--count limits the samples printed, up to the largest count; not with --once; the help documents the columns")
  func countAndHelp() throws {
    let counted = try replay(Self.turningRecording(), ["--json", "--count", "4"])
    #expect(counted.status == 0 && counted.stdout.split(separator: "\n").count == 5)
    let largest = try replay(Self.turningRecording(), ["--json", "--count", String(Int.max)])
    #expect(largest.status == 0 && largest.stdout.split(separator: "\n").count == 1000, "\(largest.stderr)")
    let both = try replay(Self.turningRecording(), ["--json", "--once", "--count", "3"])
    #expect(both.status == 64 && both.stderr.contains("--once and --count cannot be used together"))
    let unnamed = try DevCapsProcess.run(["motion", "--replay", ""])
    #expect(unnamed.status == 64 && unnamed.stderr.contains("take a file name, not an empty one"), "\(unnamed.stderr)")
    let help = try DevCapsProcess.run(["motion", "--help"]).stdout
    #expect(help.contains("--replay") && help.contains("gyroscope x y z (rad/s"))
  }

  func replay(bytes: [UInt8], _ arguments: [String]) throws -> DevCapsResult {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-replay-\(UUID().uuidString).csv")
    try Data(bytes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try DevCapsProcess.run(["motion", "--replay", file.path] + arguments)
  }

  static let row = Array("0,0,0,0,0,0,-1\n".utf8)

  @Test("a NUL ends no number: 0.5\\0garbage is exit 65 naming line 2, column 1, not 0.5")
  func nulInNumber() throws {
    let result = try replay(bytes: Self.row + Array("0.5\0garbage,0,0,0,0,0,-1\n".utf8), ["--json"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("line 2: column 1 (timestamp): \"0.5"), "stderr: \(result.stderr)")
    #expect(result.stderr.contains("is not a finite number"), "stderr: \(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 1, "the sample before the bad line is printed, as read")
  }

  @Test("a UTF-8 byte order mark is skipped: the first sample is kept, not taken for a header")
  func byteOrderMark() throws {
    let result = try replay(bytes: [0xEF, 0xBB, 0xBF] + Self.row + Array("0.01,0,0,0,0,0,-1\n".utf8), ["--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 2)
  }

  @Test(
    "a first row is a header only when it is one: a bad first row is exit 65, never dropped",
    arguments: [
      ("x,0,0,0,0,0,-1\n", "line 1: column 2: \"0\" is not a column name"),
      ("0,0,0,0,0,0,minus one\n", "line 1: column 7 (accelerometer z): \"minus one\" is not a finite number"),
      ("nan,0,0,0,0,0,-1\n", "line 1: column 1 (timestamp): \"nan\" is not a finite number"),
      ("0x1p3,0,0,0,0,0,-1\n", "line 1: column 1 (timestamp): \"0x1p3\" is not a finite number"),
    ])
  func badFirstRow(text: String, message: String) throws {
    let result = try replay(text + "0.01,0,0,0,0,0,-1\n", ["--json"])
    #expect(result.status == 65)
    #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("a header of names, after comments and blank lines, is skipped; CRLF lines read")
  func headerOfNames() throws {
    let text =
      "# bench\r\n\r\n  timestamp , gyro_x,gyro_y,gyro_z,accel_x,accel_y,accel_z\r\n0,0,0,0,0,0,-1\r\n0.01,0,0,0,0,0,-1"
    let result = try replay(text, ["--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 2)
  }

  @Test("a field longer than 4 KiB is exit 65 naming its line and column, and the error quotes none of it")
  func fieldLongerThan4KiB() throws {
    let field = [UInt8](repeating: UInt8(ascii: "1"), count: 4097)
    let result = try replay(bytes: Self.row + Array("0.01,0,".utf8) + field + Array(",0,0,0,-1\n".utf8), [])
    #expect(result.status == 65)
    #expect(
      result.stderr.hasSuffix("line 2: column 3 (gyroscope y): longer than 4096 bytes\n"), "stderr: \(result.stderr)")
    #expect(result.stderr.utf8.count < 200)
  }

  @Test("an error quotes at most 64 bytes of the input; a line of 250,000 columns is an error at the eleventh")
  func boundedErrors() throws {
    let long = try replay("0,0," + String(repeating: "z", count: 3000) + ",0,0,0,-1\n", [])
    #expect(long.status == 65)
    #expect(long.stderr.contains("\"" + String(repeating: "z", count: 64) + "…\" is not a finite number"))
    #expect(long.stderr.utf8.count < 250, "stderr: \(long.stderr)")
    let commas = try replay(String(repeating: "1,", count: 250_000), [])
    #expect(commas.status == 65)
    #expect(commas.stderr.contains("line 1: more than 10 columns"), "stderr: \(commas.stderr)")
  }

  /// A recording of `size` bytes whose first line is a sample and whose rest is zeros (a sparse
  /// file: no disk used), replayed under Python, which reports the child's peak RSS.
  func sparseReplay(size: Int, _ arguments: [String]) throws -> (result: DevCapsResult, peakKiB: Int) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-sparse-\(UUID().uuidString).csv")
    try Data(Self.row).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(truncate(file.path, off_t(size)) == 0)
    let script = """
      import resource, subprocess, sys
      done = subprocess.run(sys.argv[1:], capture_output=True)
      sys.stdout.buffer.write(done.stdout)
      sys.stderr.buffer.write(done.stderr)
      sys.stderr.write("peak %d\\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      sys.exit(done.returncode)
      """
    let result = try ChildProcess.run(
      "/usr/bin/python3",
      ["-c", script, DevCapsProcess.executable.path, "motion", "--replay", file.path] + arguments
    ).result
    let peak = result.stderr.split(separator: "\n").last.flatMap { Int($0.dropFirst("peak ".count)) } ?? .max
    return (result, peak)
  }

  @Test("a 200 MB recording is read as it goes: its first sample printed, its bad second line exit 65, under 32 MB")
  func boundedMemory() throws {
    let (result, peakKiB) = try sparseReplay(size: 200 << 20, ["--json"])
    #expect(result.status == 65)
    #expect(result.stdout.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("line 2: column 1 (timestamp): longer than 4096 bytes"), "\(result.stderr)")
    #expect(peakKiB < 32 << 10, "peak RSS \(peakKiB) KiB")
  }

  @Test("the first sample of a 1 GiB recording, with --count 0: no size limit, nothing read past it")
  func firstSampleOfHugeFile() throws {
    let (result, _) = try sparseReplay(size: 1 << 30, ["--json", "--count", "0"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 1)
  }

  @Test("stdout on a full disk or closed: exit 74 with one line, as the live streams")
  func writeFailures() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-replay-\(UUID().uuidString).csv")
    try Self.turningRecording().write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    for (redirect, reason) in [(">/dev/full", "No space left on device"), (">&-", "Bad file descriptor")] {
      for json in [[], ["--json"], ["--once", "--json"]] {
        let result = try ChildProcess.run(
          "/bin/bash",
          ["-c", #"exec "$0" "$@" "# + redirect, DevCapsProcess.executable.path, "motion", "--replay", file.path] + json
        ).result
        #expect(result.status == 74, "\(redirect) \(json): \(result.status) \(result.stderr)")
        #expect(result.stderr == "devcaps: cannot write to standard output: \(reason)\n", "\(result.stderr)")
      }
    }
  }

  @Test("a bad line after output that failed: the problem, then the write failure, exit 74 (the output is lost)")
  func writeFailureThenBadLine() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-replay-\(UUID().uuidString).csv")
    try "0,0,0,0,0,0,-1\n0.01,0,0,0,0,0,-1\nbad\n".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try ChildProcess.run(
      "/bin/bash",
      ["-c", #"exec "$0" "$@" >/dev/full"#, DevCapsProcess.executable.path, "motion", "--replay", file.path]
    ).result
    #expect(result.status == 74, "\(result.stderr)")
    #expect(result.stderr.contains("line 3: column 1 (timestamp): \"bad\" is not a finite number"))
    #expect(result.stderr.hasSuffix("devcaps: cannot write to standard output: No space left on device\n"))
  }

  @Test("samples stamped before the one before them are skipped, and a warning says how many and where")
  func timestampsBackwards() throws {
    let text = "0,0,0,0,0,0,-1\n0.01,0,0,0,0,0,-1\n0.005,0,0,0,0,0,-1\n0.02,0,0,0,0,0,-1\n0.015,0,0,0,0,0,-1\n"
    let result = try replay(text, ["--json"])
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 3)
    #expect(result.stderr.hasPrefix("devcaps: warning: "))
    #expect(
      result.stderr.hasSuffix(".csv: 2 samples skipped, stamped before the sample before them (the first at line 3)\n"),
      "\(result.stderr)")
    #expect(try replay("0,0,0,0,0,0,-1\n0.01,0,0,0,0,0,-1\n", ["--json"]).stderr == "")
  }

  @Test("two recordings joined: the rate counts from the restart, not from the first file's start")
  func rateAfterRestart() throws {
    let lines = (0..<2).flatMap { _ in (0..<200).map { "\(Double($0) / 100),0,0,0,0,0,-1" } }
    let result = try replay(lines.joined(separator: "\n") + "\n", ["--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let last = try #require(result.stdout.split(separator: "\n").last)
    let object = try #require(JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    #expect(object["rateHz"] as? Double == 100)
    #expect(object["restarted"] as? Bool == false)
  }

  @Test("empty lines are skipped a byte at a time and still counted: an error after 20 MB of them names its line")
  func emptyLines() throws {
    let text = String(repeating: "\n", count: 20_000_000) + "0,0,0,0,0,0,-1\nbad\n"
    let result = try replay(text, ["--json"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("line 20000002: column 1 (timestamp)"), "\(result.stderr)")
  }
}
