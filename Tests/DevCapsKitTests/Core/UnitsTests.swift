import Testing

@testable import DevCapsKit

@Suite("Numbers for people")
struct UnitsTests {
  @Test(
    "thousands separators",
    arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (12_345_678, "12,345,678"), (-1234, "-1,234")])
  func grouped(value: Int, expected: String) {
    #expect(Units.grouped(value) == expected)
  }

  @Test(
    "binary byte units",
    arguments: [
      (UInt64(0), "0 B"), (1023, "1023 B"), (1024, "1.0 KiB"), (2_147_483_648, "2.0 GiB"),
      (16_439_447_552, "15.3 GiB"), (1_099_511_627_776, "1.0 TiB"),
    ])
  func binary(bytes: UInt64, expected: String) {
    #expect(Units.binaryBytes(bytes) == expected)
  }

  @Test(
    "a rate as people write it: no .0 on a whole number",
    arguments: [(10.0, "10"), (0.2, "0.2"), (12.5, "12.5"), (-3.0, "-3"), (1e20, "1e+20")])
  func plain(value: Double, expected: String) {
    #expect(Units.plain(value) == expected)
  }

  @Test("exact and binary together")
  func both() {
    #expect(Units.bytes(2_147_483_648) == "2,147,483,648 bytes (2.0 GiB)")
    #expect(Units.bytes(512) == "512 bytes")
  }

  @Test(
    "hertz",
    arguments: [(Int64(4_700_000_000), "4.70 GHz"), (648_000_000, "648 MHz"), (32_768, "33 kHz"), (50, "50 Hz")])
  func hertz(value: Int64, expected: String) {
    #expect(Units.hertz(value) == expected)
  }

  @Test(
    "durations", arguments: [(12.5, "12 s"), (3600.0, "1 h 0 min"), (93784.52, "1 d 2 h 3 min"), (-1.0, "unknown")])
  func durations(seconds: Double, expected: String) {
    #expect(Units.duration(seconds: seconds) == expected)
  }

  @Test("fixed decimals round half away from zero")
  func fixed() {
    #expect(Units.fixed(2.25, decimals: 1) == "2.3")
    #expect(Units.fixed(-0.04, decimals: 1) == "0.0")
    #expect(Units.fixed(12.2, decimals: 1) == "12.2")
    #expect(Units.fixed(.nan, decimals: 1) == "unknown")
  }
}

@Suite("Battery clocks")
struct ClockTests {
  @Test(
    "hours and minutes, rounded to the minute",
    arguments: [(Int64(7200), "2:00"), (10231, "2:51"), (17280, "4:48"), (29, "0:00"), (59, "0:01")])
  func clock(seconds: Int64, expected: String) {
    #expect(Units.clock(seconds: seconds) == expected)
  }
}

@Suite("Units never trap on values read from outside")
struct UnitsEdgeTests {
  @Test(
    "battery clocks of nonsense times",
    arguments: [(Int64.max, "2562047788015215:30"), (-1, "unknown"), (Int64.min, "unknown")])
  func clock(seconds: Int64, expected: String) {
    #expect(Units.clock(seconds: seconds) == expected)
  }

  @Test("durations past 64 bits or not finite", arguments: [1e300, .infinity, .nan, 9.3e18])
  func duration(seconds: Double) {
    #expect(Units.duration(seconds: seconds) == "unknown")
  }
}
