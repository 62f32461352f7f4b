import Testing

@testable import DevCapsKit

@Suite("Input capability bitmaps")
struct InputDevicesTests {
  @Test(
    "words are most significant first",
    arguments: [
      ("0", Set<Int>()),
      ("1", [0]),
      ("3", [0, 1]),
      ("800", [11]),
      ("107030000 0", [64 + 16, 64 + 17, 64 + 24, 64 + 25, 64 + 26, 64 + 32]),
      ("1 0", [64]),
    ] as [(String, Set<Int>)])
  func bits(text: String, expected: Set<Int>) {
    #expect(InputDevices.bits(text) == expected)
  }

  @Test("garbage is nil", arguments: ["", "xyz", "1 zz"])
  func garbage(text: String) {
    #expect(InputDevices.bits(text) == nil)
  }
}
