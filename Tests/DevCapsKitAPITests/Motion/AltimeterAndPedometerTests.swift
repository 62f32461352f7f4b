import DevCapsKit
import Testing

/// `Altimeter` and `Pedometer` as an app uses them, on the machine the tests run on: the first
/// update from the sensor the report lists, or unavailable, saying so, when it lists none.
@Suite("Altimeter and Pedometer")
struct AltimeterAndPedometerTests {
  @Test("Altimeter: availability agrees with the report; the first update is 0 m, or unavailable")
  func altimeter() async throws {
    let report = try Report.current(sections: [.sensors])
    let barometer = report.sensors?.first { $0.type == .pressure && $0.bus == "iio" }
    #expect(Altimeter.isRelativeAltitudeAvailable == (barometer != nil))
    guard let barometer else {
      await #expect(throws: UpdateError.unavailable("no barometer found (no IIO device with an in_pressure channel)")) {
        for try await _ in Altimeter().relativeAltitudeUpdates(interval: .seconds(1)) {}
      }
      return
    }
    for try await update in Altimeter().relativeAltitudeUpdates(interval: 0.5) {
      #expect(update.sensor == barometer.id)
      #expect(update.relativeAltitudeMeters == 0 || update.problem != nil)
      break
    }
  }

  @Test("an interval outside 1 ms … 10 s is refused when the updates start")
  func altimeterInterval() async {
    await #expect(throws: UpdateError.invalidInterval(.seconds(60))) {
      for try await _ in Altimeter().relativeAltitudeUpdates(interval: .seconds(60)) {}
    }
  }

  @Test("Pedometer: availability agrees with the report; the first update is 0 steps, or unavailable")
  func pedometer() async throws {
    let report = try Report.current(sections: [.sensors])
    let counter = report.sensors?.first { $0.type == .stepCounter && $0.bus == "iio" }
    #expect(Pedometer.isStepCountingAvailable == (counter != nil))
    guard counter != nil else {
      await #expect(throws: UpdateError.unavailable("no step counter found (no IIO device with an in_steps channel)")) {
        for try await _ in Pedometer().updates() {}
      }
      return
    }
    do {
      for try await update in Pedometer().updates() {
        #expect(update.steps == 0 || update.problem != nil)
        break
      }
    } catch {
      // A counter that is off and not writable by this user.
      #expect(error.description.contains("in_steps_en"), "\(error)")
    }
  }

  @Test("availability belongs to the instance: a replayed one is available on a machine without the sensor")
  func instanceAvailability() {
    #expect(Pedometer(replaying: []).isStepCountingAvailable)
    #expect(Altimeter(replaying: []).isRelativeAltitudeAvailable)
    #expect(Pedometer().isStepCountingAvailable == Pedometer.isStepCountingAvailable)
    #expect(Altimeter().isRelativeAltitudeAvailable == Altimeter.isRelativeAltitudeAvailable)
  }

  @Test("replayed for an app's tests: the updates as given, the interval still checked")
  func replayed() async throws {
    let climb = [0.0, 1.5, 3.0].enumerated().map { index, meters in
      AltitudeUpdate(
        pressureKilopascals: 101.325 - meters * 0.012, relativeAltitudeMeters: meters, sensor: "test")
    }
    var heights: [Double?] = []
    for try await update in Altimeter(replaying: climb).relativeAltitudeUpdates(interval: 0.5) {
      heights.append(update.relativeAltitudeMeters)
    }
    #expect(heights == [0, 1.5, 3])
    await #expect(throws: UpdateError.invalidInterval(.seconds(60))) {
      for try await _ in Altimeter(replaying: climb).relativeAltitudeUpdates(interval: .seconds(60)) {}
    }

    let walk = [0, 2, 5].map { PedometerUpdate(steps: $0, counter: 100 + $0, sensor: "test") }
    var steps: [Int?] = []
    for try await update in Pedometer(replaying: walk).updates() { steps.append(update.steps) }
    #expect(steps == [0, 2, 5])
  }
}
