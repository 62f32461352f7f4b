import DevCapsKit

/// One frame of `devcaps tilt --json` (Schemas/tilt.schema.json): where the ball is after a
/// sample, in screen cells (x right, y down), and what happened in the step.
struct TiltFrame: Encodable {
  struct Cells: Encodable {
    var x: Double
    var y: Double
  }

  struct Field: Encodable {
    var width: Int
    var height: Int
  }

  var frame: Int
  /// Seconds since the first frame.
  var time: Double
  var position: Cells
  /// Columns and rows per second.
  var velocity: Cells
  /// Column widths per second.
  var speed: Double
  var field: Field
  /// Device frame, in g; null when the sample failed.
  var gravity: Vector3?
  var bounce: [TiltBounce]
  var buzz: Bool
  var source: String
  var sensor: String

  init(
    frame: Int, time: Double, ball: TiltBall, gravity: Vector3?, bounce: [TiltBounce], buzz: Bool, source: String,
    sensor: String
  ) {
    self.frame = frame
    self.time = time
    position = Cells(x: ball.x, y: ball.y)
    velocity = Cells(x: ball.velocityX, y: ball.velocityY)
    speed = ball.speed
    field = Field(width: ball.width, height: ball.height)
    self.gravity = gravity
    self.bounce = bounce
    self.buzz = buzz
    self.source = source
    self.sensor = sensor
  }

  enum CodingKeys: String, CodingKey {
    case frame, time, position, velocity, speed, field, gravity, bounce, buzz, source, sensor
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(frame, forKey: .frame)
    try container.encode(time, forKey: .time)
    try container.encode(position, forKey: .position)
    try container.encode(velocity, forKey: .velocity)
    try container.encode(speed, forKey: .speed)
    try container.encode(field, forKey: .field)
    // Null, never omitted: every frame has the same keys.
    try container.encode(gravity, forKey: .gravity)
    try container.encode(bounce, forKey: .bounce)
    try container.encode(buzz, forKey: .buzz)
    try container.encode(source, forKey: .source)
    try container.encode(sensor, forKey: .sensor)
  }
}
