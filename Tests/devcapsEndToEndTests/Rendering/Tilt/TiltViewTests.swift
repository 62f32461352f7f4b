import DevCapsKit
import Testing

@testable import devcaps

@Suite("The tilt view")
struct TiltViewTests {
  @Test(
    "tilt from flat and the way the ball rolls",
    arguments: [
      (Vector3(0, 0, -1), 0.0, Character("·")),
      (Vector3(0, -1, 0), 90.0, "↓"),
      (Vector3(1, 0, 0), 90.0, "→"),
      (Vector3(0.5, 0, -0.5), 45.0, "→"),
      (Vector3(0, 0.5, -0.5), 45.0, "↑"),
      (Vector3(0, 0, 1), 180.0, "·"),
    ] as [(Vector3, Double, Character)])
  func tilt(gravity: Vector3, degrees: Double, arrow: Character) throws {
    let tilt = try #require(TiltStatus.tilt(gravity))
    #expect(abs(tilt.degrees - degrees) < 1e-9)
    #expect(tilt.arrow == arrow)
  }

  @Test("no tilt without a usable gravity")
  func noTilt() {
    #expect(TiltStatus.tilt(.zero) == nil)
    #expect(TiltStatus.tilt(Vector3(.nan, 0, -1)) == nil)
  }

  static let status = TiltStatus(
    gravity: Vector3(1, 0, 0), speed: 12.4, source: "accelerometer", sensor: "iio:device1", rate: 59.6, problem: nil)

  @Test("the status line: tilt, speed, rate, source; the keys when they fit; never wider than the terminal")
  func statusLine() {
    let plain = TextStyle(colour: false)
    #expect(
      Self.status.line(style: plain, columns: 120)
        == " tilt 90° → · speed 12.4 columns/s · 60 Hz · accelerometer iio:device1  space recentre · q quit")
    #expect(
      Self.status.line(style: plain, columns: 80)
        == " tilt 90° → · speed 12.4 columns/s · 60 Hz · accelerometer iio:device1")
    for columns in [0, 1, 10, 40] {
      #expect(Self.status.line(style: plain, columns: columns).count <= max(0, columns - 1))
    }
    // Cut, it says so: "61" alone would read as a whole value.
    #expect(Self.status.line(style: plain, columns: 40) == " tilt 90° → · speed 12.4 columns/s · 6…")
    var failed = Self.status
    failed.problem = "iio:device1: in_accel_x_raw holds 'x'"
    failed.rate = nil
    #expect(
      failed.line(style: plain, columns: 200).hasPrefix(
        " no reading: iio:device1: in_accel_x_raw holds 'x' · speed 12.4 columns/s · — Hz"))
  }

  @Test(
    "a frame moves the ball (erasing the old cell) and rewrites the status line under the field, each only when it changed"
  )
  func frame() {
    var view = TiltView(style: TextStyle(colour: false))
    var ball = TiltBall(width: 11, height: 5)
    let first = view.frame(ball: ball, status: Self.status, columns: 11)
    #expect(first.hasPrefix("\u{1B}[2J\u{1B}[3;6H●\u{1B}[6;1H"))
    #expect(view.frame(ball: ball, status: Self.status, columns: 11) == "", "nothing changed, nothing written")
    ball.step(gravity: Vector3(1, 0, 0), seconds: 0.2)
    let second = view.frame(ball: ball, status: Self.status, columns: 11)
    #expect(second == "\u{1B}[3;6H \u{1B}[3;\(Int(ball.x.rounded()) + 1)H●", "the same status line is not rewritten")
    var failed = Self.status
    failed.problem = "no data"
    #expect(view.frame(ball: ball, status: failed, columns: 11).hasPrefix("\u{1B}[6;1H"))
    view.invalidate()
    #expect(view.frame(ball: ball, status: Self.status, columns: 11).hasPrefix("\u{1B}[2J"))
  }

  @Test("a zero-size field draws no ball, only the status line")
  func empty() {
    var view = TiltView(style: TextStyle(colour: false))
    let text = view.frame(ball: TiltBall(width: 0, height: 0), status: Self.status, columns: 0)
    #expect(!text.contains("●"))
    #expect(TiltView.field(columns: 80, rows: 0) == (80, 0))
  }
}
