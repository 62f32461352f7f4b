import DevCapsKit
import Foundation
import Testing

/// Compass headings as `CLLocationManager.startUpdatingHeading()` gives them, here over simulated
/// readings: a device lying flat, its top edge to the east.
@Suite("Heading updates")
struct HeadingUpdatesTests {
  /// Flat, face up, its top edge at `heading` degrees from magnetic north; a northern field
  /// (20 µT north, 40 µT down), the gyroscope still.
  static func flat(heading: Double, seconds: Double = 1) -> MotionSimulation {
    let angle = heading * .pi / 180
    return .function(hertz: 50, duration: seconds) { t in
      MotionInput(
        timestamp: t, acceleration: Vector3(0, 0, -1), rotationRate: .zero,
        magneticField: Vector3(-20 * sin(angle), 20 * cos(angle), -40))
    }
  }

  @Test("the heading first, marked initial; with the default filter of 1° a still device gives no more")
  func filtered() async throws {
    let motion = MotionManager(source: Self.flat(heading: 90))
    #expect(motion.isHeadingAvailable)
    var headings: [HeadingUpdate] = []
    for try await heading in motion.headingUpdates() { headings.append(heading) }
    #expect(headings.count == 1)
    let first = try #require(headings.first)
    #expect(abs(first.headingDegrees - 90) < 0.5, "\(first.headingDegrees)")
    #expect(first.sensor == "simulation" && first.source == .fusion)
  }

  @Test("a filter of 0 reports every sample")
  func everySample() async throws {
    var headings: [HeadingUpdate] = []
    for try await heading in MotionManager(source: Self.flat(heading: 200)).headingUpdates(filter: 0, interval: 0.02) {
      headings.append(heading)
    }
    #expect(headings.count > 40)
    #expect(headings.allSatisfy { abs($0.headingDegrees - 200) < 0.5 })
  }

  @Test("a filter outside 0 ..< 360 and readings without a magnetic field are refused")
  func refused() async {
    await #expect(throws: UpdateError.invalidSetting("the heading filter must be 0 to 360 degrees, not 400.0")) {
      for try await _ in MotionManager(source: Self.flat(heading: 0)).headingUpdates(filter: 400) {}
    }
    await #expect(throws: UpdateError.invalidInterval(.zero)) {
      for try await _ in MotionManager(source: Self.flat(heading: 0)).headingUpdates(interval: .zero) {}
    }
    let noField = MotionManager(
      source: .replay([MotionInput(timestamp: 0, acceleration: Vector3(0, 0, -1), rotationRate: .zero)]))
    #expect(!noField.isHeadingAvailable)
    await #expect {
      for try await _ in noField.headingUpdates() {}
    } throws: { error in
      guard case .unavailable(let reason) = error as? UpdateError else { return false }
      return reason.kind == .noHardware && reason.message.contains("magnetometer")
    }
  }

  @Test("on hardware without a magnetometer (test machines have none) the first next() says so")
  func noMagnetometer() async {
    await #expect {
      for try await _ in MotionManager().headingUpdates() {}
    } throws: { error in
      guard case .unavailable(let reason) = error as? UpdateError else { return false }
      return reason.kind == .noHardware
        && (reason.message.contains("magnetometer") || reason.message.contains("accelerometer"))
    }
  }
}
