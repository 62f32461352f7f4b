import Testing

@testable import DevCapsKit

/// EDID blocks built byte by byte, as a monitor's firmware would hold them.
struct EDIDBuilder {
  var bytes = [UInt8](repeating: 0, count: 128)

  init(manufacturer: String = "DEL", product: Int = 0xA0F2, serial: UInt32 = 0x1234_5678) {
    bytes.replaceSubrange(0..<8, with: EDID.header)
    let letters = manufacturer.unicodeScalars.map { Int($0.value) - 64 }
    let packed = letters[0] << 10 | letters[1] << 5 | letters[2]
    bytes[8] = UInt8(packed >> 8)
    bytes[9] = UInt8(packed & 0xFF)
    bytes[10] = UInt8(product & 0xFF)
    bytes[11] = UInt8(product >> 8)
    for index in 0..<4 { bytes[12 + index] = UInt8((serial >> (8 * UInt32(index))) & 0xFF) }
    bytes[18] = 1
    bytes[19] = 4
  }

  /// A detailed timing in descriptor slot 0…3.
  mutating func timing(
    slot: Int = 0, clockKHz: Int, hActive: Int, hBlank: Int, vActive: Int, vBlank: Int, widthMm: Int, heightMm: Int,
    interlaced: Bool = false
  ) {
    let o = 54 + slot * 18
    let clock = clockKHz / 10
    bytes[o] = UInt8(clock & 0xFF)
    bytes[o + 1] = UInt8(clock >> 8)
    bytes[o + 2] = UInt8(hActive & 0xFF)
    bytes[o + 3] = UInt8(hBlank & 0xFF)
    bytes[o + 4] = UInt8((hActive >> 8) << 4 | hBlank >> 8)
    bytes[o + 5] = UInt8(vActive & 0xFF)
    bytes[o + 6] = UInt8(vBlank & 0xFF)
    bytes[o + 7] = UInt8((vActive >> 8) << 4 | vBlank >> 8)
    bytes[o + 12] = UInt8(widthMm & 0xFF)
    bytes[o + 13] = UInt8(heightMm & 0xFF)
    bytes[o + 14] = UInt8((widthMm >> 8) << 4 | heightMm >> 8)
    bytes[o + 17] = interlaced ? 0x80 : 0x18
  }

  mutating func text(slot: Int, tag: UInt8, _ text: String) {
    let o = 54 + slot * 18
    bytes.replaceSubrange(o..<(o + 5), with: [0, 0, 0, tag, 0])
    var payload = Array(text.utf8.prefix(13))
    if payload.count < 13 { payload.append(0x0A) }
    while payload.count < 13 { payload.append(0x20) }
    bytes.replaceSubrange((o + 5)..<(o + 18), with: payload)
  }

  mutating func sizeInCentimetres(_ width: UInt8, _ height: UInt8) {
    bytes[21] = width
    bytes[22] = height
  }

  /// The last byte makes the 128 bytes add up to 0 mod 256.
  func sealed() -> [UInt8] {
    var copy = bytes
    copy[127] = UInt8((256 - Int(copy[0..<127].reduce(0) { $0 &+ $1 })) % 256)
    return copy
  }
}

@Suite("EDID")
struct EDIDTests {
  @Test("a 4K monitor: manufacturer, product, serials, name, size and preferred mode")
  func monitor() throws {
    var builder = EDIDBuilder()
    builder.timing(
      clockKHz: 533_250, hActive: 3840, hBlank: 160, vActive: 2160, vBlank: 62, widthMm: 597, heightMm: 336)
    builder.text(slot: 1, tag: 0xFC, "DELL U2720Q")
    builder.text(slot: 2, tag: 0xFF, "ABC1234")
    builder.sizeInCentimetres(60, 34)
    let edid = try EDID.parse(builder.sealed())
    #expect(edid.manufacturerId == "DEL")
    #expect(edid.productCode == 0xA0F2)
    #expect(edid.serialNumber == 0x1234_5678)
    #expect(edid.name == "DELL U2720Q")
    #expect(edid.serialString == "ABC1234")
    #expect(edid.widthMm == 597)
    #expect(edid.heightMm == 336)
    #expect(edid.preferredMode == EDID.Mode(width: 3840, height: 2160, refreshHz: 60.0, interlaced: false))
  }

  @Test("without a timing size, the basic block's centimetres are used")
  func centimetres() throws {
    var builder = EDIDBuilder(serial: 0)
    builder.timing(clockKHz: 148_500, hActive: 1920, hBlank: 280, vActive: 1080, vBlank: 45, widthMm: 0, heightMm: 0)
    builder.sizeInCentimetres(53, 30)
    let edid = try EDID.parse(builder.sealed())
    #expect(edid.widthMm == 530)
    #expect(edid.heightMm == 300)
    #expect(edid.serialNumber == nil)
    #expect(edid.preferredMode?.refreshHz == 60.0)
  }

  @Test("an interlaced timing reports the frame's height")
  func interlaced() throws {
    var builder = EDIDBuilder()
    builder.timing(
      clockKHz: 74_250, hActive: 1920, hBlank: 280, vActive: 540, vBlank: 22, widthMm: 0, heightMm: 0, interlaced: true)
    let mode = try EDID.parse(builder.sealed()).preferredMode
    #expect(mode?.height == 1080)
    #expect(mode?.interlaced == true)
  }

  @Test("no size, no timing, no name: unknowns, not zeros")
  func bare() throws {
    let edid = try EDID.parse(EDIDBuilder().sealed())
    #expect(edid.widthMm == nil)
    #expect(edid.preferredMode == nil)
    #expect(edid.name == nil)
  }

  @Test("a 256-byte EDID with an extension block parses its base block")
  func withExtension() throws {
    let edid = try EDID.parse(EDIDBuilder().sealed() + [UInt8](repeating: 0x02, count: 128))
    #expect(edid.manufacturerId == "DEL")
  }

  @Test("malformed blocks are rejected with the reason")
  func malformed() {
    let good = EDIDBuilder().sealed()
    #expect(throws: EDID.ParseError.tooShort(0)) { try EDID.parse([]) }
    #expect(throws: EDID.ParseError.tooShort(127)) { try EDID.parse(Array(good.prefix(127))) }
    var badHeader = good
    badHeader[1] = 0
    #expect(throws: EDID.ParseError.badHeader) { try EDID.parse(badHeader) }
    var badChecksum = good
    badChecksum[127] &+= 1
    #expect(throws: EDID.ParseError.badChecksum) { try EDID.parse(badChecksum) }
    #expect(throws: EDID.ParseError.badHeader) { try EDID.parse([UInt8](repeating: 0xFF, count: 128)) }
  }

  @Test("non-printable text in a name descriptor is replaced")
  func nonPrintableName() throws {
    var builder = EDIDBuilder()
    builder.text(slot: 1, tag: 0xFC, "AB\u{1B}[31m")
    #expect(try EDID.parse(builder.sealed()).name == "AB?[31m")
  }

  @Test("modes keep the kernel's order, each resolution once")
  func modes() {
    #expect(
      DisplayProbe.modes("3840x2160\n3840x2160\n1920x1080\n\n1280x720\n1920x1080\n") == [
        "3840x2160", "1920x1080", "1280x720",
      ])
    #expect(DisplayProbe.modes("") == [])
  }
}
