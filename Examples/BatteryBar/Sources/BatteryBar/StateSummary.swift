import DevCapsKit
import Observation

/// `BatteryBar --state`: a `DeviceState`, as a SwiftUI view would keep one, printed as one line
/// each time a value a line shows changes: `battery 80 % unplugged  thermal nominal  …`.
@MainActor
enum StateSummary {
  static func run(count: Int?) async {
    let state = DeviceState()
    let running = Task { await state.run() }
    var printed = 0
    var last = ""
    while count.map({ printed < $0 }) ?? true {
      let text = line(state)
      if text != last {
        BatteryBar.write(1, text)
        last = text
        printed += 1
        continue
      }
      // Wait, as a view does, until Observation says a value the line read has changed.
      await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
        withObservationTracking {
          _ = line(state)
        } onChange: {
          changed.resume()
        }
      }
    }
    running.cancel()
    await running.value
  }

  static func line(_ state: DeviceState) -> String {
    let level = state.batteryLevel.map { "\(Int(($0 * 100).rounded())) %" } ?? "?"
    let lid = state.isLidClosed.map { $0 ? "closed" : "open" } ?? "none"
    let tablet = state.isInTabletMode.map { $0 ? "on" : "off" } ?? "none"
    let lowPower = state.isLowPowerModeEnabled.map { $0 ? "on" : "off" } ?? "?"
    return
      "battery \(level) \(state.batteryState.rawValue)  thermal \(state.thermalState)  low-power \(lowPower)  "
      + "orientation \(state.orientation)  tablet \(tablet)  lid \(lid)"
  }
}
