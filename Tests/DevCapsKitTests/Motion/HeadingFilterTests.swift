import Testing

@testable import DevCapsKit

@Suite("Heading filter")
struct HeadingFilterTests {
  @Test("the first heading passes; later ones when they moved by more than the threshold, the shorter way round")
  func threshold() {
    var filter = HeadingFilter(threshold: 5)
    let passed = [358.0, 2, 3.5, 4, 353, 352.9, 180, 175.5].filter { filter.admit($0) }
    // 2 is 4° from 358 across north, 3.5 is 5.5°; 4 is 0.5° from 3.5, 353 is 10.5°; 352.9 is
    // 0.1° from 353; 175.5 is 4.5° from 180.
    #expect(passed == [358, 3.5, 353, 180])
    #expect(filter.reported == 180)
  }

  @Test("a threshold of 0 passes every heading, the same one again too")
  func zero() {
    var filter = HeadingFilter(threshold: 0)
    #expect([90.0, 90, 90.01].map { filter.admit($0) } == [true, true, true])
  }
}
