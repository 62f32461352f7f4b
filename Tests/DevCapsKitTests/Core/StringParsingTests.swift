import Testing

@testable import DevCapsKit

@Suite("Kernel CPU lists")
struct CPUListTests {
  @Test(
    "parses ranges and singles; rejects garbage",
    arguments: [
      ("0", [0]),
      ("0-3", [0, 1, 2, 3]),
      ("0,2,4-6", [0, 2, 4, 5, 6]),
      ("0-1\n", [0, 1]),
      ("", []),
      ("0-3,x", nil),
      ("3-1", nil),
      ("::/", nil),
      ("-1", nil),
      ("0-", nil),
      ("0,0,0,1-1", [0, 1]),
      ("4-5,0-5", [0, 1, 2, 3, 4, 5]),
      ("8191", [8191]),
      ("8192", nil),
      ("0-65535", nil),
    ] as [(String, [Int]?)])
  func cpuLists(text: String, expected: [Int]?) {
    #expect(parseCPUList(text) == expected)
  }

  @Test("a CPU list is a set bounded by the kernel's largest CPU number: 2,000 × 0-8191 is 8,192 CPUs, not 16 million")
  func cpuListBounded() {
    let hostile = Array(repeating: "0-8191", count: 2000).joined(separator: ",")
    #expect(parseCPUList(hostile)?.count == 8192)
    #expect(parseCPUList(Array(repeating: "0-65535", count: 2000).joined(separator: ",")) == nil)
  }

  @Test(
    "the number a name ends with: iio:device10 sorts after iio:device9",
    arguments: [
      ("iio:device10", 10), ("iio:device9", 9), ("iio:device", nil), ("", nil), ("7", 7), ("card0-eDP-1", 1),
      ("iio:device٣", nil), ("x99999999999999999999", nil),
    ] as [(String, Int?)])
  func trailingNumber(name: String, number: Int?) {
    #expect(name.trailingNumber == number)
  }

  @Test(
    "one text in another, by bytes",
    arguments: [
      ("5.15.0-microsoft-standard-WSL2", "WSL", true), ("6.1.0-Microsoft", "Microsoft", true), ("6.1.0", "WSL", false),
      (":capture:video_output:", ":capture:", true), ("capture", ":capture:", false), ("", "", true), ("abc", "", true),
      ("WS", "WSL", false), ("aaab", "aab", true), ("é:capture:", ":capture:", true),
    ] as [(String, String, Bool)])
  func containsBytes(text: String, needle: String, found: Bool) {
    #expect(text.containsBytes(needle) == found)
  }
}

@Suite("Decimal text")
struct DecimalTextTests {
  @Test(
    "as string interpolation writes it",
    arguments: [0, 7, 10, 99, 100, 255, 8191, 1_000_000, -3, -10, Int.max, Int.min])
  func decimal(value: Int) {
    #expect(value.decimalText == "\(value)")
  }
}
