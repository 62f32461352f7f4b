/// The rolling ball's constants. The defaults are Beginning iPhone's Ball sample's: it moves the
/// marble 500 points per second for each g·s of tilt on a 320-point-wide screen, and the blog's
/// bouncing ball keeps 75 % of its speed at a wall and caps it at 32 points per 50 Hz update.
/// A terminal column stands for 4 of those points (320 points ↔ 80 columns).
public struct TiltSettings: Sendable, Equatable {
  /// Fraction of the speed into a wall that the ball keeps, reversed: 0 stops dead, 1 is elastic.
  public var bounce: Double
  /// Fraction of the speed lost per second of rolling: 0 rolls for ever, 1 stops at once.
  public var friction: Double
  /// Acceleration at 1 g of tilt, in column widths per second squared.
  public var accelerationPerG: Double
  /// The fastest the ball goes, in column widths per second.
  public var maximumSpeed: Double
  /// Height of a terminal cell over its width: rows are about twice as tall as columns are wide,
  /// so the ball crosses a row in twice the time it crosses a column.
  public var cellAspect: Double

  /// Those defaults: bounce 0.75, friction 0.2, 125 columns/s² per g, at most 400 columns/s,
  /// cells twice as tall as wide.
  public init(
    bounce: Double = 0.75, friction: Double = 0.2, accelerationPerG: Double = 125, maximumSpeed: Double = 400,
    cellAspect: Double = 2
  ) {
    self.bounce = bounce
    self.friction = friction
    self.accelerationPerG = accelerationPerG
    self.maximumSpeed = maximumSpeed
    self.cellAspect = cellAspect
  }

  /// The range `--bounce` and `--friction` accept.
  public static let fractions: ClosedRange<Double> = 0...1
}
