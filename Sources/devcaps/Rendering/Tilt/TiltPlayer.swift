import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs the ball from gravity samples: steps it by the time since the last sample, buzzes on a
/// hard bounce, and hands each frame to the screen or to the JSON lines. Lives on the stream's
/// consuming task.
final class TiltPlayer {
  struct Settings {
    var physics: TiltSettings
    /// Speed into a wall, in column widths per second, above which a bounce buzzes.
    var buzzThreshold: Double
    /// Frames to produce before ending; nil for no end.
    var frames: Int?
    var source: String
    var sensor: String
  }

  /// Where frames go.
  enum Output {
    case json
    case screen(LiveTerminal, TextStyle)
  }

  private let settings: Settings
  private let output: Output
  private var rumble: Rumble?
  private var ball: TiltBall
  private var view: TiltView
  private var columns: Int
  private var frame = 0
  private var start: Double?
  private var last: Double?
  private var sampleTimes: [Double] = []
  private var lastDrawn: Double?

  /// The longest step: after a stall the ball jumps no further than this.
  static let longestStep = 0.25

  init(settings: Settings, output: Output, rumble: Rumble?, columns: Int, rows: Int) {
    self.settings = settings
    self.output = output
    self.rumble = rumble
    self.columns = columns
    let field: (width: Int, height: Int)
    switch output {
    case .json: field = (columns, rows)
    case .screen: field = TiltView.field(columns: columns, rows: rows)
    }
    ball = TiltBall(width: field.width, height: field.height, settings: settings.physics)
    if case .screen(_, let style) = output {
      view = TiltView(style: style)
    } else {
      view = TiltView(style: TextStyle(colour: false))
    }
  }

  /// Takes one event of the gravity stream; false when the program should end (the frames are
  /// done, `q` was pressed, or stdout is gone).
  func handle(_ event: StreamEvent) -> Bool {
    // Device motion's gravity when the machine has it (steadier: the gyroscope keeps it still
    // while the hand jolts), else the display accelerometer's.
    let gravity: Vector3?
    let problem: String?
    switch event.event {
    case .upAngle(let sample): (gravity, problem) = (sample.gravity, sample.problem)
    case .motion(let update): (gravity, problem) = (update.motion.gravity, nil)
    default: return true
    }
    let now = LiveScreen.monotonicSeconds()
    if case .screen(let terminal, _) = output {
      for request in terminal.takeRequests() {
        switch request {
        case .quit: return false
        case .recentre: ball.recentre()
        case .resize:
          if let size = LiveTerminal.size() {
            columns = size.columns
            let field = TiltView.field(columns: size.columns, rows: size.rows)
            ball.resize(width: field.width, height: field.height)
          }
          view.invalidate()
          lastDrawn = nil
        case .confirm: break
        }
      }
    }
    let seconds = last.map { min(now - $0, TiltPlayer.longestStep) } ?? 0
    last = now
    if start == nil { start = now }
    sampleTimes = sampleTimes.filter { now - $0 < 1 } + [now]

    var bounces: [TiltBounce] = []
    if let gravity { bounces = ball.step(gravity: gravity, seconds: seconds) }
    let buzz = buzzIfHard(bounces)
    let written: Bool
    switch output {
    case .json:
      let record = TiltFrame(
        frame: frame, time: now - (start ?? now), ball: ball, gravity: gravity, bounce: bounces, buzz: buzz,
        source: settings.source, sensor: settings.sensor)
      written = devcaps.Output.tryWrite(JSONValue(encoding: record).serialized() + "\n")
    case .screen(let terminal, _):
      // The ball moves at every sample; the screen shows it at most LiveScreen's rate.
      if let lastDrawn, now - lastDrawn < LiveScreen.frameInterval {
        written = true
        break
      }
      lastDrawn = now
      let status = TiltStatus(
        gravity: gravity, speed: ball.speed, source: settings.source, sensor: settings.sensor,
        rate: now - (start ?? now) >= 1 ? Double(sampleTimes.count) : nil, problem: problem)
      let text = view.frame(ball: ball, status: status, columns: columns)
      written = text.isEmpty || terminal.write(text)
    }
    frame += 1
    guard written else { return false }
    if let frames = settings.frames, frame >= frames { return false }
    return true
  }

  /// Plays the rumble when a wall was hit faster than the threshold; true when it played. A
  /// motor that fails once is warned about and not used again.
  private func buzzIfHard(_ bounces: [TiltBounce]) -> Bool {
    guard let rumble, bounces.contains(where: { $0.speed > settings.buzzThreshold }) else { return false }
    do {
      try rumble.play()
      return true
    } catch {
      devcaps.Output.error("warning: \(error); no more buzzing")
      rumble.close()
      self.rumble = nil
      return false
    }
  }

  /// Removes the rumble effect and closes the motor.
  func finish() {
    rumble?.close()
    rumble = nil
  }
}
