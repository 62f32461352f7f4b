import Foundation
import Testing

@testable import DevCapsKit

/// What a probe run reads is what a snapshot copies: the recorder sees each read below the root
/// once, with its outcome, and nothing read through a device's live path.
@Suite("The source recorder (for snapshots)")
struct SourceRecorderTests {
  @Test("reads, listings, paths found and mount points are noted with what they gave")
  func notes() throws {
    let root = try TemporaryRoot([
      "/proc/meminfo": "MemTotal: 1 kB\n",
      "/sys/devices/system/memory/block_size_bytes": "8000000\n",
      "/sys/devices/system/memory/memory0/online": "1\n",
      "/.dockerenv": "",
    ])
    let recorder = SourceRecorder()
    let context = ProbeContext(root: SystemRoot(root.path), recorder: recorder)
    _ = MemoryProbe(context: context).probe()
    _ = context.text("/proc/meminfo")
    _ = context.text("/etc/missing")
    #expect(context.exists("/.dockerenv"))
    #expect(!context.exists("/run/.containerenv"))

    #expect(try recorder.files["/proc/meminfo"]?.get() == Array("MemTotal: 1 kB\n".utf8))
    #expect(recorder.files["/etc/missing"].map { if case .failure(.missing) = $0 { true } else { false } } == true)
    #expect(recorder.listings["/sys/devices/system/memory/"] == ["block_size_bytes", "memory0"])
    #expect(recorder.existing == ["/.dockerenv"], "only paths found: a missing one stays missing")
  }

  @Test("a device's live path is not below the root, so it is not a file of the bundle")
  func livePathsLeftOut() throws {
    let root = try TemporaryRoot(["/proc/uptime": "1.0 2.0\n"])
    let recorder = SourceRecorder()
    let context = ProbeContext(root: SystemRoot(root.path), recorder: recorder)
    _ = context.liveBytes(root.path + "/proc/uptime")
    _ = context.liveEntries(root.path + "/proc")
    #expect(recorder.files.isEmpty)
    #expect(recorder.listings.isEmpty)
  }

  @Test("devices are noted once each, in the order enumerations returned them")
  func devicesOnce() {
    let recorder = SourceRecorder()
    for syspath in ["/sys/devices/b", "/sys/devices/a", "/sys/devices/b"] { recorder.enumerated(syspath) }
    #expect(recorder.devices == ["/sys/devices/b", "/sys/devices/a"])
  }
}
