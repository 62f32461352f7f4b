import Testing

@testable import DevCapsMotion

@Suite("The turn a clipped axis missed, from the rates either side")
struct ClippedRateTests {
  /// One axis (y) turning at 600 − 2,000·(t − 0.5)² °/s, the peak of a hand's swing, read every
  /// 5 ms by a gyroscope whose range is ±400°/s (`sign` −1: the other way). Returns the steps
  /// that reported a correction, the turn integrated (extrapolation and correction included) and
  /// the true turn (radians).
  static func burst(sign: Double) -> (reported: [Double], integrated: Double, truth: Double, asRead: Double) {
    let range = radians(400)
    var recovery = ClippedRate()
    var reported: [Double] = []
    var (integrated, truth, asRead) = (0.0, 0.0, 0.0)
    let interval = 0.005
    for index in 1...200 {
      let t = Double(index) * interval
      let rate = radians(600 - 2000 * (t - 0.5) * (t - 0.5))
      let read = min(rate, range)
      let clipped: GyroscopeAxes = rate >= range ? [.y] : []
      let extra = recovery.extrapolation(range: range, clipped: clipped)
      let integratedRate = Vector3(0, sign * read, 0) + extra
      integrated += integratedRate.y * interval
      truth += sign * rate * interval
      asRead += sign * read * interval
      if let correction = recovery.step(
        read: Vector3(0, sign * read, 0), rate: integratedRate, extrapolated: extra, clipped: clipped, range: range,
        interval: interval)
      {
        reported.append(t)
        #expect(abs(correction.x) < 1e-12 && abs(correction.z) < 1e-12)
        integrated += 2 * Double.atan2(y: correction.y, x: correction.w)
      }
    }
    return (reported, integrated, truth, asRead)
  }

  @Test("a parabola-shaped burst: its missed turn put back within 3 %, once, one reading after the axis came back")
  func parabola() throws {
    for sign in [1.0, -1.0] {
      let (reported, integrated, truth, asRead) = Self.burst(sign: sign)
      // Above 400°/s for |t − 0.5| < 0.316 s: back inside at 0.82 s, reported at the next reading.
      #expect(reported.count == 1 && abs((reported.first ?? 0) - 0.825) < 1e-9, "reported at \(reported) s")
      let missed = truth - asRead
      #expect(abs(missed) > radians(50), "the case: \(degrees(missed))° missed")
      #expect(
        abs(integrated - truth) < 0.03 * abs(missed),
        "\(degrees(integrated))° integrated for \(degrees(truth))°, \(degrees(asRead))° read")
    }
  }

  @Test("no clipping, nothing reported; a long, steep burst is held below the ceiling")
  func bounded() {
    let range = radians(400)
    var recovery = ClippedRate()
    for index in 0..<100 {
      let rate = Vector3(radians(300) * Double.sin(Double(index) * 0.1), 0, 0)
      #expect(recovery.step(read: rate, rate: rate, clipped: [], range: range, interval: 0.01) == nil)
    }
    // Up at 40,000°/s² (200°/s a step), 0.3 s at the range, down as steeply: the cubic through
    // those slopes peaks near 3,400°/s; held at the ceiling (600°/s at 1.5 times the range), at
    // most the room above the range (200°/s) × 0.32 s is put back, and most of that.
    var (turned, seconds) = (0.0, 0.0)
    let readings = [0.0, 200, 400] + Array(repeating: 400.0, count: 60) + [200, 0, 0]
    for reading in readings {
      let read = Vector3(0, 0, radians(reading))
      let clipped: GyroscopeAxes = reading >= 400 ? [.z] : []
      let extra = recovery.extrapolation(range: range, clipped: clipped)
      seconds += clipped.isEmpty ? 0 : 0.005
      turned += extra.z * 0.005
      if let correction = recovery.step(
        read: read, rate: read + extra, extrapolated: extra, clipped: clipped, range: range, interval: 0.005)
      {
        turned += 2 * Double.atan2(y: correction.z, x: correction.w)
      }
    }
    let room = range * (ClippedRate.ceilingFactor - 1)
    #expect(turned > 0.75 * room * seconds, "\(degrees(turned))° put back over \(seconds) s clipped")
    #expect(turned <= room * (seconds + 0.01), "\(degrees(turned))° put back over \(seconds) s clipped")
  }
}
