import DevCapsKit

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Musl)
import Musl
private let systemWrite = Musl.write
#endif

/// Prints one line per battery change: `BAT0 [########--]  80 %  unplugged`.
///
/// `BatteryBar [COUNT]` stops after COUNT lines; without it, it runs until interrupted.
/// `BatteryBar --state [COUNT]` prints the whole `DeviceState` instead, a line per change.
@main
struct BatteryBar {
  static func main() async {
    var arguments = CommandLine.arguments.dropFirst()
    let wholeState = arguments.first == "--state"
    if wholeState { arguments = arguments.dropFirst() }
    var count: Int? = nil
    if let argument = arguments.first {
      guard arguments.count == 1, let number = Int(argument), number > 0 else {
        write(2, "usage: BatteryBar [--state] [COUNT]  (COUNT: how many lines to print, 1 or more)")
        exit(64)
      }
      count = number
    }
    if wholeState { return await StateSummary.run(count: count) }
    var printed = 0
    do {
      for try await battery in BatteryMonitor().updates {
        write(1, line(battery))
        printed += 1
        if let count, printed >= count { return }
      }
    } catch {
      write(2, "BatteryBar: \(error)")
      exit(69)
    }
  }

  static func line(_ battery: BatteryStatus) -> String {
    guard !battery.id.isEmpty else { return "power source lost" }
    guard let level = battery.level else { return "\(battery.id) [??????????]   ? %  \(battery.state.rawValue)" }
    let filled = Int((level * 10).rounded())
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 10 - filled)
    let percent = String(Int((level * 100).rounded()))
    return
      "\(battery.id) [\(bar)] \(String(repeating: " ", count: 3 - percent.count))\(percent) %  \(battery.state.rawValue)"
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
