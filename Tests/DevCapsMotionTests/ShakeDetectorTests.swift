import Foundation
import Testing

@testable import DevCapsMotion

@Suite("Shake detectors")
struct ShakeDetectorTests {
  func detector(_ kind: ShakeDetector.Kind, threshold: Double = 1.5, lockout: Double = 0.5) -> ShakeDetector {
    var settings = ShakeDetector.Settings()
    settings.kind = kind
    settings.threshold = threshold
    settings.lockout = lockout
    return ShakeDetector(settings: settings)
  }

  /// A back-and-forth shake along x at `hertz`, `swings` half-periods of ±amplitude.
  func shaking(hertz: Double, seconds: Double, swingHertz: Double = 4, amplitude: Double = 2.2) -> [(Vector3, Double)] {
    stride(from: 0.0, to: seconds, by: 1 / hertz).map { time in
      (Vector3(amplitude * sin(2 * .pi * swingHertz * time), -1, 0), time)
    }
  }

  func shakes(_ detector: inout ShakeDetector, _ samples: [(Vector3, Double)]) -> [ShakeDetector.Shake] {
    samples.compactMap { detector.update($0.0, at: $0.1) }
  }

  @Test("threshold: any axis beyond ±T, at most once per lockout")
  func threshold() {
    var d = detector(.threshold)
    let found = shakes(
      &d, [(Vector3(0, -1, 0), 0), (Vector3(1.6, -1, 0), 0.1), (Vector3(1.7, -1, 0), 0.2), (Vector3(-1.8, -1, 0), 0.7)])
    #expect(found.count == 2)
    #expect(abs(found[0].peakG - Vector3(1.6, -1, 0).magnitude) < 1e-9)
  }

  @Test("threshold 2.0 never trips a sensor that saturates at 2 g")
  func saturated() {
    var d = detector(.threshold, threshold: 2.0)
    #expect(shakes(&d, shaking(hertz: 50, seconds: 2, amplitude: 2.0)).isEmpty)
  }

  @Test("count: five excursions within 1.5 s, whatever the sampling rate", arguments: [25.0, 50, 100, 400])
  func countIsRateIndependent(hertz: Double) {
    var d = detector(.count)
    // 4 Hz swings make 8 excursions a second (both signs): the 5th is a shake, then the count
    // restarts and 3 more are not enough for another.
    let found = shakes(&d, shaking(hertz: hertz, seconds: 1.0))
    #expect(found.count == 1, "at \(hertz) Hz")
  }

  @Test("count: holding still beyond the threshold is one excursion, not a shake")
  func holding() {
    var d = detector(.count)
    let samples = stride(from: 0.0, to: 2, by: 0.01).map { (Vector3(1.8, -1, 0), $0) }
    #expect(shakes(&d, samples).isEmpty)
  }

  @Test("angle: a sharp turn after stillness trips; smooth rotation does not")
  func angle() {
    var settings = ShakeDetector.Settings()
    settings.kind = .angle
    var d = ShakeDetector(settings: settings)
    // p→l turns 90°, then l→c barely moves: dAngle ≈ 1.57 − 0 > 0.5.
    let sharp: [(Vector3, Double)] = [(Vector3(0, -1, 0), 0), (Vector3(1, 0, 0), 0.1), (Vector3(1, 0, 0), 0.2)]
    #expect(shakes(&d, sharp).count == 1)
    var smooth = ShakeDetector(settings: settings)
    let turning = stride(from: 0.0, to: 2, by: 0.1).map { time in (Vector3(sin(time), -cos(time), 0), time) }
    #expect(shakes(&smooth, turning).isEmpty)
  }

  @Test("angle: zero vectors are skipped")
  func zeros() {
    var settings = ShakeDetector.Settings()
    settings.kind = .angle
    var d = ShakeDetector(settings: settings)
    #expect(shakes(&d, [(.zero, 0), (.zero, 0.1), (.zero, 0.2)]).isEmpty)
  }
}
