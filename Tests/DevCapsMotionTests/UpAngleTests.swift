import Foundation
import Testing

@testable import DevCapsMotion

@Suite("The up-angle")
struct UpAngleTests {
  @Test(
    "docs/explanation/motion.md's table, and iOS's orientationAngle example",
    arguments: [
      (Vector3(0, -1, 0), 0.0),
      (Vector3(1, 0, 0), 90.0),
      (Vector3(-1, 0, 0), -90.0),
      (Vector3(0, 1, 0), 180.0),
      (Vector3(-0.0, 1, 0), 180.0),
      (Vector3(-0.0, -1, 0), 0.0),
    ] as [(Vector3, Double)])
  func table(gravity: Vector3, degrees: Double) {
    let angle = UpAngle.degrees(gravity)
    #expect(angle == degrees)
    #expect(angle != -180 && !(angle == 0 && angle?.sign == .minus), "never −0 or −180")
  }

  @Test("a tilted example: atan2(0.21, 0.97) is 12.2°")
  func productExample() throws {
    let angle = try #require(UpAngle.degrees(Vector3(0.21, -0.97, 0.05)))
    #expect(abs(angle - 12.2157) < 0.001)
  }

  @Test("lying flat (in-plane below a quarter of |v|) has no angle")
  func flat() {
    #expect(UpAngle.degrees(Vector3(0, 0, -1)) == nil)
    #expect(UpAngle.degrees(Vector3(0.2, 0, -1)) == nil)
    #expect(UpAngle.degrees(Vector3(0.3, 0, -1)) != nil)
    #expect(UpAngle.degrees(.zero) == nil)
    #expect(UpAngle.degrees(Vector3(.nan, 1, 0)) == nil)
  }

  @Test(
    "relative to an orientation, wrapped both ways (iOS's sample forgets negatives)",
    arguments: [
      (90.0, Orientation.landscapeRight, 0.0),
      (-90.0, Orientation.landscapeRight, 180.0),
      (-170.0, Orientation.landscapeRight, 100.0),
      (170.0, Orientation.landscapeLeft, -100.0),
      (10.0, Orientation.portraitUpsideDown, -170.0),
      (-10.0, Orientation.portraitUpsideDown, 170.0),
      (12.5, Orientation.portrait, 12.5),
    ] as [(Double, Orientation, Double)])
  func relative(angle: Double, orientation: Orientation, expected: Double) {
    #expect(UpAngle.relative(angle, to: orientation) == expected)
  }

  @Test("both vocabularies name orientations")
  func words() {
    #expect(Orientation(word: "left-up") == .landscapeRight)
    #expect(Orientation(word: "landscape-left") == .landscapeLeft)
    #expect(Orientation(word: "normal") == .portrait)
    #expect(Orientation(word: "sideways") == nil)
    #expect(Orientation.faceUp.rotation == nil)
  }
}

@Suite("The orientation state machine")
struct OrientationClassifierTests {
  func run(_ samples: [Vector3]) -> [Orientation] {
    var classifier = OrientationClassifier()
    return samples.map { classifier.update($0) }
  }

  func tilt(_ degrees: Double, z: Double = 0) -> Vector3 {
    let radians = degrees * .pi / 180
    return Vector3(sin(radians), -cos(radians), z)
  }

  @Test("starts unknown and keeps state on tiny or missing vectors")
  func start() {
    #expect(run([Vector3(0, 0.05, 0)]) == [.unknown])
    #expect(
      run([Vector3(0, -1, 0), Vector3(0.01, 0.01, 0), Vector3(.nan, 0, 0)]) == [.portrait, .portrait, .portrait])
  }

  @Test("from unknown, the nearest centre; exactly 45° goes to portrait or upside down")
  func nearest() {
    #expect(run([tilt(45)]) == [.portrait])
    #expect(run([tilt(-45)]) == [.portrait])
    #expect(run([tilt(135)]) == [.portraitUpsideDown])
    #expect(run([tilt(46)]) == [.landscapeRight])
    #expect(run([tilt(-100)]) == [.landscapeLeft])
  }

  @Test("in-plane states change only beyond 55° from their centre")
  func hysteresis() {
    #expect(run([tilt(0), tilt(50), tilt(55), tilt(56)]) == [.portrait, .portrait, .portrait, .landscapeRight])
    #expect(run([tilt(90), tilt(36), tilt(34)]) == [.landscapeRight, .landscapeRight, .portrait])
  }

  @Test("face states enter at 25° and stay until 35°")
  func faces() {
    let flat = Vector3(0, 0, -1)
    let tilted30 = Vector3(0, -0.5, -0.866)
    let tilted40 = Vector3(0, -0.643, -0.766)
    #expect(run([tilted30]) == [.portrait])
    #expect(run([flat, tilted30, tilted40]) == [.faceUp, .faceUp, .portrait])
    #expect(run([Vector3(0, 0, 1)]) == [.faceDown])
  }
}
