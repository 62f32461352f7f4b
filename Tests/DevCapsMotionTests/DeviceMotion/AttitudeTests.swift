import Testing

@testable import DevCapsMotion

@Suite("Attitude's Euler angles")
struct AttitudeTests {
  static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

  @Test("away from ±90° pitch, roll, pitch and yaw come back as given")
  func roundTrip() {
    for (roll, pitch, yaw) in [(10.0, 20.0, 30.0), (-120.0, -45.0, 170.0), (0.0, 89.0, -60.0)] {
      let attitude = Attitude(roll: Self.radians(roll), pitch: Self.radians(pitch), yaw: Self.radians(yaw))
      #expect(abs(attitude.roll - Self.radians(roll)) < 1e-9, "\(roll) \(pitch) \(yaw)")
      #expect(abs(attitude.pitch - Self.radians(pitch)) < 1e-9)
      #expect(abs(attitude.yaw - Self.radians(yaw)) < 1e-9)
    }
  }

  @Test(
    "at ±90° pitch (gimbal lock) roll is 0 and yaw holds the whole turn about the vertical, whatever the rounding",
    arguments: [
      (90.0, 30.0, 20.0, 50.0), (90.0, 90.0, -90.0, 0.0), (-90.0, 30.0, 20.0, -10.0), (90.0, 170.0, 20.0, -170.0),
    ]
  )
  func gimbalLock(pitch: Double, roll: Double, yaw: Double, turn: Double) {
    let exact = Attitude(roll: Self.radians(roll), pitch: Self.radians(pitch), yaw: Self.radians(yaw))
    // The same attitude as a filter gives it: off by a rounding error one way or the other.
    for nudge in [0.0, 1e-12, -1e-12, 3e-9] {
      var quaternion = exact.quaternion
      quaternion.x += nudge
      quaternion.y -= nudge
      let attitude = Attitude(quaternion: quaternion)
      #expect(attitude.roll == 0, "\(nudge)")
      #expect(abs(attitude.pitch - Self.radians(pitch)) < 1e-3)
      #expect(abs(attitude.yaw - Self.radians(turn)) < 1e-6, "\(attitude.yaw * 180 / .pi) for \(nudge)")
    }
  }
}
