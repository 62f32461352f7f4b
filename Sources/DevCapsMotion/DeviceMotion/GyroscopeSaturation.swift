/// Which of the gyroscope's axes a reading clipped.
public struct GyroscopeAxes: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  /// An option set from its bits (x 1, y 2, z 4).
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// The x axis.
  public static let x = GyroscopeAxes(rawValue: 1)
  /// The y axis.
  public static let y = GyroscopeAxes(rawValue: 2)
  /// The z axis.
  public static let z = GyroscopeAxes(rawValue: 4)
}

/// Tells a gyroscope reading at the end of the sensor's range: clipped, the device turned faster
/// than it says. The range is given (an IIO channel's storage bits times its scale, or
/// `motion --replay --gyroscope-range`) or learned from the readings: one axis at the same value
/// beyond `smallestRange` twice in a row, with nothing larger ever read, is a sensor stuck at its
/// end. A learned range counts only readings exactly at it as clipped, and is forgotten as soon as
/// a reading goes beyond it: two equal readings at the top of a smooth turn (a slope of 0 there)
/// look the same at first.
public struct GyroscopeSaturation: Sendable, Equatable {
  /// The largest rate the gyroscope can read (rad/s, any axis), nil until known.
  public private(set) var range: Double?
  /// No gyroscope made reads less than ±125°/s; a repeated reading below it is a steady turn.
  public static let smallestRange = 125.0 * Double.pi / 180
  private var previous = Vector3.zero
  private var largestRead = 0.0
  /// The range was learned from the readings, not given.
  private(set) var learned = false

  /// A detector for a gyroscope of `range` rad/s, or of a range to learn (nil).
  public init(range: Double? = nil) { self.range = range.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }

  /// Whether this raw reading (rad/s) is clipped on any axis.
  public mutating func isClipped(_ raw: Vector3) -> Bool { !clippedAxes(raw).isEmpty }

  /// The axes of this raw reading (rad/s) that are clipped.
  public mutating func clippedAxes(_ raw: Vector3) -> GyroscopeAxes {
    defer { previous = raw }
    let largest = max(abs(raw.x), abs(raw.y), abs(raw.z))
    if learned, let learnedRange = range, largest > learnedRange {
      // Beyond the range: it was the top of a turn, not the sensor's end.
      (range, learned) = (nil, false)
    }
    if range == nil {
      defer { largestRead = max(largestRead, largest) }
      if let stuck = stuck(raw.x, previous.x) ?? stuck(raw.y, previous.y) ?? stuck(raw.z, previous.z) {
        (range, learned) = (stuck, true)
      }
    }
    guard let range else { return [] }
    // Given: a thousandth below, for a scale that sysfs rounded. Learned: exactly at it.
    let limit = learned ? range : range * 0.999
    var axes: GyroscopeAxes = []
    if abs(raw.x) >= limit { axes.insert(.x) }
    if abs(raw.y) >= limit { axes.insert(.y) }
    if abs(raw.z) >= limit { axes.insert(.z) }
    return axes
  }

  /// The magnitude of an axis that read the same extreme value twice.
  private func stuck(_ now: Double, _ before: Double) -> Double? {
    now == before && abs(now) >= Self.smallestRange && abs(now) >= largestRead ? abs(now) : nil
  }
}
