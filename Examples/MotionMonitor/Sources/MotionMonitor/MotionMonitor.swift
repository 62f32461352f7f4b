import DevCapsKit
import Dispatch

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Musl)
import Musl
private let systemWrite = Musl.write
#endif

/// Prints one line per device-motion sample, 10 a second (Core Motion's MotionMonitor sample on
/// a terminal): rotation rate, gravity, user acceleration, attitude and where it comes from.
///
/// ```
/// rotation -0.02 -0.01  0.00 rad/s  gravity  0.00 -1.00  0.00 g  user  0.00  0.00  0.00 g  roll    0.0°  pitch   90.0°  yaw    0.0°  fusion
/// rotation     —     —     — rad/s  gravity  0.00 -1.00  0.00 g  user  0.00  0.00  0.00 g  roll    0.0°  pitch   90.0°  yaw      —   accelerometer
/// ```
///
/// `MotionMonitor [COUNT]` stops after COUNT samples; without it, it runs until Ctrl-C.
@main
struct MotionMonitor {
  static func main() async {
    let arguments = CommandLine.arguments.dropFirst()
    var count: Int? = nil
    if let argument = arguments.first {
      guard arguments.count == 1, let number = Int(argument), number > 0 else {
        write(2, "usage: MotionMonitor [COUNT]  (COUNT: how many samples to print, 1 or more)")
        exit(64)
      }
      count = number
    }
    // Ctrl-C cancels the task that iterates: the library stops sampling and puts back what it
    // changed on the sensor (an IIO buffer it enabled) before the loop ends.
    let monitor = Task { try await printSamples(count: count) }
    signal(SIGINT, SIG_IGN)
    let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
    interrupt.setEventHandler { monitor.cancel() }
    interrupt.resume()
    do {
      try await monitor.value
    } catch {
      write(2, "MotionMonitor: \(error)")
      exit(69)
    }
    if monitor.isCancelled { exit(130) }
  }

  static func printSamples(count: Int?) async throws(UpdateError) {
    var printed = 0
    for try await motion in MotionManager().deviceMotionUpdates(interval: .milliseconds(100)) {
      write(1, line(motion))
      printed += 1
      if let count, printed >= count { return }
    }
  }

  static func line(_ motion: DeviceMotion) -> String {
    let rate = motion.rotationRate.map(vector) ?? "    —     —     —"  // no gyroscope
    let yaw = motion.hasYaw ? angle(motion.attitude.yaw) : "     — "  // gravity alone has no yaw
    return "rotation \(rate) rad/s  gravity \(vector(motion.gravity)) g  user \(vector(motion.userAcceleration)) g  "
      + "roll \(angle(motion.attitude.roll))  pitch \(angle(motion.attitude.pitch))  yaw \(yaw)  \(motion.source.rawValue)"
  }

  static func vector(_ v: Vector3) -> String {
    [v.x, v.y, v.z].map { fixed($0, decimals: 2, width: 5) }.joined(separator: " ")
  }

  static func angle(_ radians: Double) -> String {
    fixed(radians * 180 / .pi, decimals: 1, width: 6) + "°"
  }

  /// `value` with `decimals` digits after the point, right-aligned in `width` (no Foundation).
  static func fixed(_ value: Double, decimals: Int, width: Int) -> String {
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    var text = "nan"
    if value.isFinite {
      let units = Int((abs(value) * Double(scale)).rounded())
      let fraction = String(units % scale)
      text =
        (value < 0 && units > 0 ? "-" : "") + "\(units / scale)."
        + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// One line on a descriptor at once, unbuffered: a reader on a pipe sees each as it happens.
  static func write(_ descriptor: Int32, _ text: String) {
    let line = Array((text + "\n").utf8)
    var written = 0
    while written < line.count {
      let result = line[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      guard result > 0 else { return }
      written += result
    }
  }
}
