import Testing

@testable import DevCapsKit

@Suite("Relative altitude and step counting")
struct AltitudeAndStepsTests {
  @Test(
    "the international barometric formula: the standard atmosphere's altitudes",
    arguments: [(101.325, 0.0), (89.875, 1000.0), (79.495, 2000.0), (54.020, 5000.0)])
  func standardAltitude(kilopascals: Double, meters: Double) {
    // The ISA table's pressures are rounded to 5 Pa; the formula's exponent to 4 digits.
    #expect(abs(AltitudeUpdate.standardAltitudeMeters(kilopascals: kilopascals) - meters) < 3)
  }

  @Test("altitudes are relative to the first good reading; a failed one is null and says why")
  func relative() {
    let watcher = AltitudeWatcher()
    func update(_ kilopascals: Double?, _ problem: String? = nil) -> AltitudeUpdate? {
      guard case .altitude(let update) = watcher.event(sensor: "s", value: kilopascals, problem: problem) else {
        return nil
      }
      return update
    }
    let failedFirst = update(nil, "unreadable")
    #expect(failedFirst?.relativeAltitudeMeters == nil && failedFirst?.problem == "unreadable")
    #expect(update(100)?.relativeAltitudeMeters == 0)
    let lower = update(100.12)
    #expect(abs((lower?.relativeAltitudeMeters ?? 0) + 10.0) < 0.2, "1.2 hPa more is about 10 m lower")
  }

  @Test(
    "steps since the first reading; a reset counter goes on from where it was",
    arguments: [
      ([1200, 1203, 1203, 1210], [0, 3, 3, 10]),
      ([50, 60, 2, 5], [0, 10, 12, 15]),
      ([7, 0, 0, 4, 1], [0, 0, 0, 4, 5]),
    ])
  func counting(counters: [Int], steps: [Int]) {
    var counting = StepCounting()
    #expect(counters.map { counting.steps(counter: $0) } == steps)
  }

  @Test("a step event at the start and on change only; a value that is no count is a problem")
  func stepEvents() {
    let watcher = StepCounterWatcher()
    func steps(_ value: Double?) -> PedometerUpdate? {
      guard case .steps(let update) = watcher.event(sensor: "s", value: value, problem: nil) else { return nil }
      return update
    }
    #expect(steps(10)?.steps == 0)
    #expect(steps(10) == nil)
    #expect(steps(12)?.steps == 2)
    let broken = steps(12.5)
    #expect(broken?.steps == nil && broken?.problem == "expected a whole number of steps, found 12.5")
    #expect(steps(13)?.steps == 3)
  }
}
