import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The live "up" arrow: a line from the centre that rotates to any angle, with an arrowhead, on
/// the terminal's alternate screen. Terminal cells are about twice as tall as wide, so columns are
/// stretched by 2 to keep the arrow's angle true.
struct UpAngleView {
  static let radius = 8
  static let width = 4 * radius + 5
  static let height = 2 * radius + 3

  static let enter = "\u{1B}[?1049h\u{1B}[?25l"
  static let leave = "\u{1B}[?25h\u{1B}[?1049l"

  /// A frame (lines ending in "\n") drawn over the previous one: from the top left, each line
  /// erased to its end (ESC[K) so a shorter line leaves nothing of a longer one, and the screen
  /// erased below it (ESC[J), where a diagnostic on stderr may have been printed.
  static func redraw(_ frame: String) -> String {
    "\u{1B}[H" + frame.replacing("\n", with: "\u{1B}[K\n") + "\u{1B}[J"
  }

  let style: TextStyle

  /// One frame, every line ending in "\n". `angle` is the up-angle in degrees (nil: flat, or no
  /// reading).
  func frame(sample: UpAngleSample, heldAngle: Double?, sensor: SensorInfo) -> String {
    let angle = sample.angleDegrees
    var grid = [[Character]](
      repeating: [Character](repeating: " ", count: UpAngleView.width), count: UpAngleView.height)
    let centre = (row: UpAngleView.height / 2, column: UpAngleView.width / 2)
    // The reference circle.
    for step in 0..<72 {
      let theta = Double(step) * 5 * .pi / 180
      let row = centre.row - Int((cos(theta) * Double(UpAngleView.radius)).rounded())
      let column = centre.column + Int((sin(theta) * Double(UpAngleView.radius) * 2).rounded())
      grid[row][column] = "·"
    }
    if let shown = angle ?? heldAngle {
      // The screen's up direction turned counter-clockwise by the angle: (−sin a, cos a).
      let radians = shown * .pi / 180
      let dx = -sin(radians)
      let dy = cos(radians)
      let body = UpAngleView.bodyCharacter(dx: dx, dy: dy)
      var t = 0.0
      while t <= Double(UpAngleView.radius) - 1 {
        grid[centre.row - Int((dy * t).rounded())][centre.column + Int((dx * t * 2).rounded())] = body
        t += 0.25
      }
      let tipRow = centre.row - Int((dy * Double(UpAngleView.radius)).rounded())
      let tipColumn = centre.column + Int((dx * Double(UpAngleView.radius) * 2).rounded())
      grid[tipRow][tipColumn] = UpAngleView.headCharacter(dx: dx, dy: dy)
    }
    grid[centre.row][centre.column] = "o"
    var text = grid.map { "  " + String($0) }.joined(separator: "\n") + "\n\n"
    if let problem = sample.problem {
      text += "  " + style.bad("no reading: " + problem) + "\n"
    } else if let angle {
      text +=
        "  " + style.heading(Units.fixed(angle, decimals: 1) + "°") + "  " + sample.orientation.rawValue
        + (sample.orientation.rotation.map { style.dim(" (\($0))") } ?? "") + "\n"
    } else {
      text += "  " + style.dim("lying flat: holding the last direction") + "  " + sample.orientation.rawValue + "\n"
    }
    if let gravity = sample.gravity {
      text += "  gravity " + EventText.vector(gravity) + "\n"
    } else {
      text += "\n"
    }
    text += style.dim("  \(sensor.name ?? "accelerometer") (\(sensor.id)) · Ctrl-C to quit") + "\n"
    return text
  }

  static func bodyCharacter(dx: Double, dy: Double) -> Character {
    // The line's slope on screen, with columns doubled.
    let degrees = atan2(dy, dx * 2) * 180 / .pi
    let folded = (degrees + 180).truncatingRemainder(dividingBy: 180)
    switch folded {
    case 22.5..<67.5: return "/"
    case 67.5..<112.5: return "|"
    case 112.5..<157.5: return "\\"
    default: return "-"
    }
  }

  static func headCharacter(dx: Double, dy: Double) -> Character {
    let arrows: [Character] = ["→", "↗", "↑", "↖", "←", "↙", "↓", "↘"]
    let degrees = atan2(dy, dx) * 180 / .pi
    let index = Int(((degrees + 360 + 22.5).truncatingRemainder(dividingBy: 360)) / 45)
    return arrows[index % 8]
  }
}
