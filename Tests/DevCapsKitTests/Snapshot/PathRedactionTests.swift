import Testing

@testable import DevCapsKit

/// The identifiers udev and mount put into names, found by where they stand (issue #36).
@Suite("Redacting identifiers in link names, mount tables and cpuinfo")
struct PathRedactionTests {
  @Test(
    "a by-id name loses the serial before udev's suffix; a name without one is kept",
    arguments: [
      (
        "/dev/input/by-id/usb-Wacom_Co._Ltd._Intuos_S_8CH00L1234567-event-mouse",
        "/dev/input/by-id/usb-Wacom_Co._Ltd._Intuos_S_redacted-event-mouse"
      ),
      (
        "/dev/serial/by-id/usb-Quectel_EG25-G_867698041234567-if04",
        "/dev/serial/by-id/usb-Quectel_EG25-G_redacted-if04"
      ),
      (
        "/dev/disk/by-id/ata-WDC_WD40EFRX-68N32N0_WD-WCC4N1234567-part1",
        "/dev/disk/by-id/ata-WDC_WD40EFRX-68N32N0_redacted-part1"
      ),
      (
        "disk/by-id/usb-SanDisk_Cruzer_Blade_4C530001230925114371-0:0-part1",
        "disk/by-id/usb-SanDisk_Cruzer_Blade_redacted-0:0-part1"
      ),
      ("disk/by-id/nvme-Samsung_SSD_980_PRO_1TB_S64FNE0R123456", "disk/by-id/nvme-Samsung_SSD_980_PRO_1TB_redacted"),
      ("/dev/disk/by-id/wwn-0x5000c500a1b2c3d4-part2", "/dev/disk/by-id/wwn-0x0000000000000000-part2"),
      (
        "/dev/input/by-id/usb-Logitech_USB_Receiver-if02-event-mouse",
        "/dev/input/by-id/usb-Logitech_USB_Receiver-if02-event-mouse"
      ),
      (
        "/dev/disk/by-uuid/3F2A-1B2C /dev/disk/by-partuuid/6b8a1c2d-01",
        "/dev/disk/by-uuid/0000-0000 /dev/disk/by-partuuid/00000000-01"
      ),
      (
        "ID_PATH=pci-0000:00:17.0-sas-0x5000c500a1b2c3d4-lun-0", "ID_PATH=pci-0000:00:17.0-sas-0x0000000000000000-lun-0"
      ),
      ("/run/media/ada/3F2A-1B2C", "/run/media/user/0000-0000"),
      ("/var/home/ada/x", "/var/home/user/x"),
    ])
  func linkNames(original: String, redacted: String) {
    #expect(SnapshotRedaction(keepsIdentifiers: false).path(original) == redacted)
  }

  @Test("two different UUIDs get two placeholders, the same one (in either case) the same, everywhere")
  func numberedUUIDs() {
    let redaction = SnapshotRedaction(keepsIdentifiers: false)
    let first = redaction.path("/dev/mapper/luks-9b1c4e2a-7d3f-4a5b-8c6d-112233445566")
    #expect(first == "/dev/mapper/luks-00000000-0000-0000-0000-000000000000")
    #expect(
      redaction.text("vte-spawn-9F8E7D6C-5B4A-4321-8765-0FEDCBA98765.scope")
        == "vte-spawn-00000000-0000-0000-0000-000000000001.scope")
    #expect(redaction.text("luks-9B1C4E2A-7D3F-4A5B-8C6D-112233445566") == "luks-00000000-0000-0000-0000-000000000000")
    // A placeholder met again (a second pass over the same text) stays as it is.
    #expect(redaction.text(first) == first)
  }

  @Test("a value redacted by name is replaced wherever else it stands, not inside a longer number or a PCI address")
  func knownValues() {
    let redaction = SnapshotRedaction(keepsIdentifiers: false)
    #expect(redaction.property("ID_SERIAL_SHORT", "11863") == "redacted")
    #expect(redaction.property("ID_SERIAL", "0000:00:14.0") == "redacted")
    #expect(redaction.text("serial 11863, size 118630") == "serial redacted, size 118630")
    #expect(redaction.text("/devices/pci0000:00/0000:00:14.0/usb3") == "/devices/pci0000:00/0000:00:14.0/usb3")
    #expect(redaction.property("ID_SERIAL_SHORT", "867698041234567") == "redacted")
    #expect(redaction.text("Quectel\\x20IMEI867698041234567") == "Quectel\\x20IMEIredacted")
  }

  @Test(
    "a network mount keeps its type, point and options; its source and the options naming hosts, users and addresses go",
    arguments: [
      (
        "100 1 0:52 / /mnt/corp rw - cifs //fs01.corp.example.com/ada$ rw,username=ada.lovelace,domain=CORP,addr=10.1.2.3,soft",
        "100 1 0:52 / /mnt/corp rw - cifs //redacted-host/redacted-share rw,username=redacted,domain=redacted,addr=redacted,soft"
      ),
      (
        "101 1 0:53 / /mnt/lab rw - nfs4 [fd00::10]:/export rw,vers=4.2,clientaddr=fd00::23,addr=fd00::10",
        "101 1 0:53 / /mnt/lab rw - nfs4 redacted-host:/redacted-path rw,vers=4.2,clientaddr=redacted,addr=redacted"
      ),
      (
        "102 70 0:54 / /home/ada/vps rw - fuse.sshfs ada@myvps.example.org:/srv rw,user_id=1000",
        "102 70 0:54 / /home/user/vps rw - fuse.sshfs redacted-user@redacted-host:/redacted-path rw,user_id=1000"
      ),
      ("17 1 179:2 / / rw,relatime - ext4 /dev/mmcblk0p2 rw", "17 1 179:2 / / rw,relatime - ext4 /dev/mmcblk0p2 rw"),
      ("24 1 0:5 / /dev rw - devtmpfs devtmpfs rw,mode=755", "24 1 0:5 / /dev rw - devtmpfs devtmpfs rw,mode=755"),
    ])
  func networkMounts(line: String, redacted: String) {
    let redaction = SnapshotRedaction(keepsIdentifiers: false)
    #expect(redaction.file("/proc/self/mountinfo", Array((line + "\n").utf8)) == Array((redacted + "\n").utf8))
  }

  @Test("fstab's and /proc/mounts' layout: the source is the first field, the options the fourth")
  func mountsLayout() {
    let redaction = SnapshotRedaction(keepsIdentifiers: false)
    let line = "nas.home.example:/export /mnt/nas nfs4 rw,addr=192.168.1.10 0 0\n"
    #expect(
      redaction.file("/proc/mounts", Array(line.utf8))
        == Array("redacted-host:/redacted-path /mnt/nas nfs4 rw,addr=redacted 0 0\n".utf8))
  }

  @Test("a Raspberry Pi's Serial in /proc/cpuinfo is zeroed, its shape kept; other lines are not touched")
  func boardSerial() {
    let redaction = SnapshotRedaction(keepsIdentifiers: false)
    let text = "Revision\t: c03114\nSerial\t\t: 1000000012ab34cd\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n"
    #expect(
      redaction.file("/proc/cpuinfo", Array(text.utf8))
        == Array("Revision\t: c03114\nSerial\t\t: 0000000000000000\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n".utf8))
  }

  @Test("with identifiers kept, a file is 0600 when a default snapshot would change it, else left to the umask")
  func keptPermissions() {
    let redaction = SnapshotRedaction(keepsIdentifiers: true)
    #expect(redaction.permissions(forFile: "/proc/cpuinfo", Array("Serial\t\t: 1000000012ab34cd\n".utf8)) == 0o600)
    #expect(
      redaction.permissions(
        forFile: "/proc/self/cgroup", Array("0::/a/vte-spawn-9f8e7d6c-5b4a-4321-8765-0fedcba98765.scope\n".utf8))
        == 0o600)
    #expect(redaction.permissions(forFile: "/proc/cpuinfo", Array("processor\t: 0\n".utf8)) == nil)
  }

  @Test(
    "malformed mount tables, cpuinfo and names at the text's end are copied as they are, without a crash",
    arguments: [
      ("/proc/self/mountinfo", "1 2 3 4 5 6 -\n- - - -\n\n"), ("/etc/fstab", "# a comment\n//x\n"),
      ("/proc/cpuinfo", "Serial\nSerial:\n Serial : \n"), ("/proc/self/cgroup", "by-id/"),
      ("/proc/self/cgroup", "by-id/_-video-index0 by-id/a_-part1 by-id/dm-uuid- /3F2A-1B2"),
    ])
  func malformed(path: String, text: String) {
    let redaction = SnapshotRedaction(keepsIdentifiers: false)
    let redacted = String(decoding: redaction.file(path, Array(text.utf8)), as: UTF8.self)
    #expect(
      redacted.split(separator: "\n", omittingEmptySubsequences: false).count
        == text.split(separator: "\n", omittingEmptySubsequences: false).count)
  }
}
