import Testing
@testable import DevCapsKit

@Suite("Operating system")
struct SystemProbeTests {
  @Test("os-release, kernel release and uptime")
  func system() throws {
    let root = try TemporaryRoot([
      "/etc/os-release": "NAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\n",
      "/proc/sys/kernel/osrelease": "6.1.0-13-amd64\n",
      "/proc/uptime": "1234.56 2000.00\n",
    ])
    #expect(SystemProbe(context: root.context).probe() == SystemInfo(
      name: "Debian GNU/Linux", version: "12", prettyName: "Debian GNU/Linux 12 (bookworm)", id: "debian",
      kernel: "6.1.0-13-amd64", uptimeSeconds: 1234.56))
  }

  @Test("os-release falls back to /usr/lib/os-release")
  func fallback() throws {
    let root = try TemporaryRoot(["/usr/lib/os-release": "NAME=Arch\n"])
    #expect(SystemProbe(context: root.context).probe().name == "Arch")
  }

  @Test("garbage uptime is reported", arguments: ["x", "-5 1", "nan 1", ""])
  func badUptime(text: String) throws {
    let root = try TemporaryRoot(["/proc/uptime": text])
    let context = root.context
    #expect(SystemProbe(context: context).probe().uptimeSeconds == nil)
    #expect(context.diagnostics.entries.count == (text.isEmpty ? 0 : 1))
  }
}
