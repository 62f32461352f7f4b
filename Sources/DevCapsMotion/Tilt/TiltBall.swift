import RealModule

/// A rolling ball on a field of terminal cells: gravity projected on the screen plane
/// accelerates it, rolling friction slows it, and each edge sends it back with some of its speed
/// lost. A pure value: the caller feeds it gravity and elapsed time and draws what it says.
///
/// Screen coordinates: x to the right in columns, y down the screen in rows, (0, 0) the top left
/// cell. The device frame has y up (docs/explanation/motion.md), so a device tipped towards its user (gravity y
/// growing from −1 towards 0 … +1) rolls the ball down the screen only when gravity's y is
/// positive: screen y = −device y.
public struct TiltBall: Sendable, Equatable {
  /// The constants `step` uses; changing them takes effect at the next step.
  public var settings: TiltSettings
  /// The field, in cells; the ball's centre stays within 0…width−1 and 0…height−1.
  public private(set) var width: Int
  /// The field's height in rows (0 or more); see `width`.
  public private(set) var height: Int
  /// The ball's centre, in cells.
  public private(set) var x: Double
  /// The centre's row: 0 at the top, growing down the screen, at most `height − 1`.
  public private(set) var y: Double
  /// Columns per second and rows per second.
  public private(set) var velocityX: Double = 0
  /// Rows per second, positive down the screen.
  public private(set) var velocityY: Double = 0

  /// A field `width` columns by `height` rows (a negative size counts as 0), the ball at rest in its
  /// middle.
  public init(width: Int, height: Int, settings: TiltSettings = TiltSettings()) {
    self.settings = settings
    self.width = max(0, width)
    self.height = max(0, height)
    x = 0
    y = 0
    recentre()
  }

  /// Speed in column widths per second (a row counts `cellAspect` columns).
  public var speed: Double {
    (velocityX * velocityX + velocityY * settings.cellAspect * velocityY * settings.cellAspect).squareRoot()
  }

  /// Back to the middle of the field, at rest.
  public mutating func recentre() {
    x = TiltBall.middle(width)
    y = TiltBall.middle(height)
    velocityX = 0
    velocityY = 0
  }

  /// A new field size (the terminal was resized): the ball keeps its place relative to the field
  /// and its speed.
  public mutating func resize(width newWidth: Int, height newHeight: Int) {
    let newWidth = max(0, newWidth)
    let newHeight = max(0, newHeight)
    x = TiltBall.rescale(x, from: width, to: newWidth)
    y = TiltBall.rescale(y, from: height, to: newHeight)
    width = newWidth
    height = newHeight
    if TiltBall.limit(width) == 0 { velocityX = 0 }
    if TiltBall.limit(height) == 0 { velocityY = 0 }
  }

  /// Advances by `seconds` under `gravity` (device frame, in g) and returns the walls hit, each
  /// with the speed the ball had into it. Non-finite input and non-positive time change nothing.
  @discardableResult
  public mutating func step(gravity: Vector3, seconds: Double) -> [TiltBounce] {
    guard seconds > 0, seconds.isFinite, gravity.isFinite else { return [] }
    let columnsPerSecondSquared = gravity.x * settings.accelerationPerG
    let rowsPerSecondSquared = -gravity.y * settings.accelerationPerG / settings.cellAspect
    let damping = TiltBall.damping(friction: settings.friction, seconds: seconds)
    velocityX = (velocityX + columnsPerSecondSquared * seconds) * damping
    velocityY = (velocityY + rowsPerSecondSquared * seconds) * damping
    let limit = settings.maximumSpeed
    if speed > limit {
      let factor = limit / speed
      velocityX *= factor
      velocityY *= factor
    }
    var bounces: [TiltBounce] = []
    var horizontal = Axis(position: x + velocityX * seconds, velocity: velocityX, limit: TiltBall.limit(width))
    bounces += horizontal.bounce(bounce: settings.bounce, low: .left, high: .right, cellSize: 1)
    var vertical = Axis(position: y + velocityY * seconds, velocity: velocityY, limit: TiltBall.limit(height))
    bounces += vertical.bounce(bounce: settings.bounce, low: .top, high: .bottom, cellSize: settings.cellAspect)
    (x, velocityX) = (horizontal.position, horizontal.velocity)
    (y, velocityY) = (vertical.position, vertical.velocity)
    return bounces
  }

  /// One axis between 0 and `limit` (cells).
  private struct Axis {
    var position: Double
    var velocity: Double
    let limit: Double

    /// Reflects the position about each wall it passed (the blog's FLIP) and reverses the
    /// velocity with the loss; a field one cell wide or less holds the ball still.
    mutating func bounce(bounce: Double, low: TiltBounce.Wall, high: TiltBounce.Wall, cellSize: Double) -> [TiltBounce]
    {
      guard limit > 0 else {
        position = 0
        velocity = 0
        return []
      }
      var bounces: [TiltBounce] = []
      // More than a few reflections in one step means a huge step: the ball is then simply
      // put at the wall it was heading for.
      for _ in 0..<4 where position < 0 || position > limit {
        let wall = position < 0 ? low : high
        bounces.append(TiltBounce(wall: wall, speed: abs(velocity) * cellSize))
        let edge = position < 0 ? 0 : limit
        position = edge - (position - edge)
        velocity = -velocity * bounce
      }
      position = min(max(position, 0), limit)
      return bounces
    }
  }

  private static func middle(_ size: Int) -> Double { limit(size) / 2 }

  /// The largest centre position in a field `size` cells long.
  private static func limit(_ size: Int) -> Double { Double(max(0, size - 1)) }

  private static func rescale(_ position: Double, from old: Int, to new: Int) -> Double {
    let oldLimit = limit(old)
    let newLimit = limit(new)
    guard oldLimit > 0 else { return newLimit / 2 }
    return min(max(position / oldLimit * newLimit, 0), newLimit)
  }

  /// Speed kept after `seconds` of rolling: (1 − friction) per second.
  private static func damping(friction: Double, seconds: Double) -> Double {
    let kept = 1 - min(max(friction, 0), 1)
    return kept == 0 ? 0 : Double.pow(kept, seconds)
  }
}

/// A wall the ball hit in one step, and how fast it was going into it, in column widths per
/// second (a hit on the top or bottom counts rows as `cellAspect` columns).
public struct TiltBounce: Sendable, Equatable, Codable {
  /// An edge of the field; the raw value is the case's name (`left`, `right`, `top`, `bottom`).
  public enum Wall: String, Sendable, Equatable, Codable, CaseIterable {
    /// The left edge, column 0.
    case left
    /// The right edge, column `width − 1`.
    case right
    /// The top edge, row 0.
    case top
    /// The bottom edge, row `height − 1`.
    case bottom
  }

  /// The edge the ball hit.
  public var wall: Wall
  /// The speed into the wall before the bounce's loss, in column widths per second (see above).
  public var speed: Double

  /// A bounce from its parts, as `step` or a test makes one.
  public init(wall: Wall, speed: Double) {
    self.wall = wall
    self.speed = speed
  }
}
