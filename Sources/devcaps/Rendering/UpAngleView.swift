import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The live "up" arrow: a line from the centre that rotates to any angle, with an arrowhead, for
/// the terminal's alternate screen (`LiveScreen`). Terminal cells are about twice as tall as wide, so columns are
/// stretched by 2 to keep the arrow's angle true.
struct UpAngleView {
  static let radius = 8
  static let width = 4 * radius + 5
  static let height = 2 * radius + 3

  let style: TextStyle

  /// One frame: the dial, the reading, and the sensor (`name (id)`) and keys as a footer.
  /// `heldAngle` is the direction shown while lying flat.
  func frame(sample: UpAngleSample, heldAngle: Double?, sensor: String) -> LiveFrame {
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
    var lines = grid.map { "  " + String($0) } + [""]
    var footer: [String] = []
    if let problem = sample.problem {
      // A footer line, cut to the width: a long path in it must not make the view's minimum
      // size, and hide itself behind "terminal too small".
      footer.append("  " + style.bad("no reading: " + problem))
    } else if let angle {
      lines.append(
        "  " + style.heading(Units.fixed(angle, decimals: 1) + "°") + "  " + sample.orientation.rawValue
          + (sample.orientation.rotation.map { style.dim(" (\($0))") } ?? ""))
    } else {
      lines.append("  " + style.dim("lying flat: holding the last direction") + "  " + sample.orientation.rawValue)
    }
    lines.append(sample.gravity.map { "  gravity " + EventText.vector($0) } ?? "")
    footer.append(style.dim("  \(sensor) · q or Ctrl-C to quit"))
    return LiveFrame(lines: lines, footer: footer)
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
