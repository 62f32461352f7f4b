extension CPUProbe {
  static let smbiosTable = "/sys/firmware/dmi/tables/DMI"

  /// The firmware's stated maximum clock: the highest "Max Speed" (a WORD in MHz at offset 14h,
  /// 0 for unknown) of the SMBIOS Processor Information structures (type 4, DSP0134 §7.5) of
  /// populated sockets, as dmidecode prints it. The table is root's alone to read: for anyone else
  /// this is nil, silently.
  func firmwareMaxHz() -> Int64? {
    guard let table = context.bytesIfPermitted(CPUProbe.smbiosTable) else { return nil }
    let processorInformation: UInt8 = 4
    let maxSpeedOffset = 0x14
    let statusOffset = 0x18
    let socketPopulated: UInt8 = 0x40
    var highest: Int64?
    for area in SMBIOSTable.formattedAreas(ofType: processorInformation, in: table) {
      // An empty socket of a two-socket board still states the speed it would take.
      if area.count > statusOffset, area[area.startIndex + statusOffset] & socketPopulated == 0 { continue }
      guard let megahertz = SMBIOSTable.word(area, at: maxSpeedOffset), megahertz != 0 else { continue }
      highest = max(highest ?? 0, Int64(megahertz) * 1_000_000)
    }
    return highest
  }
}
