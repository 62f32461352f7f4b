import Testing

@testable import DevCapsKit

/// Interface names made from MACs (`enx…`) are replaced by placeholders that keep two adapters
/// apart and give each the same placeholder wherever it appears in one bundle.
@Suite("Redacting MAC-derived interface names")
struct MACNameRedactionTests {
  static let first = "enx00e04c68aa55"
  static let second = "enx3c18a0112233"

  @Test("two enx interfaces get two placeholders, each the same in paths, properties, attributes and the report")
  func twoInterfacesStayTwo() {
    let redaction = SnapshotRedaction(keepsIdentifiers: false)
    let firstPath = redaction.path("/sys/devices/pci0000:00/0000:00:14.0/usb3/3-1/3-1:1.0/net/\(Self.first)")
    let secondPath = redaction.path("/sys/devices/pci0000:00/0000:00:14.0/usb3/3-2/3-2:1.0/net/\(Self.second)")
    #expect(firstPath.hasSuffix("/net/enx000000000000"))
    #expect(secondPath.hasSuffix("/net/enx000000000001"))
    #expect(redaction.property("INTERFACE", Self.second) == "enx000000000001")
    #expect(
      redaction.property("ID_NET_NAME_MAC", Self.first.uppercased().replacingOccurrences(of: "ENX", with: "enx"))
        == "enx000000000000")
    #expect(
      redaction.attribute("uevent-like", Array("INTERFACE=\(Self.first)\nOTHER=\(Self.second)\n".utf8))
        == Array("INTERFACE=enx000000000000\nOTHER=enx000000000001\n".utf8))
    #expect(
      redaction.text(#"[{"name":"\#(Self.second)"},{"name":"\#(Self.first)"}]"#)
        == #"[{"name":"enx000000000001"},{"name":"enx000000000000"}]"#)
    // The same adapter's Wi-Fi name made from the same MAC gets the same digits.
    #expect(redaction.path("/sys/class/net/wlx3c18a0112233") == "/sys/class/net/wlx000000000001")
  }

  @Test("a new bundle starts its placeholders again; kept identifiers are copied as they are")
  func perBundle() {
    #expect(SnapshotRedaction(keepsIdentifiers: false).path("/net/\(Self.second)") == "/net/enx000000000000")
    #expect(SnapshotRedaction(keepsIdentifiers: true).path("/net/\(Self.second)") == "/net/\(Self.second)")
  }
}

/// MACs in either of their written forms are zeroed; bare runs of twelve digits are not, since
/// too many other values (serials, hashes, timestamps) have that shape.
@Suite("Redacting MACs written with dashes")
struct DashedMACRedactionTests {
  @Test("7C-2E-0D-11-22-33 is zeroed as 7c:2e:0d:11:22:33 is, its dashes kept; a date and bare digits are not")
  func dashForm() {
    let redaction = SnapshotRedaction(keepsIdentifiers: false)
    #expect(redaction.property("MACDASH", "7C-2E-0D-11-22-33") == "00-00-00-00-00-00")
    #expect(
      redaction.attribute("uevent-like", Array("E: MACDASH=7C-2E-0D-11-22-33\nE: MAC=7c:2e:0d:11:22:33\n".utf8))
        == Array("E: MACDASH=00-00-00-00-00-00\nE: MAC=00:00:00:00:00:00\n".utf8))
    for kept in ["2026-11-28", "7c2e0d112233", "7C-2E-0D-11-22"] {
      #expect(redaction.text(kept) == kept)
    }
  }
}
