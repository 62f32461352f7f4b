/// The structures of an SMBIOS table as the kernel exports it whole in
/// `/sys/firmware/dmi/tables/DMI` (what dmidecode reads). Each structure (DMTF DSP0134 §6.1.2) is
/// a header — type, length of the formatted area, handle — then the formatted area, then its
/// strings, each NUL-terminated, the set ended by one more NUL (two NULs when it has none).
enum SMBIOSTable {
  /// The formatted areas (header included, so offsets match the specification's tables) of the
  /// structures of `type`. A truncated table or a structure shorter than its header ends the
  /// walk, as dmidecode stops there: nothing after it can be located.
  static func formattedAreas(ofType type: UInt8, in table: [UInt8]) -> [ArraySlice<UInt8>] {
    let endOfTable: UInt8 = 127
    var found: [ArraySlice<UInt8>] = []
    var start = 0
    while start + 4 <= table.count {
      let structureType = table[start]
      let length = Int(table[start + 1])
      guard length >= 4, start + length <= table.count else { break }
      if structureType == type { found.append(table[start..<start + length]) }
      if structureType == endOfTable { break }
      var next = start + length
      while next + 1 < table.count, table[next] != 0 || table[next + 1] != 0 { next += 1 }
      start = next + 2
    }
    return found
  }

  /// The little-endian WORD at `offset` of a formatted area; nil when the area is too short.
  static func word(_ area: ArraySlice<UInt8>, at offset: Int) -> UInt16? {
    guard area.count >= offset + 2 else { return nil }
    let base = area.startIndex + offset
    return UInt16(area[base]) | UInt16(area[base + 1]) << 8
  }
}
