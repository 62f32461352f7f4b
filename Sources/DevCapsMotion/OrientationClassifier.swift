import RealModule

/// The orientation state machine of docs/explanation/motion.md, sample by sample, so that two implementations
/// fed the same samples agree.
public struct OrientationClassifier: Sendable {
  /// The orientation decided so far (`unknown` before the first sample).
  public private(set) var current: Orientation = .unknown

  /// A classifier that has seen nothing.
  public init() {}

  static let minimumMagnitude = 0.1
  static let faceEnter = 25.0
  static let faceStay = 35.0
  static let hysteresis = 55.0

  /// Feeds one gravity sample (g); returns the orientation after it.
  @discardableResult
  public mutating func update(_ gravity: Vector3) -> Orientation {
    let magnitude = gravity.magnitude
    guard gravity.isFinite, magnitude >= OrientationClassifier.minimumMagnitude else { return current }
    // θ between v and −z (face up) or +z (face down).
    let towardsViewer = Double.acos(max(-1, min(1, -gravity.z / magnitude))) * 180 / .pi
    let awayFromViewer = 180 - towardsViewer
    switch current {
    case .faceUp where towardsViewer <= OrientationClassifier.faceStay: return current
    case .faceDown where awayFromViewer <= OrientationClassifier.faceStay: return current
    default: break
    }
    if towardsViewer <= OrientationClassifier.faceEnter {
      current = .faceUp
      return current
    }
    if awayFromViewer <= OrientationClassifier.faceEnter {
      current = .faceDown
      return current
    }
    let angle = UpAngle.normalised(Double.atan2(y: gravity.x, x: -gravity.y) * 180 / .pi)
    if let centre = current.centreDegrees, abs(UpAngle.normalised(angle - centre)) <= OrientationClassifier.hysteresis {
      return current
    }
    current = OrientationClassifier.nearest(angle)
    return current
  }

  /// The nearest in-plane centre; exactly 45° off goes to portrait or portrait-upside-down.
  static func nearest(_ angle: Double) -> Orientation {
    let magnitude = abs(angle)
    if magnitude <= 45 { return .portrait }
    if magnitude >= 135 { return .portraitUpsideDown }
    return angle > 0 ? .landscapeRight : .landscapeLeft
  }
}
