import Foundation
import TestProcesses
import Testing

/// Identifiers that stand in names and paths rather than in an attribute of their own: udev's
/// link names, mount sources and mount points, network mounts' servers and options, the cgroup
/// path, and a Raspberry Pi's board serial (issue #36). The thinkpad-laptop fixture holds them
/// as real machines lay them out (its SOURCES.md says where each comes from).
@Suite("snapshot redaction of identifiers in links, mounts and paths", .serialized)
struct SnapshotPathRedactionTests {
  /// A snapshot of a fixture machine: its bundle's files, its standard error, the bundle.
  static func snapshot(
    _ machine: String, keeping: Bool = false, _ change: (Testbed) throws -> Void = { _ in }
  ) throws -> (files: [String: String], stderr: String, bundle: URL) {
    let testbed = try FixtureMachine(name: machine).load()
    try change(testbed)
    let bundle = try SnapshotCommandTests.emptyDirectory().appendingPathComponent("snapshot")
    let taken = try DevCapsProcess.run(
      ["snapshot", bundle.path] + (keeping ? ["--keep-identifiers"] : []), environment: testbed.environment)
    #expect(taken.status == 0, "\(taken.stderr)")
    let files = Dictionary(
      SnapshotRedactionTests.files(in: bundle).map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
    return (files, taken.stderr, bundle)
  }

  static func remove(_ bundle: URL) { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }

  @Test("a USB camera's serial is gone from its by-id link (DEVLINKS), ID_SERIAL and the USB device")
  func deviceLinkSerials() throws {
    let (files, _, bundle) = try Self.snapshot("thinkpad-laptop")
    defer { Self.remove(bundle) }
    let record = files["/devices.umockdev"] ?? ""
    let link = "v4l/by-id/usb-Chicony_Electronics_Co._Ltd._Integrated_Camera_redacted-video-index0"
    #expect(
      record.contains("E: DEVLINKS=/dev/\(link) /dev/v4l/by-path/pci-0000:00:14.0-usb-0:4:1.0-video-index0\n"),
      "the by-path link says where the camera is plugged in, not which one it is")
    #expect(record.contains("E: ID_SERIAL_SHORT=redacted\n") && record.contains("A: serial=redacted\n"))
    for (path, text) in files { #expect(!text.contains("200901010001"), "the camera's serial survives in \(path)") }
  }

  @Test("mount sources and points: a LUKS mapping's UUID, an ext4 UUID, a FAT serial and an ATA disk's by-id serial")
  func mountSourcesAndPaths() throws {
    let (files, _, bundle) = try Self.snapshot("thinkpad-laptop")
    defer { Self.remove(bundle) }
    let mountInfo = files["/proc/self/mountinfo"] ?? ""
    for expected in [
      " /run/media/user/0000-0000 rw,nosuid,nodev,relatime shared:72 - vfat /dev/sdc1 ",
      " - ext4 /dev/disk/by-id/ata-WDC_WD40EFRX-68N32N0_redacted-part1 rw,seclabel",
    ] {
      #expect(mountInfo.contains(expected), "\(expected) not in \(mountInfo)")
    }
    let luks = try #require(mountInfo.split(separator: "\n").first { $0.hasPrefix("98 1 253:1 ") })
    #expect(
      luks.wholeMatch(
        of:
          /98 1 253:1 \/ \/run\/media\/user\/00000000-0000-0000-0000-00000000000[0-9a-f] rw,nosuid,nodev,relatime shared:74 - ext4 \/dev\/mapper\/luks-00000000-0000-0000-0000-00000000000[0-9a-f] rw,seclabel/
      ) != nil, "\(luks)")
    #expect(files.keys.contains("/run/media/user/0000-0000"), "the mount point is made under its placeholder")
    let report = files["/devcaps-report.json"] ?? ""
    #expect(report.contains("\"path\": \"/run/media/user/0000-0000\""), "\(report)")
  }

  @Test(
    "every path in the report is redacted as the bundle's are: a warning's path names no user, a disk's source no UUID")
  func reportPaths() throws {
    // A home on a LUKS volume that cannot be measured (its directory is not in the testbed).
    let mountInfo = try String(
      contentsOf: FixtureMachine(name: "thinkpad-laptop").url.appendingPathComponent("root/proc/self/mountinfo"),
      encoding: .utf8)
    let (files, stderr, bundle) = try Self.snapshot("thinkpad-laptop") { testbed in
      try testbed.write(
        "proc/self/mountinfo",
        mountInfo + "103 1 253:2 / /home/adalovelace rw,relatime shared:84 - ext4 "
          + "/dev/mapper/luks-0b1c4e2a-7d3f-4a5b-8c6d-112233445566 rw,seclabel\n")
    }
    defer { Self.remove(bundle) }
    #expect(stderr.contains("/home/adalovelace: statvfs failed"), "standard error shows the user their own paths")
    let report = try JSONSerialization.jsonObject(with: Data((files["/devcaps-report.json"] ?? "").utf8))
    let warnings = try #require((report as? [String: Any])?["warnings"] as? [[String: Any]])
    let paths = warnings.compactMap { $0["path"] as? String }
    #expect(paths.contains("/home/user"), "\(paths)")
    let text = files["/devcaps-report.json"] ?? ""
    for name in ["adalovelace", "0b1c4e2a"] { #expect(!text.contains(name), "\(name) survives in the report") }
  }

  @Test("network mounts keep their type, mount point and options, not their server, share, user, domain or addresses")
  func networkMounts() throws {
    let (files, _, bundle) = try Self.snapshot("thinkpad-laptop")
    defer { Self.remove(bundle) }
    let mountInfo = files["/proc/self/mountinfo"] ?? ""
    for expected in [
      " /mnt/corp rw,relatime shared:78 - cifs //redacted-host/redacted-share rw,vers=3.1.1,cache=strict,"
        + "username=redacted,domain=redacted,uid=1000,forceuid,gid=1000,forcegid,addr=redacted,file_mode=0755,",
      " /mnt/nas rw,relatime shared:50 - nfs4 redacted-host:/redacted-path rw,vers=4.2,",
      ",sec=sys,clientaddr=redacted,local_lock=none,addr=redacted\n",
      " /mnt/lab rw,relatime shared:80 - nfs4 redacted-host:/redacted-path rw,",
      " /home/user/vps rw,nosuid,nodev,relatime shared:82 - fuse.sshfs redacted-user@redacted-host:/redacted-path "
        + "rw,user_id=1000,group_id=1000\n",
    ] {
      #expect(mountInfo.contains(expected), "\(expected) not in \(mountInfo)")
    }
    for name in ["fs01", "corp.example", "CORP", "lovelace", "10.1.2.3", "192.168.1", "fd00:", "myvps", "nas.home"] {
      for (path, text) in files { #expect(!text.contains(name), "\(name) survives in \(path)") }
    }
  }

  /// The lines a Raspberry Pi 4's kernel (the Raspberry Pi fork's arch/arm64/kernel/cpuinfo.c)
  /// ends /proc/cpuinfo with: the board's revision code, its serial (from the firmware's
  /// device tree, `serial-number`) and model.
  static let piCPUInfo =
    "processor\t: 0\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm crc32 cpuid\nCPU implementer\t: 0x41\n"
    + "CPU architecture: 8\nCPU variant\t: 0x0\nCPU part\t: 0xd08\nCPU revision\t: 3\n\n"
    + "Revision\t: c03114\nSerial\t\t: 1000000012ab34cd\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n"

  @Test("a Raspberry Pi's board serial in /proc/cpuinfo is zeroed; kept, the file is 0600")
  func boardSerial() throws {
    for keeping in [false, true] {
      let (files, _, bundle) = try Self.snapshot("pinephone", keeping: keeping) { testbed in
        try testbed.write("proc/cpuinfo", Self.piCPUInfo)
      }
      defer { Self.remove(bundle) }
      let cpuInfo = files["/proc/cpuinfo"] ?? ""
      let attributes = try FileManager.default.attributesOfItem(atPath: bundle.path + "/proc/cpuinfo")
      if keeping {
        #expect(cpuInfo == Self.piCPUInfo)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "a file that holds a kept identifier is 0600")
        continue
      }
      #expect(
        cpuInfo.contains("Revision\t: c03114\nSerial\t\t: 0000000000000000\nModel\t\t: Raspberry Pi 4"), "\(cpuInfo)")
      for (path, text) in files { #expect(!text.contains("12ab34cd"), "the board serial survives in \(path)") }
    }
  }

  @Test("the UUID in a cgroup path is replaced in /proc/self/cgroup and in the bundle's directory names alike")
  func cgroupUUIDs() throws {
    let (files, _, bundle) = try Self.snapshot("thinkpad-laptop")
    defer { Self.remove(bundle) }
    let scope = "/user.slice/user-1000.slice/user@1000.service/app.slice/app-org.gnome.Terminal.slice/vte-spawn-"
    let cgroup = files["/proc/self/cgroup"] ?? ""
    let placeholder = try #require(
      cgroup.firstMatch(of: /vte-spawn-(00000000-0000-0000-0000-00000000000[0-9a-f])\.scope/)?.1, "\(cgroup)")
    #expect(cgroup == "0::\(scope)\(placeholder).scope\n")
    #expect(files.keys.contains("/sys/fs/cgroup\(scope)\(placeholder).scope/memory.max"), "\(files.keys.sorted())")
    #expect(!files.keys.contains { $0.contains("9f8e7d6c") })
    // The names agree, so the replay finds the scope's limits where /proc/self/cgroup says.
    let replayed = try SnapshotCommandTests.replay(bundle, ["list", "--json"])
    #expect(replayed.status == 0, "\(replayed.stderr)")
    #expect(!replayed.stdout.contains("vte-spawn"), "no warning about the scope's files")
  }

  @Test("--keep-identifiers keeps link serials, mount sources and options, and the cgroup's UUID, in 0600 files")
  func keptInPaths() throws {
    let (files, stderr, bundle) = try Self.snapshot("thinkpad-laptop", keeping: true)
    defer { Self.remove(bundle) }
    #expect(stderr.contains("serials and volume ids in device links and mount paths"), "\(stderr)")
    #expect(stderr.contains("network mounts' servers, users and addresses"), "\(stderr)")
    #expect((files["/devices.umockdev"] ?? "").contains("Integrated_Camera_200901010001-video-index0"))
    let mountInfo = files["/proc/self/mountinfo"] ?? ""
    #expect(mountInfo.contains("//fs01.corp.example.com/adalovelace$") && mountInfo.contains("addr=10.1.2.3"))
    #expect((files["/proc/self/cgroup"] ?? "").contains("9f8e7d6c-5b4a-4321-8765-0fedcba98765"))
    for path in ["/proc/self/mountinfo", "/proc/self/cgroup"] {
      let attributes = try FileManager.default.attributesOfItem(atPath: bundle.path + path)
      #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(path)")
    }
  }
}
