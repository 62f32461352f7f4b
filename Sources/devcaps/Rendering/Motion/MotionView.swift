import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The live device-motion readout (a motion monitor app's screen, for a terminal): the numbers of one
/// sample and an artificial horizon that tilts with roll and moves with pitch.
struct MotionView {
  static let horizonWidth = 33
  static let horizonHeight = 11

  let style: TextStyle

  /// One frame: the readout and the horizon, and the sensors and keys as a footer.
  func frame(_ update: DeviceMotionUpdate) -> LiveFrame {
    let motion = update.motion
    var lines: [String] = []
    // The rate in a field of its own width (up to --rate's 1000.0 Hz), "—" until it is known:
    // the title is as wide from the first frame on, and so is the view's minimum size.
    let rate = update.rateHz.map { Units.fixed($0, decimals: 1) } ?? "—"
    let title =
      "Device motion · " + source(motion.source) + " · " + String(repeating: " ", count: max(0, 6 - rate.count))
      + rate + " Hz"
    lines.append(style.heading(title))
    lines.append(style.dim("reference frame " + motion.referenceFrame.rawValue))
    lines.append("")
    let attitude = motion.attitude
    lines.append(
      row(
        "Attitude",
        "roll " + angle(attitude.roll.degreesFromRadians) + "  pitch " + angle(attitude.pitch.degreesFromRadians)
          + "  yaw " + (motion.hasYaw ? angle(attitude.yaw.degreesFromRadians) : style.dim("   —  (no gyroscope)"))))
    lines.append(
      row("Rotation rate", motion.rotationRate.map { axes($0, unit: "rad/s") } ?? style.dim("— (no gyroscope)")))
    lines.append(row("Gravity", axes(motion.gravity, unit: "g")))
    lines.append(row("User accel.", axes(motion.userAcceleration, unit: "g")))
    if let field = motion.magneticField {
      lines.append(row("Magnetic field", axes(field.field, unit: "µT") + "  " + accuracy(field.accuracy)))
    } else {
      lines.append(row("Magnetic field", style.dim("— (no magnetometer)")))
    }
    lines.append(row("Heading", motion.heading.map { angle($0) + "  " + Self.compassPoint($0) } ?? style.dim("—")))
    lines.append("")
    lines += horizon(roll: attitude.roll.degreesFromRadians, pitch: attitude.pitch.degreesFromRadians)
    let footer = style.dim(update.sensors.joined(separator: ", ") + " · q or Ctrl-C to quit")
    return LiveFrame(lines: lines.map { "  " + $0 } + [""], footer: ["  " + footer])
  }

  private func source(_ source: MotionSource) -> String {
    switch source {
    case .hub: "sensor hub fusion"
    case .fusion: "devcaps fusion (accelerometer + gyroscope)"
    case .accelerometer: "accelerometer only"
    }
  }

  private func row(_ label: String, _ value: String) -> String {
    label + String(repeating: " ", count: max(1, 16 - label.count)) + value
  }

  private func angle(_ degrees: Double) -> String {
    let text = Units.fixed(degrees, decimals: 1) + "°"
    return String(repeating: " ", count: max(0, 7 - text.count)) + text
  }

  private func axes(_ v: Vector3, unit: String) -> String {
    func value(_ x: Double) -> String {
      let text = Units.fixed(x, decimals: 2)
      return String(repeating: " ", count: max(0, 7 - text.count)) + text
    }
    return "x \(value(v.x))  y \(value(v.y))  z \(value(v.z)) \(unit)"
  }

  private func accuracy(_ accuracy: MagneticFieldAccuracy) -> String {
    switch accuracy {
    case .uncalibrated: style.bad("uncalibrated")
    case .low: style.bad("accuracy low")
    case .medium: "accuracy medium"
    case .high: style.good("accuracy high")
    }
  }

  /// N, NE, E, … for a heading in degrees.
  static func compassPoint(_ heading: Double) -> String {
    let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    let index = Int(
      ((heading + 22.5).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 45)
    return points[index % 8]
  }

  /// An artificial horizon seen through the screen: the ground (`▒`) below a line that turns
  /// against the roll and rises as the top edge tilts down (pitch below 0). Cells are about
  /// twice as tall as wide, so rows count double.
  func horizon(roll: Double, pitch: Double) -> [String] {
    let width = Self.horizonWidth
    let height = Self.horizonHeight
    let slope = tan(-roll.radiansFromDegrees)
    // Pitch ±90° moves the horizon out of the box: ±45° spans it.
    let shift = max(-1.5, min(1.5, pitch / 45)) * Double(height) / 2
    var rows: [String] = []
    for row in 0..<height {
      var line = ""
      for column in 0..<width {
        let x = (Double(column) - Double(width - 1) / 2) / 2
        let y = Double(height - 1) / 2 - Double(row)
        let horizonY = slope * x - shift
        let ground = abs(roll) <= 90 ? y < horizonY : y > horizonY
        if row == height / 2 && column == width / 2 {
          line += "+"
        } else if row == height / 2 && (column == width / 2 - 4 || column == width / 2 + 4) {
          line += "—"
        } else {
          line += ground ? "▒" : " "
        }
      }
      rows.append("│" + line + "│")
    }
    let border = String(repeating: "─", count: width)
    return ["┌" + border + "┐"] + rows + ["└" + border + "┘"]
  }
}
