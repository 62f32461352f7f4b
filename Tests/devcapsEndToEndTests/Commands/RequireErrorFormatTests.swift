import Foundation
import TestProcesses
import Testing

/// An invalid manifest (65) or an input that cannot be read (66) is still reported on stdout in
/// the CI formats, so the job's log and test report show why, not silence.
@Suite("devcaps require: broken input in CI formats")
struct RequireErrorFormatTests {
  func require(_ arguments: [String], stdin: Data? = nil) throws -> DevCapsResult {
    try DevCapsProcess.run(["require"] + arguments, environment: ["GITHUB_STEP_SUMMARY": ""], stdin: stdin)
  }

  static let broken = "{\n  \"gps\": true,\n  \"memory\" >= 4\n}\n"

  func brokenManifest() throws -> (URL, String) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).json")
    try Self.broken.write(to: file, atomically: true, encoding: .utf8)
    return (file, file.path)
  }

  @Test("github: an invalid manifest is one ::error at its file, line and column; exit 65")
  func github() throws {
    let (file, path) = try brokenManifest()
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try require([path, "--format", "github"])
    #expect(result.status == 65)
    #expect(
      result.stdout
        == "::error file=\(path),line=3,col=12,title=devcaps require%3A invalid manifest::\(path): not valid JSON: line 3, column 12: unexpected '>', expected ':' after the key\n",
      "\(result.stdout)")
    #expect(result.stderr.contains("not valid JSON: line 3, column 12"))
    // A valid document with an unknown key: the annotation points at the key.
    let unknown = try require(["-", "--format", "github"], stdin: Data("[\n  \"gps\",\n  \"acelerometer\"\n]".utf8))
    #expect(unknown.status == 65)
    #expect(
      unknown.stdout.hasPrefix(
        "::error file=<stdin>,line=3,col=3,title=devcaps require%3A invalid manifest::<stdin>: line 3, column 3: 'acelerometer'"
      ), "\(unknown.stdout)")
    let missing = try require(["/nonexistent/m.json", "--format", "github"])
    #expect(missing.status == 66)
    #expect(
      missing.stdout
        == "::error file=/nonexistent/m.json,title=devcaps require%3A unreadable manifest::cannot read /nonexistent/m.json: does not exist\n"
    )
  }

  @Test("junit: a valid document with one error testcase, for an invalid (65) and an unreadable (66) manifest")
  func junit() throws {
    let (file, path) = try brokenManifest()
    defer { try? FileManager.default.removeItem(at: file) }
    for (arguments, status, type) in [
      ([path], Int32(65), "invalid-manifest"), (["/nonexistent/m.json"], 66, "unreadable-manifest"),
    ] {
      let result = try require(arguments + ["--format", "junit"])
      #expect(result.status == status)
      let parsed = try ChildProcess.run(
        "/usr/bin/python3",
        [
          "-c",
          "import sys, xml.etree.ElementTree as ET; r = ET.fromstring(sys.stdin.buffer.read()); e = r.find('./testsuite/testcase/error'); print(r.get('tests'), r.get('errors'), e.get('type'), e.get('message'))",
        ], input: Data(result.stdout.utf8))
      #expect(parsed.status == 0, "\(result.stdout)")
      #expect(parsed.outputText.hasPrefix("1 1 \(type) "), "\(parsed.outputText)")
    }
  }

  @Test("json: a document with an error member that validates against require.schema.json; exit 65 or 66")
  func json() throws {
    let (file, path) = try brokenManifest()
    defer { try? FileManager.default.removeItem(at: file) }
    let invalid = try require([path, "--format", "json"])
    #expect(invalid.status == 65)
    let missing = try require(["/nonexistent/m.json", "--format", "json"])
    #expect(missing.status == 66)
    let unknown = try require(["-", "--format", "json"], stdin: Data(#"{"memory": ">= 4 gb"}"#.utf8))
    #expect(unknown.status == 65)
    #expect(
      try SchemaValidator.problems(in: [invalid.stdout, missing.stdout, unknown.stdout], schema: "require.schema.json")
        == [])
    let error = try #require((try invalid.json() as? [String: Any])?["error"] as? [String: Any])
    #expect(error["kind"] as? String == "invalid-manifest")
    #expect(error["file"] as? String == path)
    #expect(error["line"] as? Int == 3 && error["column"] as? Int == 12)
    #expect((try invalid.json() as? [String: Any])?["satisfied"] as? Bool == false)
    #expect(
      ((try missing.json() as? [String: Any])?["error"] as? [String: Any])?["kind"] as? String == "unreadable-manifest")
  }

  @Test("text: nothing on stdout, the message on stderr, as before")
  func text() throws {
    let (file, path) = try brokenManifest()
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try require([path])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
  }

  @Test(
    "a manifest value of 300,000 characters is quoted in 40 with …: a line on stderr, a short document in each format",
    arguments: ["text", "github", "junit", "json"])
  func hugeValue(format: String) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    for key in ["memory", "disk-free:/", "cpu-level", "os-version"] {
      try Data(#"{"\#(key)": ">= \#(String(repeating: "x", count: 300_000))"}"#.utf8).write(to: file)
      let result = try require([file.path, "--format", format])
      #expect(result.status == 65, "\(key) \(result.stderr.prefix(300))")
      #expect(result.stderr.utf8.count < 1000, "\(key) \(result.stderr.prefix(300))")
      #expect(result.stdout.utf8.count < 3000, "\(key) \(result.stdout.prefix(300))")
      #expect((result.stdout + result.stderr).contains("xxx…'"), "\(key) \(result.stderr.prefix(300))")
    }
  }

  @Test("--against a directory without any report is 66, reported in the CI format")
  func emptyDirectory() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try require(["-", "--against", directory.path, "--format", "json"], stdin: Data(#"["gps"]"#.utf8))
    #expect(result.status == 66)
    #expect(try SchemaValidator.problems(in: [result.stdout], schema: "require.schema.json") == [])
    #expect(
      ((try result.json() as? [String: Any])?["error"] as? [String: Any])?["kind"] as? String == "unreadable-report")
  }
}
