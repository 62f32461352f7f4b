import Foundation
import Testing

@testable import DevCapsKit

@Suite("Reading files under a root")
struct SystemRootTests {
  @Test("reads a file below the root, not the host's")
  func readsBelowRoot() throws {
    let root = try TemporaryRoot(["/proc/sys/kernel/hostname": "fixture-host\n"])
    #expect(try SystemRoot(root.path).readText("/proc/sys/kernel/hostname").get() == "fixture-host\n")
  }

  @Test("a trailing slash on the root changes nothing")
  func trailingSlash() {
    #expect(SystemRoot("/tmp/x/").prefix == "/tmp/x")
    #expect(SystemRoot("/").prefix == "")
    #expect(SystemRoot("/").isLiveSystem)
  }

  @Test("a missing file is .missing, not an error to report")
  func missing() throws {
    let root = try TemporaryRoot()
    #expect(SystemRoot(root.path).readBytes("/nope") == .failure(.missing))
    let context = root.context
    #expect(context.text("/nope") == nil)
    #expect(context.diagnostics.entries.isEmpty)
  }

  @Test("a file larger than the limit is refused and reported")
  func tooLarge() throws {
    let root = try TemporaryRoot(["/big": String(repeating: "x", count: 5000)])
    #expect(SystemRoot(root.path).readBytes("/big", limit: 4096) == .failure(.tooLarge(limit: 4096)))
  }

  @Test(
    "a file is read whole at every size around the reads' sizes, as sysfs, procfs or another file",
    arguments: [0, 1, 1023, 1024, 1025, 4096, 5120, 5121, 70000])
  func wholeFile(size: Int) throws {
    let content = String((0..<size).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
    let root = try TemporaryRoot(["/sys/a": content, "/proc/a": content, "/etc/a": content])
    for path in ["/sys/a", "/proc/a", "/etc/a"] {
      #expect(try SystemRoot(root.path).readBytes(path).get() == Array(content.utf8), "\(path)")
    }
  }

  @Test("a path read below the root and the same path read on the live system are two files")
  func liveAndBelowRoot() throws {
    let root = try TemporaryRoot(["/outer": "live\n"])
    let path = root.path + "/outer"
    try root.write(path, "below the root\n")
    let context = root.context
    #expect(context.bytes(path).map { String(decoding: $0, as: UTF8.self) } == "below the root\n")
    #expect(context.liveBytes(path).map { String(decoding: $0, as: UTF8.self) } == "live\n")
    #expect(context.bytes(path).map { String(decoding: $0, as: UTF8.self) } == "below the root\n")
  }

  @Test("directory entries are sorted and exclude . and ..")
  func entries() throws {
    let root = try TemporaryRoot(["/d/b": "", "/d/a": "", "/d/c/x": ""])
    #expect(try SystemRoot(root.path).directoryEntries("/d").get() == ["a", "b", "c"])
  }

  @Test("invalid UTF-8 is replaced, never fatal")
  func invalidUTF8() throws {
    let root = try TemporaryRoot()
    try root.write("/f", Data([0x41, 0xff, 0x42]))
    #expect(root.context.text("/f") == "A\u{FFFD}B")
  }

  @Test("each file is read once per context")
  func readOnce() throws {
    let root = try TemporaryRoot(["/f": "1\n"])
    let context = root.context
    #expect(context.integer("/f") == 1)
    try root.write("/f", "2\n")
    #expect(context.integer("/f") == 1)
  }

  @Test("each directory is listed, and each path looked for, once per context; a new snapshot looks again")
  func listedOnce() throws {
    let root = try TemporaryRoot(["/d/a": "", "/d/link/wireless": ""])
    let context = root.context
    #expect(context.entries("/d") == ["a", "link"])
    #expect(context.exists("/d/link/wireless"))
    #expect(!context.exists("/d/link/phy80211"))
    try root.write("/d/b", "")
    try root.write("/d/link/phy80211", "")
    try FileManager.default.removeItem(atPath: root.path + "/d/link/wireless")
    #expect(context.entries("/d") == ["a", "link"])
    #expect(context.exists("/d/link/wireless"))
    #expect(!context.exists("/d/link/phy80211"))
    let fresh = context.refreshed()
    #expect(fresh.entries("/d") == ["a", "b", "link"])
    #expect(!fresh.exists("/d/link/wireless"))
    #expect(fresh.exists("/d/link/phy80211"))
  }

  @Test("on the live system, a path asked for below the root and as libudev's is one answer")
  func liveAndRootShareListings() throws {
    let directory = try TemporaryRoot(["/a": ""])
    let context = ProbeContext(root: SystemRoot())
    #expect(context.entries(directory.path) == ["a"])
    try directory.write("/b", "")
    #expect(context.liveEntries(directory.path) == ["a"])
    #expect(!context.liveHas(directory.path, entry: "c"))
    try directory.write("/c", "")
    #expect(!context.exists(directory.path + "/c"))
  }

  @Test("a snapshot being recorded notes a live listing that libudev's path asked for first")
  func recordedAfterLiveListing() throws {
    let directory = try TemporaryRoot(["/a": ""])
    let recorder = SourceRecorder()
    let context = ProbeContext(root: SystemRoot(), recorder: recorder)
    #expect(context.liveEntries(directory.path) == ["a"])
    #expect(recorder.listings.isEmpty, "libudev's paths are not the root's")
    #expect(context.entries(directory.path) == ["a"])
    #expect(recorder.listings[directory.path] == ["a"])
  }

  @Test(
    "integer files: garbage and empty files are reported, absent ones are not",
    arguments: [
      ("42\n", Int64(42), nil),
      ("  7 \n", 7, nil),
      ("-3", -3, nil),
      ("12abc\n", nil, "expected an integer, found '12abc'"),
      ("", nil, "empty file"),
      ("\n\n", nil, "empty file"),
      ("99999999999999999999", nil, "expected an integer, found '99999999999999999999'"),
    ] as [(String, Int64?, String?)])
  func integers(contents: String, expected: Int64?, problem: String?) throws {
    let root = try TemporaryRoot(["/value": contents])
    let context = root.context
    #expect(context.integer("/value") == expected)
    #expect(context.diagnostics.entries.map(\.problem) == (problem.map { [$0] } ?? []))
  }

  @Test(
    "a file's first line ends where the text's first line-feed Character does: not inside a CR LF",
    arguments: [
      [0x61, 0x0A, 0x62], [0x20, 0x61, 0x0D, 0x0A, 0x62, 0x0A, 0x63], [0x0A, 0x61], [0x0D, 0x0A],
      [0x61, 0x0D, 0x0D, 0x0A, 0x0A, 0x62], [0x61, 0xE2, 0x82, 0x0A, 0x62], [0xCC, 0x81, 0x0A], [0x0A, 0xCC, 0x81],
      [0x61, 0xFF, 0x0D], [0xC3, 0xA9, 0x09, 0x0A], [0x00, 0x61, 0x00], [],
    ] as [[UInt8]])
  func firstLine(bytes: [UInt8]) throws {
    let root = try TemporaryRoot()
    try root.write("/f", Data(bytes))
    // What `line` gave when it split the decoded text by Character.
    let text = String(decoding: bytes, as: UTF8.self)
    let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    let trimmed = first.trimmingWhitespace()
    #expect(root.context.line("/f") == (trimmed.isEmpty ? nil : trimmed))
  }

  @Test("hexadecimal block sizes with and without 0x")
  func hex() throws {
    let root = try TemporaryRoot(["/a": "8000000\n", "/b": "0x80000000\n", "/c": "zz"])
    let context = root.context
    #expect(context.hexInteger("/a") == 0x800_0000)
    #expect(context.hexInteger("/b") == 0x8000_0000)
    #expect(context.hexInteger("/c") == nil)
    #expect(context.diagnostics.entries.count == 1)
  }

  @Test("below a root, a probe's /sys and /proc files are still checked: a FIFO there is refused at once")
  func fifoBelowRootRefused() throws {
    let root = try TemporaryRoot(["/sys/placeholder": "", "/proc/placeholder": ""])
    #expect(mkfifo(root.path + "/sys/attribute", 0o644) == 0)
    #expect(mkfifo(root.path + "/proc/meminfo", 0o644) == 0)
    let context = root.context
    #expect(context.bytes("/sys/attribute") == nil)
    #expect(context.bytes("/proc/meminfo") == nil)
    #expect(
      context.diagnostics.entries.map(\.problem) == Array(repeating: "it is a FIFO, not a regular file", count: 2))
  }

  @Test("on the live system, a probe's file outside /sys and /proc is checked: a FIFO is refused at once")
  func liveFIFOOutsideKernelFileSystemsRefused() throws {
    let directory = try TemporaryRoot()
    let fifo = directory.path + "/fifo"
    #expect(mkfifo(fifo, 0o644) == 0)
    let context = ProbeContext(root: SystemRoot())
    #expect(context.bytes(fifo) == nil)
    #expect(context.diagnostics.entries.map(\.problem) == ["it is a FIFO, not a regular file"])
    #expect(context.line("/proc/sys/kernel/ostype") == "Linux", "the kernel's own files are read")
  }
}
