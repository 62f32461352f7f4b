import Testing

@testable import DevCapsKit

/// Identifiers of disks and network ports, as the kernel writes them (Documentation/ABI/testing:
/// sysfs-class-net's `phys_port_id` and `phys_switch_id`, `%*phN`; sysfs-block's `wwid`;
/// sysfs-class-nvme's `serial`, `eui`, `nguid`, `uuid`, `subsysnqn`; the SCSI device's
/// `vpd_pg80` and `vpd_pg83`), are replaced by their name or their shape, keeping the shape.
@Suite("Redacting disks' and network ports' identifiers")
struct IdentifierRedactionTests {
  let redaction = SnapshotRedaction(keepsIdentifiers: false)

  @Test(
    "each identifier is replaced, its designator, separators and line end kept",
    arguments: [
      ("phys_port_id", "00000af7ffe41c2a\n", "0000000000000000\n"),
      ("phys_switch_id", "7cfe90f3e640\n", "redacted\n"),
      ("wwid", "eui.0025388b71b1a2c4\n", "eui.0000000000000000\n"),
      (
        "wwid", "nvme.144d-533346324e583041313233343536-53414d53554e47-00000001\n",
        "nvme.0000-0000000000000000000000000000-00000000000000-00000000\n"
      ),
      ("wwid", "naa.5000c500a1b2c3d4\n", "naa.0000000000000000\n"),
      ("wwid", "t10.ATA     Samsung SSD 860 EVO 500GB               S3Z1NB0K123456X\n", "t10.redacted\n"),
      ("eui", "00 25 38 8b 71 b1 a2 c4\n", "00 00 00 00 00 00 00 00\n"),
      ("nguid", "0025388b-71b1-a2c4-0025-388b71b1a2c4\n", "00000000-0000-0000-0000-000000000000\n"),
      ("uuid", "7b3c9e2a-4f1d-4e8b-9a6c-2d5e8f1a3b7c\n", "00000000-0000-0000-0000-000000000000\n"),
      ("serial", "S3Z1NB0K123456X     \n", "redacted\n"),
      ("subsysnqn", "nqn.2014.08.org.nvmexpress:144d144dS3Z1NB0K123456X     Samsung SSD\n", "nqn.redacted\n"),
      ("vpd_pg83", "\u{0}\u{83}\u{0}\u{c}\u{1}\u{3}\u{0}\u{8}P\u{0}\u{c5}\u{0}\u{a1}\u{b2}\u{c3}\u{d4}", "redacted"),
      ("unique_id", "3b8d1c22-7f4a-4c1e-9d2b-5a6e7f8091a2\n", "00000000-0000-0000-0000-000000000000\n"),
      ("node_guid", "0002:c903:00a1:b2c3\n", "0000:0000:0000:0000\n"),
    ])
  func replaced(name: String, value: String, expected: String) {
    #expect(redaction.attribute(name, Array(value.utf8)) == Array(expected.utf8), "\(name)")
    #expect(SnapshotRedaction(keepsIdentifiers: true).attribute(name, Array(value.utf8)) == Array(value.utf8))
  }

  @Test("a value shaped as a world-wide name, a UUID or an EUI-64 is replaced whatever holds it; others stay")
  func byShape() {
    #expect(redaction.attribute("naming_id", Array("eui.0025388b71b1a2c4".utf8)) == Array("eui.0000000000000000".utf8))
    #expect(
      redaction.property("ID_PATH_TAG", "3b8d1c22-7f4a-4c1e-9d2b-5a6e7f8091a2")
        == "00000000-0000-0000-0000-000000000000")
    #expect(redaction.property("ID_WWID", "t10.ATA Samsung S3Z1NB0K123456X") == "t10.redacted")
    // Input capability bitmaps, a sound card's id and a model name are not identifiers.
    for (name, value) in [
      ("key", "1000000000007 ff9f207ac14057ff febeffdfffefffff fffffffffffffffe\n"), ("id", "PCH"),
      ("model", "SAMSUNG MZVL2512HCJQ-00BL7              \n"), ("phys_port_name", "p0\n"),
    ] {
      #expect(redaction.attribute(name, Array(value.utf8)) == Array(value.utf8), "\(name)")
    }
  }
}
