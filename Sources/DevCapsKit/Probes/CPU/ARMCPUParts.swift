/// Names of ARM cores by `CPU implementer` and `CPU part` from /proc/cpuinfo, spelled as lscpu
/// spells them (ARM's technical reference manuals, the kernel's `asm/cputype.h`). A part missing
/// here has no name: lscpu prints `-` for it, devcaps leaves it out.
enum ARMCPUParts {
  static func name(implementer: String?, part: String?) -> String? {
    guard let implementer = implementer.flatMap(parseHex), let part = part.flatMap(parseHex) else { return nil }
    return parts[implementer]?[part]
  }

  /// lscpu's "Vendor ID" for an implementer code; nil for one it does not know.
  static func implementerName(_ implementer: String) -> String? {
    parseHex(implementer).flatMap { implementers[$0] }
  }

  private static let implementers: [Int: String] = [
    0x41: "ARM", 0x42: "Broadcom", 0x43: "Cavium", 0x44: "DEC", 0x46: "FUJITSU", 0x48: "HiSilicon", 0x49: "Infineon",
    0x4d: "Motorola/Freescale", 0x4e: "NVIDIA", 0x50: "APM", 0x51: "Qualcomm", 0x53: "Samsung", 0x56: "Marvell",
    0x61: "Apple", 0x66: "Faraday", 0x69: "Intel", 0x6d: "Microsoft", 0x70: "Phytium", 0xc0: "Ampere",
  ]

  /// The kernel prints both as `0x` and hexadecimal digits; anything else is not an ARM ID.
  private static func parseHex(_ text: String) -> Int? {
    guard text.hasPrefix("0x"), text.count <= 10 else { return nil }
    return Int(text.dropFirst(2), radix: 16)
  }

  private static let parts: [Int: [Int: String]] = [
    0x41: arm, 0x42: broadcom, 0x43: cavium, 0x44: dec, 0x46: fujitsu, 0x48: hisilicon, 0x4e: nvidia,
    0x50: appliedMicro, 0x51: qualcomm, 0x53: samsung, 0x56: marvell, 0x61: apple, 0x66: faraday, 0x69: intel,
    0x70: phytium, 0xc0: ampere,
  ]

  private static let arm: [Int: String] = [
    0x810: "ARM810", 0x920: "ARM920", 0x922: "ARM922", 0x926: "ARM926", 0x940: "ARM940", 0x946: "ARM946",
    0x966: "ARM966", 0xa20: "ARM1020", 0xa22: "ARM1022", 0xa26: "ARM1026", 0xb02: "ARM11 MPCore",
    0xb36: "ARM1136", 0xb56: "ARM1156", 0xb76: "ARM1176",
    0xc05: "Cortex-A5", 0xc07: "Cortex-A7", 0xc08: "Cortex-A8", 0xc09: "Cortex-A9",
    // 0xc0d was announced as Cortex-A12 and renamed; lscpu uses the later name.
    0xc0d: "Cortex-A17", 0xc0e: "Cortex-A17", 0xc0f: "Cortex-A15",
    0xc14: "Cortex-R4", 0xc15: "Cortex-R5", 0xc17: "Cortex-R7", 0xc18: "Cortex-R8",
    0xc20: "Cortex-M0", 0xc21: "Cortex-M1", 0xc23: "Cortex-M3", 0xc24: "Cortex-M4", 0xc27: "Cortex-M7",
    0xc60: "Cortex-M0+",
    0xd01: "Cortex-A32", 0xd02: "Cortex-A34", 0xd03: "Cortex-A53", 0xd04: "Cortex-A35", 0xd05: "Cortex-A55",
    0xd06: "Cortex-A65", 0xd07: "Cortex-A57", 0xd08: "Cortex-A72", 0xd09: "Cortex-A73", 0xd0a: "Cortex-A75",
    0xd0b: "Cortex-A76", 0xd0c: "Neoverse-N1", 0xd0d: "Cortex-A77", 0xd0e: "Cortex-A76AE",
    0xd13: "Cortex-R52", 0xd15: "Cortex-R82", 0xd16: "Cortex-R52+", 0xd20: "Cortex-M23", 0xd21: "Cortex-M33",
    0xd22: "Cortex-M55", 0xd23: "Cortex-M85",
    0xd40: "Neoverse-V1", 0xd41: "Cortex-A78", 0xd42: "Cortex-A78AE", 0xd43: "Cortex-A65AE", 0xd44: "Cortex-X1",
    0xd46: "Cortex-A510", 0xd47: "Cortex-A710", 0xd48: "Cortex-X2", 0xd49: "Neoverse-N2", 0xd4a: "Neoverse-E1",
    0xd4b: "Cortex-A78C", 0xd4c: "Cortex-X1C", 0xd4d: "Cortex-A715", 0xd4e: "Cortex-X3", 0xd4f: "Neoverse-V2",
    0xd80: "Cortex-A520", 0xd81: "Cortex-A720", 0xd82: "Cortex-X4", 0xd84: "Neoverse-V3", 0xd8e: "Neoverse-N3",
  ]

  private static let broadcom: [Int: String] = [0x00f: "Brahma-B15", 0x100: "Brahma-B53", 0x516: "ThunderX2"]

  private static let cavium: [Int: String] = [
    0x0a0: "ThunderX", 0x0a1: "ThunderX-88XX", 0x0a2: "ThunderX-81XX", 0x0a3: "ThunderX-83XX",
    0x0af: "ThunderX2-99xx", 0x0b0: "OcteonTX2", 0x0b1: "OcteonTX2-98XX", 0x0b2: "OcteonTX2-96XX",
    0x0b3: "OcteonTX2-95XX", 0x0b4: "OcteonTX2-95XXN", 0x0b5: "OcteonTX2-95XXMM", 0x0b6: "OcteonTX2-95XXO",
    0x0b8: "ThunderX3-T110",
  ]

  private static let dec: [Int: String] = [0xa10: "SA110", 0xa11: "SA1100"]

  private static let fujitsu: [Int: String] = [0x001: "A64FX"]

  private static let hisilicon: [Int: String] = [
    // HiSilicon reports its Cortex-A76 licence with its own implementer and ARM's Neoverse-V1 part.
    0xd01: "Kunpeng-920", 0xd40: "Cortex-A76",
  ]

  private static let nvidia: [Int: String] = [0x000: "Denver", 0x003: "Denver 2", 0x004: "Carmel"]

  private static let appliedMicro: [Int: String] = [0x000: "X-Gene"]

  private static let qualcomm: [Int: String] = [
    0x00f: "Scorpion", 0x02d: "Scorpion", 0x04d: "Krait", 0x06f: "Krait", 0x201: "Kryo", 0x205: "Kryo",
    0x211: "Kryo", 0x800: "Falkor-V1/Kryo", 0x801: "Kryo-V2", 0x802: "Kryo-3XX-Gold", 0x803: "Kryo-3XX-Silver",
    0x804: "Kryo-4XX-Gold", 0x805: "Kryo-4XX-Silver", 0xc00: "Falkor", 0xc01: "Saphira",
  ]

  private static let samsung: [Int: String] = [
    0x001: "exynos-m1", 0x002: "exynos-m3", 0x003: "exynos-m4", 0x004: "exynos-m5",
  ]

  private static let marvell: [Int: String] = [0x131: "Feroceon-88FR131", 0x581: "PJ4/PJ4b", 0x584: "PJ4B-MP"]

  private static let apple: [Int: String] = [
    0x020: "Icestorm-A14", 0x021: "Firestorm-A14", 0x022: "Icestorm-M1", 0x023: "Firestorm-M1",
    0x024: "Icestorm-M1-Pro", 0x025: "Firestorm-M1-Pro", 0x028: "Icestorm-M1-Max", 0x029: "Firestorm-M1-Max",
    0x030: "Blizzard-A15", 0x031: "Avalanche-A15", 0x032: "Blizzard-M2", 0x033: "Avalanche-M2",
  ]

  private static let faraday: [Int: String] = [0x526: "FA526", 0x626: "FA626"]

  private static let intel: [Int: String] = [
    0x200: "i80200", 0x210: "PXA250A", 0x212: "PXA210A", 0x242: "i80321-400", 0x243: "i80321-600",
    0x290: "PXA250B/PXA26x", 0x292: "PXA210B", 0x2c2: "i80321-400-B0", 0x2c3: "i80321-600-B0",
    0x2d0: "PXA250C/PXA255/PXA26x", 0x2d2: "PXA210C", 0x411: "PXA27x", 0x41c: "IPX425-533", 0x41d: "IPX425-400",
    0x41f: "IPX425-266", 0x682: "PXA32x", 0x683: "PXA930/PXA935", 0x688: "PXA30x", 0x689: "PXA31x",
    0xb11: "SA1110", 0xc12: "IPX1200",
  ]

  private static let phytium: [Int: String] = [0x660: "FTC660", 0x661: "FTC661", 0x662: "FTC662", 0x663: "FTC663"]

  private static let ampere: [Int: String] = [0xac3: "Ampere-1", 0xac4: "Ampere-1a"]
}
