import Testing

@testable import devcaps

/// The "% used" beside a disk in `devcaps list`: df(1)'s Use%. df leaves the blocks reserved for
/// root out of both sides: used = total − free, and the percentage is used ÷ (used + available),
/// rounded up (coreutils df.c); "-" (here: none) when that cannot be computed.
@Suite("disk % used, as df shows it")
struct DiskPercentTests {
  static let kiB: UInt64 = 1024
  static let huge: UInt64 = 1 << 62

  @Test(
    "used ÷ (used + available), rounded up",
    arguments: [
      // (total, free, available) → percent
      (100, 50, 50, 50),
      (100, 100, 100, 0),
      (1000, 999, 999, 1),  // 0.1 % rounds up to 1
      (1000, 1, 1, 100),  // 99.9 % rounds up to 100
      (100, 10, 5, 95),  // 90 used, 5 available to users: 94.7 %
      (100, 5, 0, 100),  // available 0: full for users though root has blocks left
      (100, 0, 0, 100),
      (0, 0, 10, 0),  // nothing used
      // The root filesystem of the machine these tests were written on: df's 1K-blocks
      // 264212084, Used 15722884, Avail 83342728, Use% 16 (the old formula said 6).
      (264_212_084 * kiB, (264_212_084 - 15_722_884) * kiB, 83_342_728 * kiB, 16),
      // used × 100 overflows 64 bits: computed in floating point, as df does.
      (huge, huge / 2, huge / 2, 50),
      (UInt64.max, 0, 0, 100),
    ] as [(UInt64, UInt64, UInt64, Int)])
  func percent(total: UInt64, free: UInt64, available: UInt64, expected: Int) {
    #expect(HumanReport.percentUsed(totalBytes: total, freeBytes: free, availableBytes: available) == expected)
  }

  @Test(
    "none when df prints '-'",
    arguments: [
      (0, 0, 0),  // total 0: an empty or pseudo filesystem
      (100, 150, 50),  // free > total: "used" would be negative
      (100, 100, 0),  // nothing used and nothing available: no denominator
    ] as [(UInt64, UInt64, UInt64)])
  func none(total: UInt64, free: UInt64, available: UInt64) {
    #expect(HumanReport.percentUsed(totalBytes: total, freeBytes: free, availableBytes: available) == nil)
  }
}
