import Testing

@testable import DevCapsKit

/// The machine's name, in /etc/hostname, the kernel's and machine-info's PRETTY_HOSTNAME: each
/// written as the probe reads it is replaced; a blank one, which names nobody, is left blank so
/// that the bundle replays as no name, as its report says.
@Suite("Redacting the host name")
struct HostnameRedactionTests {
  let redaction = SnapshotRedaction(keepsIdentifiers: false)

  func redacted(_ path: String, _ text: String) -> String {
    String(decoding: redaction.file(path, Array(text.utf8)), as: UTF8.self)
  }

  @Test("a name is replaced; a blank file stays blank", arguments: ["/etc/hostname", "/proc/sys/kernel/hostname"])
  func hostname(path: String) {
    #expect(redacted(path, "x1carbon\n") == "redacted-hostname\n")
    #expect(redacted(path, "\n") == "\n")
    #expect(redacted(path, "  \n") == "  \n")
  }

  @Test(
    "PRETTY_HOSTNAME however it is written (spaces, quotes) is replaced; an empty one stays",
    arguments: [
      ("PRETTY_HOSTNAME=Jane's laptop\n", "PRETTY_HOSTNAME=redacted-hostname\n"),
      ("PRETTY_HOSTNAME=\"Jane's laptop\"\n", "PRETTY_HOSTNAME=redacted-hostname\n"),
      (" PRETTY_HOSTNAME = 'Jane'\n", "PRETTY_HOSTNAME=redacted-hostname\n"),
      ("CHASSIS=laptop\nPRETTY_HOSTNAME=Jane\n", "CHASSIS=laptop\nPRETTY_HOSTNAME=redacted-hostname\n"),
      ("PRETTY_HOSTNAME=\n", "PRETTY_HOSTNAME=\n"),
      ("PRETTY_HOSTNAME=\"\"\n", "PRETTY_HOSTNAME=\"\"\n"),
    ])
  func machineInfo(text: String, expected: String) {
    #expect(redacted("/etc/machine-info", text) == expected)
    #expect(!redacted("/etc/machine-info", text).contains("Jane"))
  }
}
