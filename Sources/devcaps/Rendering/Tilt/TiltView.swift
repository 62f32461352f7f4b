import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The live ball on the alternate screen: the field fills the terminal but its last line, which
/// holds the status. Each frame moves the ball when its cell changed (erasing the cell it left)
/// and rewrites the status line when it changed; a resize or the first frame clears the whole
/// screen.
struct TiltView {
  static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
  static let leave = "\u{1B}[?25h\u{1B}[?1049l"
  static let ball = "●"

  let style: TextStyle
  private var drawn: (column: Int, row: Int)? = nil
  private var cleared = false
  private var statusShown: String?

  init(style: TextStyle) {
    self.style = style
  }

  /// The field for a terminal of this size: every row but the status line.
  static func field(columns: Int, rows: Int) -> (width: Int, height: Int) {
    (max(0, columns), max(0, rows - 1))
  }

  /// The screen cleared at the next frame (after a resize).
  mutating func invalidate() {
    cleared = false
    drawn = nil
    statusShown = nil
  }

  /// What to write for this frame.
  mutating func frame(ball: TiltBall, status: TiltStatus, columns: Int) -> String {
    var text = ""
    if !cleared {
      text += "\u{1B}[2J"
      cleared = true
    }
    let cell = (column: Int(ball.x.rounded()), row: Int(ball.y.rounded()))
    if let drawn, drawn != cell { text += TiltView.move(drawn.row, drawn.column) + " " }
    if ball.width > 0 && ball.height > 0 && (drawn.map { $0 != cell } ?? true) {
      text += TiltView.move(cell.row, cell.column) + style.heading(TiltView.ball)
      drawn = cell
    }
    let line = status.line(style: style, columns: columns)
    if line != statusShown {
      text += TiltView.move(ball.height, 0) + line + "\u{1B}[K"
      statusShown = line
    }
    return text
  }

  /// CSI row;column H, 1-based.
  private static func move(_ row: Int, _ column: Int) -> String {
    "\u{1B}[\(row + 1);\(column + 1)H"
  }
}

/// The status line: tilt, speed, source and rate, and the keys.
struct TiltStatus {
  var gravity: Vector3?
  var speed: Double
  var source: String
  var sensor: String
  /// Samples per second measured over the last second; nil before there is a second of them.
  var rate: Double?
  var problem: String?

  /// How far the screen is from lying flat, in degrees (0 flat, 90 upright), and which way the
  /// ball rolls on it.
  static func tilt(_ gravity: Vector3) -> (degrees: Double, arrow: Character)? {
    let magnitude = gravity.magnitude
    guard magnitude > 0, gravity.isFinite else { return nil }
    let degrees = acos(max(-1, min(1, -gravity.z / magnitude))) * 180 / .pi
    let inPlane = (gravity.x * gravity.x + gravity.y * gravity.y).squareRoot()
    let arrow: Character = inPlane < 0.02 * magnitude ? "·" : UpAngleView.headCharacter(dx: gravity.x, dy: gravity.y)
    return (degrees, arrow)
  }

  /// The line, cut to the terminal's width (a wrapped status line would scroll the screen); the
  /// keys are added in dim when they fit.
  func line(style: TextStyle, columns: Int) -> String {
    var parts: [String] = []
    if let problem {
      parts.append("no reading: " + problem)
    } else if let gravity, let tilt = TiltStatus.tilt(gravity) {
      parts.append("tilt \(Units.fixed(tilt.degrees, decimals: 0))° \(tilt.arrow)")
    }
    // The unit of --json's speed: column widths per second, a row counting as two.
    parts.append("speed \(Units.fixed(speed, decimals: 1)) columns/s")
    parts.append(rate.map { "\(Units.fixed($0, decimals: 0)) Hz" } ?? "— Hz")
    parts.append("\(source) \(sensor)")
    let text = Array(" " + parts.joined(separator: " · "))
    let keys = "  space recentre · q quit"
    if text.count + keys.count < columns { return String(text) + style.dim(keys) }
    // One column left free (a full last row would scroll); a cut line ends in "…".
    if text.count <= columns - 1 { return String(text) }
    return columns > 2 ? String(text.prefix(columns - 2)) + "…" : ""
  }
}
