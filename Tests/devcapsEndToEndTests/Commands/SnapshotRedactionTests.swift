import Foundation
import TestProcesses
import Testing

/// A default snapshot identifies no device: whatever is shaped as a MAC address, named from
/// one, or held in a serial-number attribute or property of a fixture machine is gone from the
/// whole bundle (file contents and file names), wherever it appeared (issue #36, items 5 and 6).
@Suite("snapshot redaction by what identifies", .serialized)
struct SnapshotRedactionTests {
  /// Six or more pairs of hex digits apart by colons, not running on into a word.
  static let macShape = try! NSRegularExpression(
    pattern: "(?<![0-9A-Za-z_])[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){5,}(?![0-9A-Za-z_])")
  /// An interface name systemd makes from a MAC.
  static let macName = try! NSRegularExpression(
    pattern: "(?<![0-9A-Za-z_])(?:en|wl|ww|ib|sl)x[0-9a-f]{12}(?![0-9A-Za-z_])")
  /// Attribute files and udev properties whose value is a serial number or unique id.
  static let serialAttribute = try! NSRegularExpression(
    pattern:
      "^(?:serial|serial_number|serial-number|uniq|uuid|.*_serial|.*_uuid|.*asset_tag|wwid|eui|nguid|.*nqn|phys_port_id|phys_switch_id|vpd_pg8[03])$"
  )
  static let serialProperty = try! NSRegularExpression(pattern: "SERIAL|UNIQ|UUID|WWN")
  /// A UUID, not running on into a word.
  static let uuidShape = try! NSRegularExpression(
    pattern:
      "(?<![0-9A-Za-z])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Za-z])")
  /// What names a device, a user or a server by where it stands: a FAT or exFAT volume serial
  /// naming a media directory, the serial at the end of a udev by-id link's name (before the
  /// suffix udev adds), a world-wide name in one, the values of the mount options that name a
  /// server, user, domain or address, a Raspberry Pi's board serial in /proc/cpuinfo.
  static let placedIdentifiers = [
    "/(?:run/)?media/[^/\\s]+/([0-9A-Fa-f]{4}-[0-9A-Fa-f]{4})(?![0-9A-Za-z])",
    "by-id/[a-z0-9]+-[^\\s/\"]*_([^_\\s/\"]*[0-9][^_\\s/\"]*?)(?:-part[0-9]+|-if[0-9]+|-video-index[0-9]+|-event-[a-z]+|-[0-9]+:[0-9]+)*(?=[\\s\"/]|$)",
    "wwn-0x([0-9A-Fa-f]+)", "(?:^|,)(?:addr|clientaddr|mountaddr|username|domain|unc)=([^,\\s]+)",
    "(?m)^Serial\\s*:\\s*([0-9A-Fa-f]+)$",
  ].map { try! NSRegularExpression(pattern: $0) }
  /// A user's directory below /home or a removable-media directory: the name must be `user`.
  static let userDirectory = try! NSRegularExpression(
    pattern: "(?<![0-9A-Za-z_.])/(?:home|run/media|media)/([^/\\s\"]+)")

  static func matches(_ pattern: NSRegularExpression, in text: String) -> Set<String> {
    Set(
      pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
        Range($0.range, in: text).map { String(text[$0]) }
      })
  }

  /// The first group of each match.
  static func captures(_ pattern: NSRegularExpression, in text: String) -> Set<String> {
    Set(
      pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
        Range($0.range(at: 1), in: text).map { String(text[$0]) }
      })
  }

  /// A placeholder a snapshot numbers (`00000000-0000-0000-0000-000000000001`): zeros but its end.
  static func isNumberedPlaceholder(_ value: String) -> Bool {
    value.filter(\.isHexDigit).dropLast(4).allSatisfy { $0 == "0" }
  }

  /// The server, share or export, and user of each network mount in a mountinfo's text
  /// (`//HOST/SHARE`, `HOST:/PATH`, `[IPV6]:/PATH`, `USER@HOST:/PATH`).
  static func networkMountNames(in text: String) -> Set<String> {
    var found: Set<String> = []
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard let dash = fields.firstIndex(of: "-"), dash + 2 < fields.count else { continue }
      let source = String(fields[dash + 2])
      if source.hasPrefix("//") {
        found.formUnion(source.split(separator: "/").map(String.init))
      } else if !source.hasPrefix("/"), let colon = source.range(of: ":/") ?? source.range(of: "]:") {
        let remote = source[..<colon.lowerBound]
        found.formUnion(remote.split(whereSeparator: { "@[]".contains($0) }).map(String.init))
        found.insert(String(source[colon.upperBound...]))
      }
    }
    return found
  }

  static func whole(_ pattern: NSRegularExpression, _ text: String) -> Bool {
    pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))?.range.length == text.utf16.count
  }

  /// Every regular file below `directory`: its path below it, and its text.
  static func files(in directory: URL) -> [(path: String, text: String)] {
    var found: [(String, String)] = []
    let base = directory.standardizedFileURL.path
    let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
    while let file = walker?.nextObject() as? URL {
      let path = String(file.standardizedFileURL.path.dropFirst(base.count))
      let regular = (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
      let text =
        regular ? FileManager.default.contents(atPath: file.path).map { String(decoding: $0, as: UTF8.self) } : nil
      found.append((path, text ?? ""))
    }
    return found
  }

  /// A value as identifying: quotes and padding off; nil when nothing is left worth finding.
  static func identifying(_ value: String) -> String? {
    let trimmed = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" \n\t"))
    return trimmed.count >= 4 ? trimmed : nil
  }

  /// What identifies a device in a fixture machine: MAC-shaped values and names made from them
  /// anywhere, the values of serial attributes (`A:` lines and files named so under root/) and
  /// serial properties (`E:` lines).
  static func identifiers(of machine: FixtureMachine) -> Set<String> { identifiers(in: files(in: machine.url)) }

  static func identifiers(in files: [(path: String, text: String)]) -> Set<String> {
    var found: Set<String> = []
    for (path, text) in files {
      for value in matches(macShape, in: text).union(matches(macName, in: text)).union(matches(macName, in: path)) {
        if value.contains(where: { $0 != "0" && $0 != ":" && $0.isHexDigit }) && !value.hasSuffix("x000000000000") {
          found.insert(value)
        }
      }
      for value in matches(uuidShape, in: text + "\n" + path) where !isNumberedPlaceholder(value) {
        found.insert(value)
      }
      for pattern in placedIdentifiers {
        for value in captures(pattern, in: text) where !isNumberedPlaceholder(value) && value != "redacted" {
          if let value = identifying(value) { found.insert(value) }
        }
      }
      if path.hasSuffix("mountinfo") {
        for value in networkMountNames(in: text) where !value.hasPrefix("redacted") {
          if let value = identifying(value) { found.insert(value) }
        }
      }
      let name = (path as NSString).lastPathComponent
      if path.hasPrefix("/root/"), whole(serialAttribute, name), let value = identifying(text) { found.insert(value) }
      for line in text.split(separator: "\n") {
        guard line.hasPrefix("A: ") || line.hasPrefix("E: "), let equals = line.firstIndex(of: "=") else { continue }
        let key = String(line[line.index(line.startIndex, offsetBy: 3)..<equals])
        let attribute = (key as NSString).lastPathComponent
        let serial =
          line.hasPrefix("A: ")
          ? whole(serialAttribute, attribute)
          : serialProperty.firstMatch(in: key, range: NSRange(key.startIndex..., in: key)) != nil
        if serial, let value = identifying(String(line[line.index(after: equals)...])) { found.insert(value) }
      }
    }
    return found
  }

  @Test(
    "a default snapshot of each fixture machine holds none of its MACs, MAC-derived names or serials",
    arguments: FixtureMachine.all)
  func nothingIdentifyingSurvives(machine: String) throws {
    let fixture = FixtureMachine(name: machine)
    let testbed = try fixture.load()
    let bundle = try SnapshotCommandTests.emptyDirectory().appendingPathComponent("snapshot")
    defer { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }
    let taken = try DevCapsProcess.run(["snapshot", bundle.path], environment: testbed.environment)
    #expect(taken.status == 0, "\(taken.stderr)")
    #expect(!taken.stderr.contains("keeps identifiers"), "nothing kept, nothing said")
    let identifiers = Self.identifiers(of: fixture)
    for (path, text) in Self.files(in: bundle) {
      for identifier in identifiers {
        let lowered = identifier.lowercased()
        #expect(!text.lowercased().contains(lowered), "\(machine): \(identifier) survives in \(path)")
        #expect(!path.lowercased().contains(lowered), "\(machine): \(identifier) survives in the name \(path)")
      }
      for value in Self.matches(Self.macShape, in: text) {
        #expect(value.allSatisfy { $0 == "0" || $0 == ":" }, "\(machine): the MAC \(value) survives in \(path)")
      }
      for value in Self.matches(Self.uuidShape, in: text + "\n" + path) {
        #expect(Self.isNumberedPlaceholder(value), "\(machine): the UUID \(value) survives in \(path)")
      }
      for name in Self.captures(Self.userDirectory, in: text + "\n" + path) {
        #expect(name == "user", "\(machine): the user name \(name) survives in \(path)")
      }
    }
  }

  @Test("the laptop's battery serial, Bluetooth phys/uniq, enx… interface and USB serials are replaced, and it replays")
  func laptopIdentifiers() throws {
    let fixture = FixtureMachine(name: "thinkpad-laptop")
    let identifiers = Self.identifiers(of: fixture)
    for expected in [
      "11863", "4c3b2a19", "001000001", "a4:c3:f0:8b:12:7e", "d4:5e:1f:90:3c:88", "00:e0:4c:68:aa:55",
      "enx00e04c68aa55",
    ] {
      #expect(identifiers.contains(expected), "the fixture lost \(expected): \(identifiers.sorted())")
    }
    let testbed = try fixture.load()
    let bundle = try SnapshotCommandTests.emptyDirectory().appendingPathComponent("snapshot")
    defer { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }
    #expect(try DevCapsProcess.run(["snapshot", bundle.path], environment: testbed.environment).status == 0)
    let record = try String(contentsOf: bundle.appendingPathComponent("devices.umockdev"), encoding: .utf8)
    // A testbed's attribute files end without a line feed, so the record's A: lines do too.
    for line in [
      "P: /devices/pci0000:00/0000:00:14.0/usb3/3-1/3-1:1.0/net/enx000000000000", "E: INTERFACE=enx000000000000",
      "E: ID_NET_NAME=enx000000000000", "E: ID_NET_NAME_MAC=enx000000000000", "A: address=00:00:00:00:00:00",
      "A: phys=00:00:00:00:00:00", "A: uniq=00:00:00:00:00:00", "E: PHYS=\"00:00:00:00:00:00\"",
      "E: UNIQ=\"00:00:00:00:00:00\"", "E: HID_PHYS=00:00:00:00:00:00", "E: HID_UNIQ=00:00:00:00:00:00",
      "A: serial_number=redacted", "E: POWER_SUPPLY_SERIAL_NUMBER=redacted", "A: uniq=redacted",
      "E: UNIQ=\"redacted\"", "E: HID_UNIQ=redacted", "A: serial=redacted", "E: ID_SERIAL=redacted",
    ] {
      #expect(record.contains(line + "\n"), "\(line) not in the record")
    }
    let report = try String(contentsOf: bundle.appendingPathComponent("devcaps-report.json"), encoding: .utf8)
    #expect(report.contains("\"enx000000000000\""), "the report names the interface zeroed")
    // The names agree everywhere, so the redacted bundle still replays the interface.
    let replayed = try SnapshotCommandTests.replay(bundle, ["get", "network"])
    #expect(replayed.status == 0, "\(replayed.stderr)")
    #expect(replayed.stdout.contains("\"enx000000000000\""), "\(replayed.stdout)")
  }

  @Test("--keep-identifiers says on stderr which kinds of identifiers the bundle keeps")
  func keepIdentifiersSaysSo() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let bundle = try SnapshotCommandTests.emptyDirectory().appendingPathComponent("snapshot")
    defer { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }
    let taken = try DevCapsProcess.run(
      ["snapshot", "--keep-identifiers", bundle.path], environment: testbed.environment)
    #expect(taken.status == 0)
    let kinds: String =
      "MAC addresses and the interface names made from them, serial numbers and unique ids, "
      + "world-wide names (disks' WWIDs, EUI-64s, NGUIDs, NQNs and SCSI identification pages), "
      + "network ports' and switches' physical ids, UUIDs and asset tags, "
      + "serials and volume ids in device links and mount paths, network mounts' servers, users and addresses, "
      + "the machine-id, the hostname, user names in paths"
    let note: String =
      "devcaps: note: \(bundle.path) keeps identifiers: \(kinds); "
      + "its files that hold them are 0600; share it only with people you would tell them to\n"
    #expect(taken.stderr.hasSuffix(note), "\(taken.stderr)")
    let record = try String(contentsOf: bundle.appendingPathComponent("devices.umockdev"), encoding: .utf8)
    #expect(record.contains("E: INTERFACE=enx00e04c68aa55\n") && record.contains("A: serial_number= 11863\n"))
  }

  static let passthrough = FixtureMachine.directory.deletingLastPathComponent()
    .appendingPathComponent("devices/passthrough-nic-and-nvme.umockdev")

  @Test(
    "a passed-through NIC's phys_port_id and phys_switch_id and an NVMe disk's serial, wwid, EUI, NGUID and NQN do not survive"
  )
  func portAndDiskIdentifiers() throws {
    let devices = try String(contentsOf: Self.passthrough, encoding: .utf8)
    let identifiers = Self.identifiers(in: [("/devices.umockdev", devices)])
    for expected in [
      "803c5afeffe197bc", "eui.36344630521234560025384500000001", "36344630-5212-3456-0025-384500000001",
      "00 25 38 45 12 34 56 78", "S64FNE0R123456", "bc:97:e1:5a:3c:80",
    ] {
      #expect(identifiers.contains(expected), "the fixture lost \(expected): \(identifiers.sorted())")
    }
    let testbed = try FixtureMachine(name: "qemu-vm").load()
    try testbed.addDevices(devices)
    for keeping in [false, true] {
      let bundle = try SnapshotCommandTests.emptyDirectory().appendingPathComponent("snapshot")
      defer { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }
      let taken = try DevCapsProcess.run(
        ["snapshot", bundle.path] + (keeping ? ["--keep-identifiers"] : []), environment: testbed.environment)
      #expect(taken.status == 0, "\(taken.stderr)")
      let record = try String(contentsOf: bundle.appendingPathComponent("devices.umockdev"), encoding: .utf8)
      #expect(record.contains("P: /devices/pci0000:00/0000:00:05.0/net/enp0s5np0\n"), "the NIC is recorded")
      if keeping {
        #expect(
          record.contains("A: phys_port_id=803c5afeffe197bc\n")
            && record.contains("A: phys_switch_id=803c5afeffe197bc\n"))
        #expect(taken.stderr.contains("network ports' and switches' physical ids"), "\(taken.stderr)")
        continue
      }
      #expect(
        record.contains("A: phys_port_id=0000000000000000\n") && record.contains("A: phys_switch_id=0000000000000000\n")
      )
      for (path, text) in Self.files(in: bundle) {
        for identifier in identifiers {
          #expect(!text.lowercased().contains(identifier.lowercased()), "\(identifier) survives in \(path)")
        }
      }
    }
  }

  @Test("--keep-identifiers with standard error on a full disk: exit 74, and the bundle stays whole")
  func keepIdentifiersNoteLost() throws {
    let testbed = try FixtureMachine(name: "thinkpad-laptop").load()
    let bundle = try SnapshotCommandTests.emptyDirectory().appendingPathComponent("snapshot")
    defer { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }
    let taken = try ChildProcess.run(
      "/bin/sh",
      [
        "-c", "exec \"$0\" \"$@\" 2>/dev/full", DevCapsProcess.executable.path, "snapshot", "--keep-identifiers",
        bundle.path,
      ],
      environment: DevCapsProcess.environment(testbed.environment)
    ).result
    #expect(taken.status == 74, "the note that the bundle keeps identifiers was lost, so the run is not a success")
    // The bundle is what was asked for, complete; only the note is lost.
    let record = try String(contentsOf: bundle.appendingPathComponent("devices.umockdev"), encoding: .utf8)
    #expect(record.contains("E: INTERFACE=enx00e04c68aa55\n"))
    let report = try FileManager.default.attributesOfItem(
      atPath: bundle.appendingPathComponent("devcaps-report.json").path)
    #expect((report[.posixPermissions] as? Int) == 0o600)
  }
}
