import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A file named on the command line as input (a manifest, an `--against` report, a `--replay`
/// recording) may be a pipe, as for `cat`: a shell's `<(…)`, a FIFO, `-`. A device is refused
/// (opening one can act on it), and a FIFO found in a reports directory stays refused: nobody
/// named it, and its writer may never come.
@Suite("named pipes as input", .serialized)
struct NamedPipeInputTests {
  /// Runs `script` in bash with `$0` the devcaps binary, in the thinkpad-laptop fixture.
  func bash(_ script: String, _ arguments: [String] = []) throws -> DevCapsResult {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    return try ChildProcess.run(
      "/bin/bash", ["-c", script, DevCapsProcess.executable.path] + arguments,
      environment: DevCapsProcess.environment(testbed.environment), input: Data()
    ).result
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-pipes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("require <(…): the manifest from a process substitution is judged as from its file")
  func manifestFromProcessSubstitution() throws {
    let result = try bash(#""$0" require <(echo '{"keyboard": true, "touchscreen": false}')"#)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("all 2 requirements met\n"))
  }

  @Test("require --against <(…): a report piped from another command is a machine like a saved one")
  func reportFromProcessSubstitution() throws {
    let result = try bash(#""$0" require <(echo '["keyboard"]') --against <("$0" list --json) --format json"#)
    #expect(result.status == 0, "\(result.stderr)")
    let outcomes = try #require(try result.json() as? [[String: Any]])
    #expect(outcomes.count == 1)
    #expect(outcomes.first?["satisfied"] as? Bool == true, "\(result.stdout)")
  }

  @Test("a report from <(…) with no device name is named by its whole path (/dev/fd/63), not '63'")
  func unnamedReportFromProcessSubstitution() throws {
    // The first "name" in `list --json` is the device's.
    let result = try bash(
      #""$0" require <(echo '["keyboard"]') --against <("$0" list --json | sed '0,/"name"/s/"name": *"[^"]*",//')"#)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(" /dev/fd/"), "\(result.stdout)")
  }

  @Test("a FIFO whose writer comes a moment later is waited for, not read as an empty manifest")
  func lateWriter() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("manifest.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // The writer opens the FIFO half a second after devcaps: a read before any writer came
    // would end at once, and the manifest would be empty (65); the writer, left without a
    // reader then, is killed.
    let result = try bash(
      #"(sleep 0.5; echo '["keyboard"]' > "$1") & writer=$!; "$0" require "$1"; status=$?; kill $writer 2>/dev/null; exit $status"#,
      [fifo])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("✓ keyboard"), "\(result.stdout)")
  }

  @Test("a device named as a manifest, report or recording is refused (66) without being read")
  func deviceRefused() throws {
    let manifest = try bash(#""$0" require /dev/zero"#)
    #expect(manifest.status == 66)
    #expect(manifest.stderr == "devcaps: cannot read /dev/zero: it is a character device, not a regular file\n")
    let report = try bash(#""$0" require <(echo '["keyboard"]') --against /dev/zero"#)
    #expect(report.status == 66)
    #expect(report.stderr.contains("cannot read /dev/zero: it is a character device"), "\(report.stderr)")
    let recording = try bash(#""$0" motion --replay /dev/zero"#)
    #expect(recording.status == 66)
    #expect(recording.stderr.contains("cannot read /dev/zero: it is a character device"), "\(recording.stderr)")
  }

  @Test("motion --replay from <(…) and from - prints what the file prints")
  func recordingFromPipes() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("turning.csv")
    try MotionReplayTests.turningRecording().write(to: file, atomically: true, encoding: .utf8)
    let fromFile = try bash(#""$0" motion --replay "$1" --json"#, [file.path])
    #expect(fromFile.status == 0, "\(fromFile.stderr)")
    #expect(fromFile.stdout.split(separator: "\n").count == 1000)
    let substituted = try bash(#""$0" motion --replay <(cat "$1") --json"#, [file.path])
    #expect(substituted.status == 0, "\(substituted.stderr)")
    let fromStandardInput = try bash(#""$0" motion --replay - --json < "$1""#, [file.path])
    #expect(fromStandardInput.status == 0, "\(fromStandardInput.stderr)")
    // The lines name the recording they came from and the wall-clock time they were printed;
    // the rest is the same, sample for sample.
    func withoutSource(_ text: String) -> String {
      text.replacingOccurrences(of: #""sensors":\["[^"]*"\]"#, with: "", options: .regularExpression)
        .replacingOccurrences(of: #""time":"[^"]*""#, with: "", options: .regularExpression)
    }
    #expect(withoutSource(substituted.stdout) == withoutSource(fromFile.stdout))
    #expect(withoutSource(fromStandardInput.stdout) == withoutSource(fromFile.stdout))
    #expect(fromStandardInput.stdout.contains(#""sensors":["<stdin>"]"#))
    let badLine = try bash(#"printf '0,0,0,0,0,0,-1\nx\n' | "$0" motion --replay - --json"#)
    #expect(badLine.status == 65)
    #expect(badLine.stderr.contains("devcaps: <stdin>: line 2"), "\(badLine.stderr)")
  }

  @Test("a socket is named for what it is (it cannot be opened: ENXIO read as 'does not exist')")
  func socketRefused() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let socket = directory.appendingPathComponent("report.json").path
    let result = try bash(
      #"python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$1" && "$0" require "$1""#,
      [socket])
    #expect(result.status == 66)
    #expect(result.stderr == "devcaps: cannot read \(socket): it is a socket, not a regular file\n")
  }

  @Test("one pipe named twice (as - and /dev/stdin, or a FIFO's path twice) is a usage error: it can be read once")
  func pipeNamedTwice() throws {
    let stdin = try bash(#"echo '["keyboard"]' | "$0" require /dev/stdin --against -"#)
    #expect(stdin.status == 64)
    #expect(
      stdin.stderr.contains(
        "/dev/stdin and standard input (-) are the same pipe, and a pipe can be read once: name it once, or save it to a file"
      ), "\(stdin.stderr)")
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("report.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let twice = try bash(#""$0" require <(echo '["keyboard"]') --against "$1" --against "$1""#, [fifo])
    #expect(twice.status == 64)
    #expect(twice.stderr.contains("\(fifo) is named twice, and a pipe can be read once"), "\(twice.stderr)")
  }

  @Test("standard input a parent left non-blocking is waited on, not read as 'Resource temporarily unavailable'")
  func nonBlockingStandardInput() throws {
    // The parent sets O_NONBLOCK on the pipe's reading end, hands it over, and writes its lines
    // (the first argument, split at |) later.
    let script = #"""
      import fcntl, os, subprocess, sys, time
      r, w = os.pipe()
      fcntl.fcntl(r, fcntl.F_SETFL, fcntl.fcntl(r, fcntl.F_GETFL) | os.O_NONBLOCK)
      child = subprocess.Popen(sys.argv[2:], stdin=r)
      os.close(r)
      for line in sys.argv[1].split("|"):
          time.sleep(0.3)
          os.write(w, (line + "\n").encode())
      os.close(w)
      sys.exit(child.wait())
      """#
    let replay = try bash(
      #"python3 -c "$1" '0,0,0,0.1,0,0,-1|0.01,0,0,0.1,0,0,-1' "$0" motion --replay - --json"#, [script])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.split(separator: "\n").count == 2)
    let manifest = try bash(#"python3 -c "$1" '["keyboard",|"touchpad"]' "$0" require -"#, [script])
    #expect(manifest.status == 0, "\(manifest.stderr)")
    #expect(manifest.stdout.hasSuffix("all 2 requirements met\n"), "\(manifest.stdout)")
  }

  @Test("a recording from a pipe prints each sample as it is read, not when the writer is done")
  func streamedReplay() throws {
    // The writer waits 3 s before its second line; the first line must be out long before.
    let result = try bash(
      #"start=$(date +%s%N); { echo 0,0,0,0,0,0,-1; sleep 3; echo 0.01,0,0,0,0,0,-1; } | "$0" motion --replay - --json | { IFS= read -r line; echo $(( ($(date +%s%N) - start) / 1000000 )); cat > /dev/null; }"#
    )
    let milliseconds = try #require(
      Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.stderr)")
    #expect(milliseconds < 2000, "the first sample came after \(milliseconds) ms")
  }
}
