import Foundation
import Testing

@testable import DevCapsKit

@Suite("Mounted filesystems")
struct MountInfoTests {
  func entry(_ device: String, _ root: String, _ mountPoint: String, _ type: String, _ source: String = "/dev/x")
    -> String
  {
    "1 0 \(device) \(root) \(mountPoint) rw,relatime shared:1 - \(type) \(source) rw"
  }

  @Test("fields, optional fields and octal escapes")
  func parse() {
    let line = #"96 1 8:17 / /run/media/ada/My\040Passport ro,nosuid shared:70 master:3 - exfat /dev/sdb1 ro"#
    let parsed = MountInfo.parse(line)
    #expect(parsed.malformed.isEmpty)
    #expect(
      parsed.entries == [
        MountEntry(
          device: "8:17", root: "/", mountPoint: "/run/media/ada/My Passport",
          options: ["ro", "nosuid"], fileSystemType: "exfat", source: "/dev/sdb1", superOptions: ["ro"])
      ])
    #expect(parsed.entries[0].isReadOnly)
    // A cgroup v1 hierarchy's controllers are its super options.
    let cgroup = MountInfo.parse(
      "35 30 0:31 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid shared:15 - cgroup cgroup rw,cpu,cpuacct")
    #expect(cgroup.entries.first?.superOptions == ["rw", "cpu", "cpuacct"])
  }

  @Test(
    "malformed lines are returned, not dropped silently",
    arguments: ["", "garbage", "1 2 3 4 5 6 7 8 9 10", "1 0 8:1 / / rw - ext4"])
  func malformed(line: String) {
    let parsed = MountInfo.parse(line)
    #expect(parsed.entries.isEmpty)
    #expect(parsed.malformed.count == (line.isEmpty ? 0 : 1))
  }

  @Test("unescape keeps a lone backslash and decodes three octal digits")
  func unescape() {
    #expect(MountInfo.unescape(#"a\040b"#) == "a b")
    #expect(MountInfo.unescape(#"tab\011"#) == "tab\t")
    #expect(MountInfo.unescape(#"back\134slash"#) == "back\\slash")
    #expect(MountInfo.unescape(#"end\04"#) == #"end\04"#)
    #expect(MountInfo.unescape(#"x\999"#) == #"x\999"#)
  }

  @Test("/ first, pseudo and network filesystems left out, one mount per device")
  func selection() {
    let chosen = localFilesystems(
      entry("0:21", "/", "/proc", "proc", "proc"),
      entry("259:2", "/", "/boot", "ext4"),
      entry("259:3", "/", "/", "btrfs"),
      entry("259:3", "/home", "/home", "btrfs"),
      entry("0:40", "/", "/tmp", "tmpfs", "tmpfs"),
      entry("0:45", "/", "/mnt/nas", "nfs4", "nas:/export"),
      entry("7:0", "/", "/snap/core/1", "squashfs", "/dev/loop0"),
      entry("259:5", "/containers/x/hostname", "/etc/hostname", "ext4"),
      entry("259:5", "/srv/data", "/data", "ext4")
    ).map(\.mountPoint)
    #expect(chosen == ["/", "/boot", "/data"])
  }

  /// The mounts chosen from these mountinfo lines.
  func localFilesystems(_ lines: String...) -> [MountEntry] {
    MountInfo.localFilesystems(MountInfo.parse(lines.joined(separator: "\n")).entries)
  }

  @Test("two file systems stacked at one mount point: only the later, the one statvfs sees")
  func stacked() {
    let chosen = localFilesystems(
      entry("259:3", "/", "/", "btrfs"),
      entry("8:65", "/", "/srv/backup", "ext4"),
      entry("8:81", "/", "/srv/backup", "xfs"),
      entry("8:97", "/", "/media/usb", "vfat"),
      entry("0:50", "/", "/media/usb", "tmpfs", "tmpfs"))
    #expect(chosen.map(\.mountPoint) == ["/", "/srv/backup"])
    #expect(chosen.last?.fileSystemType == "xfs")
  }

  @Test("a device bound onto itself stays; one hidden at one place but mounted at another is listed there")
  func boundOntoItself() {
    let chosen = localFilesystems(
      entry("259:3", "/", "/", "btrfs"),
      entry("8:17", "/", "/data", "ext4"),
      entry("8:17", "/", "/data", "ext4"),
      entry("8:33", "/", "/media", "ext4"),
      entry("8:33", "/", "/srv", "ext4"),
      entry("0:50", "/", "/media", "tmpfs", "tmpfs"))
    #expect(chosen.map(\.mountPoint) == ["/", "/data", "/srv"])
  }

  @Test("the disk probe measures / with statvfs even without mountinfo")
  func withoutMountinfo() throws {
    let root = try TemporaryRoot()
    let disks = DiskProbe(context: root.context).probe()
    #expect(disks.count == 1)
    #expect(disks[0].path == "/")
    let size = try DiskProbe.statfs(root.path, in: SystemRoot()).get()
    #expect(disks[0].totalBytes == size.total)
    #expect(size.total > 0)
  }

  @Test("a mount point that vanished gives nulls and a warning")
  func vanished() throws {
    let root = try TemporaryRoot(["/proc/self/mountinfo": entry("8:1", "/", "/gone", "ext4") + "\n"])
    let context = root.context
    let disks = DiskProbe(context: context).probe()
    #expect(disks.map(\.path) == ["/", "/gone"])
    #expect(disks[1].totalBytes == nil)
    #expect(context.diagnostics.entries.map(\.path) == ["/gone"])
  }

  static var fixtureTables: [String] {
    let machines = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "devcapsEndToEndTests/Fixtures/machines")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: machines.path)) ?? []).sorted()
    return names.compactMap {
      try? String(
        contentsOfFile: machines.appendingPathComponent("\($0)/root/proc/self/mountinfo").path, encoding: .utf8)
    }
  }

  static func same(_ text: String, keeping keeps: (Substring) -> Bool = { _ in true }) {
    var bytes = text
    let plain = bytes.withUTF8 { PlainASCII.isPlain($0) ? MountInfo.parsePlain($0, keeping: keeps) : nil }
    let characters = MountInfo.parseCharacters(text, keeping: keeps)
    #expect(plain?.entries == characters.entries, "\(text)")
    #expect(plain?.malformed == characters.malformed, "\(text)")
  }

  @Test("every fixture's table, and lines that try the splitting, read the same in bytes and by Character")
  func plainAndCharacters() {
    #expect(MountInfoTests.fixtureTables.count == 6)
    let tricky = [
      #"96 1 8:17 / /run/media/ada/My\040Passport ro,nosuid shared:70 master:3 - exfat /dev/sdb1 ro"#,
      "1 0 8:1 /  /  rw,,relatime   -  ext4  /dev/sda1  rw,errors=remount-ro \n\n  \n",
      "garbage\n1 2 3 4 5 6 7 8 9 10\n1 0 8:1 / / rw - ext4\n",
      "1 0 8:1 / / rw x y z - ext4 /dev/sda1\n1 0 8:1 / / rw - - ext4 /dev/a b\n",
      "35 30 0:31 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid shared:15 - cgroup cgroup rw,cpu,cpuacct",
      "", "\n", " ",
    ]
    for text in MountInfoTests.fixtureTables + tricky { MountInfoTests.same(text) }
  }

  @Test("the cgroup mounts alone: the table's cgroup and cgroup2 lines, parsed or not")
  func cgroupMounts() throws {
    let text = [
      entry("0:26", "/", "/sys/fs/cgroup", "cgroup2", "cgroup2"), entry("259:3", "/", "/", "btrfs"),
      entry("0:31", "/", "/sys/fs/cgroup/cpu", "cgroup", "cgroup"), entry("0:40", "/", "/tmp", "tmpfs", "tmpfs"),
    ].joined(separator: "\n")
    let isCgroup = { (type: Substring) in type == "cgroup" || type == "cgroup2" }
    MountInfoTests.same(text, keeping: isCgroup)
    let expected = MountInfo.parse(text).entries.filter { isCgroup(Substring($0.fileSystemType)) }
    #expect(expected.map(\.mountPoint) == ["/sys/fs/cgroup", "/sys/fs/cgroup/cpu"])
    let root = try TemporaryRoot(["/proc/self/mountinfo": text + "\n"])
    let fresh = root.context
    #expect(MountInfo.cgroupMounts(fresh) == expected)
    #expect(fresh.made[MountInfo.Made.key] == nil)
    let parsed = root.context
    _ = MountInfo.parsed(parsed)
    #expect(MountInfo.cgroupMounts(parsed) == expected)
    // The disks section asked for: the cgroup hierarchy parses the whole table, once for both.
    let wanted = root.context
    MountInfo.wholeTableWillBeParsed(in: wanted)
    #expect(MountInfo.cgroupMounts(wanted) == expected)
    #expect((wanted.made[MountInfo.Made.key] as? MountInfo.Made)?.entries == MountInfo.parse(text).entries)
  }
}
