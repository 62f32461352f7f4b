// libFuzzer entry point: the parsers of files the kernel and monitors hand devcaps (EDID,
// mountinfo, cpuinfo with its identity, features and s390 caches, meminfo, os-release, CPU lists,
// mount matrices, IIO scan types and scans, inotify events, CPU masks, cache sizes, release
// files, /proc/sysinfo, /proc/self/limits, cgroup paths and memory.stat, thermal zones' temperatures and trips,
// SMBIOS tables, /proc/bus/pci/devices, PCI uevents, pci.ids, USB device attributes, a snapshot's redaction of the files it copies), and the formatting of numbers read from such files. The
// first byte picks the parser, the rest is the file. Fuzz/corpus/sysfs holds every input that
// ever crashed one of them.
@_cdecl("LLVMFuzzerTestOneInput")
public func sysfsFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let text = String(decoding: bytes, as: UTF8.self)
  switch data[0] % 14 {
  case 0:
    _ = try? EDID.parse(bytes)
    // An SMBIOS table: every structure the walk returns lies within the table.
    for area in SMBIOSTable.formattedAreas(ofType: bytes.first ?? 4, in: bytes) {
      precondition(area.count >= 4 && area.endIndex <= bytes.count, "an SMBIOS structure outside the table")
      _ = SMBIOSTable.word(area, at: 0x14)
    }
  case 1:
    _ = MountInfo.localFilesystems(MountInfo.parse(text).entries)
    // The byte parse must agree with the Character parse wherever it takes the text.
    var plain = text
    let all = { (_: Substring) in true }
    if let parsed = plain.withUTF8({ PlainASCII.isPlain($0) ? MountInfo.parsePlain($0, keeping: all) : nil }) {
      let reference = MountInfo.parseCharacters(text, keeping: all)
      precondition(
        parsed.entries == reference.entries && parsed.malformed == reference.malformed, "the mountinfo parses disagree")
    }
  case 2:
    if let plain = CPUInfoFile.plainRecords(text) {
      precondition(plain == CPUInfoFile.characterRecords(text), "the cpuinfo parses disagree")
    }
    let info = CPUInfoFile(text: text)
    for record in info.processors + [info.machine] {
      for key in CPUFeatures.keys {
        guard let line = record[key] else { continue }
        precondition(
          CPUFeatures.sortedUniqueWords(line, key: key) == CPUFeatures.sortedUnique(CPUFeatures.words(line)),
          "the features' byte and Character splits disagree")
      }
    }
    _ = (info.modelNames, info.topology, info.firstProcessorHz, info.firstProcessorHas(flag: "hypervisor"))
    let flags = CPUFeatures.flags(info)
    precondition(flags == Array(Set(flags)).sorted(), "the CPU features are not sorted and distinct")
    _ = (CPUIdentity(info), CPUFeatures.x86Level(flags), CPUCacheText.s390Caches(info))
  case 3:
    // The byte parse must agree with the Character parse wherever it takes the text.
    let (bytesLog, charactersLog) = (DiagnosticLog(), DiagnosticLog())
    if let values = MemoryProbe.parseASCIIMeminfo(text, diagnostics: bytesLog) {
      let reference = MemoryProbe.parseMeminfoCharacters(text, diagnostics: charactersLog)
      precondition(values == reference && bytesLog.entries == charactersLog.entries, "the meminfo parses disagree")
    } else {
      _ = MemoryProbe.parseMeminfo(text, diagnostics: DiagnosticLog())
    }
  case 4:
    _ = parseEnvironmentFile(text)
    // A PCI uevent, and the same bytes as pci.ids, fed whole and in chunks of 3: the same names.
    _ = PCIUevent.parse(bytes)
    let wanted = [PCIDeviceInfo(address: "", vendorId: "8086", deviceId: "9a49")]
    var whole = PCIIDsScanner(wanted: wanted)
    whole.feed(bytes[...])
    whole.finish()
    var chunked = PCIIDsScanner(wanted: wanted)
    for start in stride(from: 0, to: bytes.count, by: 3) where !chunked.isDone {
      chunked.feed(bytes[start..<min(start + 3, bytes.count)])
    }
    chunked.finish()
    precondition(whole.names == chunked.names, "pci.ids read in chunks differs from read whole")
    // The same bytes as a pci.ids file searched for a vendor: a place inside the file, and the
    // scan from there ends.
    let read = { (offset: Int, count: Int) -> [UInt8] in
      offset >= bytes.count ? [] : Array(bytes[offset..<min(offset + count, bytes.count)])
    }
    let start = PCIIDsSeek.start(before: 0x8086, size: bytes.count, read: read)
    precondition(start >= 0 && start <= bytes.count, "a pci.ids search outside the file")
    var sought = PCIIDsScanner(wanted: wanted)
    if start > 0 { sought.startMidLine() }
    sought.feed(bytes[start...])
    sought.finish()
  case 5: _ = parseCPUList(text)
  case 6: _ = MountMatrix.parse(text)
  case 7:
    _ = bytes.withUnsafeBytes { SysfsValueReader.parseFour($0) }
    // A value of up to 15 digits is the nearest double, as Double(String) reads the same text.
    if let value = bytes.withUnsafeBytes({ SysfsValueReader.parse($0) }),
      bytes.filter({ $0 >= 48 && $0 <= 57 }).count <= 15, let reference = Double(text.trimmingWhitespace())
    {
      precondition(value == reference, "\(text.debugDescription) parsed as \(value), not \(reference)")
    }
  case 8:
    // A number as a sysfs or UPower value holds it, through the conversions and formatting.
    let value = Double(text.trimmingWhitespace()) ?? 0
    _ = (Units.duration(seconds: value), Units.fixed(value, decimals: 2), Int64(roundingIfRepresentable: value))
    if let integer = Int64(text.trimmingWhitespace()) {
      _ = (Units.clock(seconds: integer), Units.hertz(integer), Units.grouped(integer))
      precondition(Int(integer).decimalText == "\(integer)", "decimalText differs from interpolation")
    }
  case 9:
    bytes.withUnsafeBytes { raw in ReplacedAttributes.forEachEvent(in: raw) { _, _, name in _ = name.utf8.count } }
  case 11:
    // One line each: a CPU mask, a cache size and type, an ISA string, a release file's line,
    // /proc/sysinfo.
    let line = text.split(separator: "\n").first.map(String.init) ?? ""
    if let mask = CPUMask(hex: line) { _ = (0..<64).filter(mask.contains) }
    // A USB device's attributes: what parses is what the kernel writes.
    if let id = USBAttributes.id(line) { precondition(id.utf8.count == 4 && id == id.lowercased(), "a USB ID \(id)") }
    if let code = USBAttributes.classCode(line) { precondition(code.utf8.count == 2, "a USB class \(code)") }
    if let speed = USBAttributes.speed(line) { precondition(speed > 0 && speed.isFinite, "a USB speed \(speed)") }
    _ = (USBAttributes.removable(line), USBAttributes.number(line), USBAttributes.isRootHub(line))
    if let next = text.split(separator: "\n").dropFirst().first { _ = USBAttributes.portOrder(line, String(next)) }
    _ = (CPUCacheText.cacheSize(line), CPUCacheText.cacheType(line), CPUFeatures.riscvExtensions(line))
    if let version = PointRelease.leadingVersionText(line) { precondition(PointRelease.extends(version, version)) }
    _ = (HypervisorVendor.s390(text), HypervisorVendor.emulatedPCIVendor(text))
    // /proc/self/limits rows, and a cgroup path resolved under a mount whose root is the second line.
    let context = ProbeContext(root: SystemRoot("/nonexistent-devcaps-fuzz"))
    _ = (
      ProcessStatus.limit("Max open files", in: text, context: context),
      ProcessStatus.limit("Max processes", in: text, context: context)
    )
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let mount = MountEntry(
      device: "0:1", root: lines.count > 1 ? String(lines[1]) : "/", mountPoint: "/sys/fs/cgroup", options: [],
      fileSystemType: "cgroup2",
      source: "cgroup2")
    _ = StorageProbe.transport(name: line, devicePath: lines.count > 1 ? String(lines[1]) : nil)
    _ = (CgroupLimits.statValue("inactive_file", in: text), CgroupLimits.statValue("total_inactive_file", in: text))
    let directories = CgroupPaths.directories(line, under: mount)
    precondition(
      directories.last == "/sys/fs/cgroup" && directories.allSatisfy { $0.hasPrefix("/sys/fs/cgroup") },
      "a cgroup directory outside its mount")
  case 12:
    // Lines as a thermal zone's files hold them (temp, then trip type and temp pairs), and as
    // cooling devices' cur_state and max_state, judged by the rule.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
    let numbers = lines.map { Int64($0) }
    var trips: [ThermalTrip] = []
    for index in stride(from: 1, to: lines.count - 1, by: 2) {
      if let millidegrees = numbers[index + 1],
        let trip = ThermalSysfs.trip(type: lines[index], millidegrees: millidegrees)
      {
        trips.append(trip)
      }
    }
    let zone = ThermalZoneInfo(
      id: "thermal_zone0", type: lines.first,
      temperatureCelsius: numbers.first.flatMap { $0.flatMap(ThermalSysfs.celsius(millidegrees:)) }, trips: trips)
    let cooling = CoolingDeviceInfo(
      id: "cooling_device0", type: lines.last, currentState: numbers.first ?? nil, maxState: numbers.last ?? nil)
    _ = ThermalRule.judge(zones: [zone], coolingDevices: [cooling])
    _ = lines.sorted(by: ThermalSysfs.kernelOrder)
  case 13:
    // A snapshot's redaction of a file it copies: the next byte picks the file. Kept identifiers
    // (`--keep-identifiers`) change no byte; redaction never traps, whatever the file holds, and
    // the values it learns are replaced in what it writes next.
    guard let pick = bytes.first else { return 0 }
    let content = Array(bytes.dropFirst())
    let contentText = String(decoding: content, as: UTF8.self)
    let paths = [
      "/proc/self/mountinfo", "/proc/mounts", "/etc/fstab", "/proc/cpuinfo", "/proc/self/cgroup",
      "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1/uevent", "/sys/class/net/wlp0s20f3/address",
      "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1/serial", "/sys/class/drm/card0-eDP-1/edid",
      "/sys/block/nvme0n1/wwid", "/sys/class/net/eno1/phys_port_id", "/etc/machine-info",
      "/sys/class/power_supply/BAT0/model_name", "/sys/devices/platform/input/input3/uniq",
    ]
    let path = paths[Int(pick) % paths.count]
    let kept = SnapshotRedaction(keepsIdentifiers: true)
    precondition(kept.file(path, content) == content, "kept identifiers changed \(path)")
    precondition(
      kept.path(contentText) == contentText && kept.property("ID_SERIAL", contentText) == contentText,
      "kept identifiers changed a path")
    let redaction = SnapshotRedaction(keepsIdentifiers: false)
    let written = redaction.file(path, content)
    let serial = redaction.property("ID_SERIAL_SHORT", contentText)
    _ = redaction.withoutKnown(written)
    _ = redaction.path(contentText)
    _ = redaction.path(serial)
    _ = redaction.attribute("serial", content)
  default:
    // A scan type on the first line, then scans decoded with it at every offset.
    let parts = text.split(separator: "\n", maxSplits: 1)
    if let format = parts.first.flatMap({ ScanFormat.parse(String($0)) }) {
      let layout = ScanLayout([("a", 0, format), ("b", 1, format), ("t", 2, ScanFormat.parse("le:s64/64>>0")!)])
      bytes.withUnsafeBytes { raw in
        for offset in stride(from: 0, to: raw.count, by: max(1, layout.scanBytes)) {
          for channel in layout.channels { _ = channel.format.decode(raw, at: offset + channel.offset) }
        }
      }
    }
  }
  return 0
}
