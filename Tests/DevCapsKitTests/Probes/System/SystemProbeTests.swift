import Testing

@testable import DevCapsKit

@Suite("Operating system")
struct SystemProbeTests {
  @Test("os-release, kernel release and uptime")
  func system() throws {
    let root = try TemporaryRoot([
      "/etc/os-release":
        "NAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\n",
      "/proc/sys/kernel/osrelease": "6.1.0-13-amd64\n",
      "/proc/uptime": "1234.56 2000.00\n",
    ])
    #expect(
      SystemProbe(context: root.context).probe()
        == SystemInfo(
          name: "Debian GNU/Linux", version: "12", fullVersion: "12", fullVersionSource: "VERSION_ID",
          prettyName: "Debian GNU/Linux 12 (bookworm)", id: "debian", idLike: [],
          kernel: "6.1.0-13-amd64", uptimeSeconds: 1234.56))
  }

  @Test("ID_LIKE, split on spaces: what os-like matches besides ID")
  func idLike() throws {
    let root = try TemporaryRoot(["/etc/os-release": "ID=linuxmint\nID_LIKE=\"ubuntu debian\"\n"])
    #expect(SystemProbe(context: root.context).probe().idLike == ["ubuntu", "debian"])
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

  /// os-release and release files as these distributions ship them.
  static let releases: [(files: [String: String], version: String?, source: String?)] = [
    // Debian 12.11: the point release only in /etc/debian_version.
    (
      [
        "/etc/os-release":
          "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nVERSION=\"12 (bookworm)\"\nVERSION_CODENAME=bookworm\nID=debian\n",
        "/etc/debian_version": "12.11\n",
      ], "12.11", "/etc/debian_version"
    ),
    // Ubuntu 22.04.3: /etc/debian_version names the Debian it forked from, not a version.
    (
      [
        "/etc/os-release":
          "PRETTY_NAME=\"Ubuntu 22.04.3 LTS\"\nNAME=\"Ubuntu\"\nVERSION_ID=\"22.04\"\nVERSION=\"22.04.3 LTS (Jammy Jellyfish)\"\nVERSION_CODENAME=jammy\nID=ubuntu\nID_LIKE=debian\n",
        "/etc/debian_version": "bookworm/sid\n",
      ], "22.04.3", "VERSION"
    ),
    // An Ubuntu 24.04 image whose os-release has no VERSION.
    (
      [
        "/etc/os-release": "NAME=\"Ubuntu\"\nVERSION_ID=\"24.04\"\nPRETTY_NAME=\"Ubuntu 24.04.1 LTS\"\nID=ubuntu\n"
      ], "24.04.1", "PRETTY_NAME"
    ),
    // Alpine: VERSION_ID is already the whole version.
    (
      [
        "/etc/os-release": "NAME=\"Alpine Linux\"\nID=alpine\nVERSION_ID=3.19.1\nPRETTY_NAME=\"Alpine Linux v3.19\"\n",
        "/etc/alpine-release": "3.19.1\n",
      ], "3.19.1", "VERSION_ID"
    ),
    // CentOS 7: the point release and its date stamp only in /etc/redhat-release.
    (
      [
        "/etc/os-release":
          "NAME=\"CentOS Linux\"\nVERSION=\"7 (Core)\"\nID=\"centos\"\nID_LIKE=\"rhel fedora\"\nVERSION_ID=\"7\"\n",
        "/etc/redhat-release": "CentOS Linux release 7.9.2009 (Core)\n",
      ], "7.9.2009", "/etc/redhat-release"
    ),
    (
      ["/etc/os-release": "NAME=\"Fedora Linux\"\nVERSION=\"39 (Workstation Edition)\"\nID=fedora\nVERSION_ID=39\n"],
      "39", "VERSION_ID"
    ),
    // Arch is rolling: no VERSION_ID, so no version to compare.
    (["/etc/os-release": "NAME=\"Arch Linux\"\nPRETTY_NAME=\"Arch Linux\"\nID=arch\nBUILD_ID=rolling\n"], nil, nil),
    // A Debian upgraded in place whose debian_version is older than os-release: not taken.
    (
      [
        "/etc/os-release": "NAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nID=debian\n", "/etc/debian_version": "11.9\n",
      ], "12", "VERSION_ID"
    ),
    (["/etc/os-release": "NAME=\"postmarketOS\"\nVERSION_ID=\"v23.12\"\nID=\"postmarketos\"\n"], "23.12", "VERSION_ID"),
  ]

  @Test("the point release: the most precise version that extends VERSION_ID", arguments: releases.indices)
  func pointRelease(index: Int) throws {
    let release = Self.releases[index]
    let root = try TemporaryRoot(release.files)
    let system = SystemProbe(context: root.context).probe()
    #expect(system.fullVersion == release.version)
    #expect(system.fullVersionSource == release.source)
  }

  @Test(
    "a version extends another part by part",
    arguments: [
      ("12.11", "12", true), ("12", "12", true), ("120", "12", false), ("12.1", "12.11", false),
      ("22.04.3", "22.04", true),
    ])
  func extends(longer: String, base: String, expected: Bool) {
    #expect(PointRelease.extends(longer, base) == expected)
  }
}
