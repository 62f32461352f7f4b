import Testing

@testable import DevCapsMotion

@Suite("The tilt ball")
struct TiltBallTests {
  static let flat = Vector3(0, 0, -1)
  static let frame = 1.0 / 60

  /// Steps `count` frames of `seconds` under `gravity` and returns every bounce.
  static func roll(_ ball: inout TiltBall, _ gravity: Vector3, frames count: Int, seconds: Double = frame)
    -> [TiltBounce]
  {
    (0..<count).flatMap { _ in ball.step(gravity: gravity, seconds: seconds) }
  }

  @Test("it starts in the middle, at rest")
  func start() {
    let ball = TiltBall(width: 81, height: 21)
    #expect(ball.x == 40 && ball.y == 10)
    #expect(ball.velocityX == 0 && ball.velocityY == 0)
  }

  @Test("lying flat, the ball stays where it is")
  func flat() {
    var ball = TiltBall(width: 80, height: 24)
    let bounces = Self.roll(&ball, Self.flat, frames: 600)
    #expect(bounces.isEmpty)
    #expect(ball.x == 39.5 && ball.y == 11.5)
    #expect(ball.speed == 0)
  }

  @Test(
    "gravity on the screen: device x is screen x, device y is screen −y",
    arguments: [
      (Vector3(0.5, 0, -0.87), 1.0, 0.0),
      (Vector3(-0.5, 0, -0.87), -1.0, 0.0),
      // Upright (gravity −y in the device frame) the ball falls down the screen.
      (Vector3(0, -1, 0), 0.0, 1.0),
      (Vector3(0, 0.5, -0.87), 0.0, -1.0),
    ] as [(Vector3, Double, Double)])
  func direction(gravity: Vector3, signX: Double, signY: Double) {
    var ball = TiltBall(width: 200, height: 200)
    _ = Self.roll(&ball, gravity, frames: 10)
    #expect((ball.velocityX > 0 ? 1 : ball.velocityX < 0 ? -1 : 0) == signX)
    #expect((ball.velocityY > 0 ? 1 : ball.velocityY < 0 ? -1 : 0) == signY)
    #expect((ball.x - 99.5) * signX >= 0 && (ball.y - 99.5) * signY >= 0)
  }

  @Test("one step: v += a·dt, damped by (1 − friction) per second, then x += v·dt")
  func oneStep() {
    var ball = TiltBall(width: 1001, height: 1001, settings: TiltSettings(friction: 0.5))
    ball.step(gravity: Vector3(1, 0, 0), seconds: 1)
    // 125 columns/s² for 1 s, half of it lost to friction.
    #expect(abs(ball.velocityX - 62.5) < 1e-9)
    #expect(abs(ball.x - (500 + 62.5)) < 1e-9)
    ball.step(gravity: Vector3(0, -1, 0), seconds: 0.5)
    // Rows are twice as tall: 62.5 rows/s² down the screen.
    #expect(abs(ball.velocityY - 62.5 * 0.5 * 0.5.squareRoot()) < 1e-9)
  }

  @Test(
    "tilted right it accelerates right, hits the wall and comes back with the set loss", arguments: [0.75, 0.5, 0.0])
  func bounceLoss(bounce: Double) throws {
    var ball = TiltBall(width: 41, height: 11, settings: TiltSettings(bounce: bounce, friction: 0))
    var before = ball
    var hit: [TiltBounce] = []
    for _ in 0..<600 where hit.isEmpty {
      before = ball
      hit = ball.step(gravity: Vector3(1, 0, 0), seconds: Self.frame)
    }
    let first = try #require(hit.first)
    #expect(hit.count == 1 && first.wall == .right)
    let into = before.velocityX + 125 * Self.frame
    #expect(abs(first.speed - into) < 1e-9)
    #expect(abs(ball.velocityX - (-into * bounce)) < 1e-9)
    #expect(ball.x <= 40)
  }

  @Test("the blog's flip: a ball past the wall is reflected back inside by as much")
  func flip() {
    // 7 columns/s² for a second: 7 columns per second, from 5 to 12, two past the wall at 10.
    var ball = TiltBall(
      width: 11, height: 1, settings: TiltSettings(bounce: 1, friction: 0, accelerationPerG: 7, maximumSpeed: 1000))
    let bounces = ball.step(gravity: Vector3(1, 0, 0), seconds: 1)
    #expect(bounces == [TiltBounce(wall: .right, speed: 7)])
    #expect(ball.x == 8)
    #expect(ball.velocityX == -7)
  }

  @Test(
    "every wall: left, right, top, bottom",
    arguments: [
      (Vector3(-1, 0, 0), TiltBounce.Wall.left),
      (Vector3(1, 0, 0), .right),
      (Vector3(0, 1, 0), .top),
      (Vector3(0, -1, 0), .bottom),
    ] as [(Vector3, TiltBounce.Wall)])
  func walls(gravity: Vector3, wall: TiltBounce.Wall) {
    var ball = TiltBall(width: 30, height: 10)
    let bounces = Self.roll(&ball, gravity, frames: 120)
    #expect(bounces.first?.wall == wall)
    #expect(Set(bounces.map(\.wall)) == [wall])
    #expect(ball.x >= 0 && ball.x <= 29 && ball.y >= 0 && ball.y <= 9)
  }

  @Test("a top or bottom hit counts rows as two columns")
  func verticalSpeed() throws {
    var ball = TiltBall(
      width: 10, height: 10, settings: TiltSettings(friction: 0, accelerationPerG: 8, maximumSpeed: 1000))
    // 4 rows/s² for a second: 4 rows/s, from 4.5 to 8.5; then to 12.5 → past 9.
    ball.step(gravity: Vector3(0, -1, 0), seconds: 1)
    let bounce = try #require(ball.step(gravity: Vector3(0, 0, 0), seconds: 1).first)
    #expect(bounce == TiltBounce(wall: .bottom, speed: 8))
  }

  @Test("speed is capped at the tilt-ball sample's 32 points per 50 Hz update (400 columns/s)")
  func cap() {
    var ball = TiltBall(width: 100_000, height: 3, settings: TiltSettings(friction: 0))
    _ = Self.roll(&ball, Vector3(8, 0, 0), frames: 600)
    #expect(abs(ball.speed - 400) < 1e-9)
  }

  @Test("friction 1 stops it at once; friction 0 keeps the speed")
  func friction() {
    var stopped = TiltBall(width: 100, height: 100, settings: TiltSettings(friction: 1))
    stopped.step(gravity: Vector3(1, 0, 0), seconds: Self.frame)
    #expect(stopped.speed == 0)
    var rolling = TiltBall(width: 10_000, height: 100, settings: TiltSettings(friction: 0))
    rolling.step(gravity: Vector3(1, 0, 0), seconds: 0.1)
    let speed = rolling.speed
    _ = Self.roll(&rolling, Self.flat, frames: 30)
    #expect(rolling.speed == speed)
  }

  @Test(
    "a zero-size or one-cell field holds the ball still and never bounces",
    arguments: [(0, 0), (0, 24), (80, 0), (1, 1)])
  func zeroSize(width: Int, height: Int) {
    var ball = TiltBall(width: width, height: height)
    let bounces = Self.roll(&ball, Vector3(0.7, -0.7, 0), frames: 300)
    if width <= 1 { #expect(ball.x == 0 && ball.velocityX == 0) }
    if height <= 1 { #expect(ball.y == 0 && ball.velocityY == 0) }
    #expect(bounces.allSatisfy { width <= 1 ? $0.wall != .left && $0.wall != .right : true })
    #expect(bounces.allSatisfy { height <= 1 ? $0.wall != .top && $0.wall != .bottom : true })
    #expect(ball.x.isFinite && ball.y.isFinite)
  }

  @Test("negative sizes are a zero-size field")
  func negative() {
    let ball = TiltBall(width: -5, height: -1)
    #expect(ball.width == 0 && ball.height == 0 && ball.x == 0 && ball.y == 0)
  }

  @Test("resize mid-run keeps the ball's place relative to the field, inside it")
  func resize() {
    var ball = TiltBall(width: 81, height: 21)
    _ = Self.roll(&ball, Vector3(1, 0, 0), frames: 600)
    let speed = ball.speed
    let fraction = ball.x / 80
    ball.resize(width: 41, height: 11)
    #expect(abs(ball.x - fraction * 40) < 1e-9)
    #expect(ball.x <= 40 && ball.y <= 10)
    #expect(ball.speed == speed)
    ball.resize(width: 0, height: 0)
    #expect(ball.x == 0 && ball.y == 0 && ball.speed == 0)
    ball.resize(width: 21, height: 11)
    #expect(ball.x == 10 && ball.y == 5, "from nothing, the middle")
  }

  @Test("recentre puts it back in the middle at rest")
  func recentre() {
    var ball = TiltBall(width: 21, height: 11)
    _ = Self.roll(&ball, Vector3(0.5, 0.5, 0), frames: 60)
    ball.recentre()
    #expect(ball.x == 10 && ball.y == 5 && ball.speed == 0)
  }

  @Test(
    "no time, negative time or non-finite gravity change nothing",
    arguments: [
      (Vector3(1, 0, 0), 0.0), (Vector3(1, 0, 0), -1.0), (Vector3(.nan, 0, 0), frame), (Vector3(1, 0, 0), .infinity),
    ] as [(Vector3, Double)])
  func ignored(gravity: Vector3, seconds: Double) {
    var ball = TiltBall(width: 21, height: 11)
    let before = ball
    #expect(ball.step(gravity: gravity, seconds: seconds).isEmpty)
    #expect(ball == before)
  }

  @Test("a huge step ends inside the field")
  func hugeStep() {
    var ball = TiltBall(width: 5, height: 5, settings: TiltSettings(bounce: 1, friction: 0))
    ball.step(gravity: Vector3(1, -1, 0), seconds: 60)
    #expect(ball.x >= 0 && ball.x <= 4 && ball.y >= 0 && ball.y <= 4)
  }
}
