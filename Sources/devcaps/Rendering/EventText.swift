import DevCapsKit

/// The line a person reads for each stream event (`watch`, `up-angle` without a terminal).
enum EventText {
  static func line(_ event: DeviceEvent) -> String {
    switch event {
    case .battery(let update): battery(update.device)
    case .lid(let lid): lid.present == true ? "lid \(lid.closed == true ? "closed" : "open")" : "no lid"
    case .tabletMode(let update):
      update.tabletMode
        ? "tablet mode (\(OutsideText.value(update.device)))" : "laptop mode (\(OutsideText.value(update.device)))"
    case .display(let update): display(update)
    case .sensor(let update):
      "\(update.sensor.type.rawValue) \(OutsideText.value(update.sensor.name ?? update.sensor.id)) (\(OutsideText.value(update.sensor.id))) \(update.action.rawValue)"
    case .orientation(let update):
      "orientation \(update.orientation.rawValue)" + (update.orientation.rotation.map { " (\($0))" } ?? "")
    case .proximity(let update): proximity(update)
    case .shake(let shake): "shake (\(shake.detector.rawValue)), peak \(Units.fixed(shake.peakG, decimals: 2)) g"
    case .upAngle(let sample): upAngle(sample)
    case .motion(let update): motion(update.motion)
    case .heading(let update): heading(update)
    case .light(let update):
      update.lux.map { "light " + Units.fixed($0, decimals: 1) + " lx" }
        ?? "light unreadable: \(update.problem ?? "no reading")"
    case .altitude(let update): altitude(update)
    case .steps(let update):
      update.steps.map { "\(Units.grouped($0)) step\($0 == 1 ? "" : "s")" }
        ?? "step counter unreadable: \(update.problem ?? "no reading")"
    case .powerProfile(let update):
      "power profile \(OutsideText.value(update.profile.profile))"
        + (update.isLowPowerModeEnabled ? " (low power mode)" : "")
        + (update.profile.degradedReason.map { ", performance degraded: \(OutsideText.value($0))" } ?? "")
    case .thermal(let update):
      "thermal state \(update.state.rawValue)" + (update.reason.map { " (\(OutsideText.value($0)))" } ?? "")
    case .usb(let update): usb(update)
    case .sourceLost(let source): "\(source) went away; waiting for it to come back"
    case .sourceRestored(let source): "\(source) is back"
    }
  }

  /// `usb 3-2 added: Logitech USB Receiver [046d:c52b]`.
  static func usb(_ update: USBUpdate) -> String {
    let device = update.item
    let name = [device.manufacturer, device.product].compactMap { $0 }.joined(separator: " ")
    let described = [name.isEmpty ? nil : OutsideText.value(name), device.usbId.map { "[\($0)]" }].compactMap { $0 }
    return "usb \(OutsideText.value(device.port)) \(update.action.rawValue)"
      + (described.isEmpty ? "" : ": " + described.joined(separator: " "))
  }

  /// `+1.25 m (100.812 kPa)`: the altitude relative to the first reading, signed, in centimetres.
  static func altitude(_ update: AltitudeUpdate) -> String {
    guard let pressure = update.pressureKilopascals, let meters = update.relativeAltitudeMeters else {
      return "pressure unreadable: \(update.problem ?? "no reading")"
    }
    let rounded = (meters * 100).rounded() / 100
    return (rounded > 0 ? "+" : rounded < 0 ? "" : "±") + Units.fixed(rounded == 0 ? 0 : rounded, decimals: 2) + " m ("
      + Units.fixed(pressure, decimals: 3) + " kPa)"
  }

  /// `BAT0 50 % charging, 2:00 to full, on line power`; `hidpp_battery_0 (mouse) 20 %
  /// discharging`; `BAT1 20 % charging state unknown`. The power source is said, so that a line
  /// printed when only it changed (the charger plugged in) shows what changed.
  static func battery(_ device: BatteryUpdate.Device) -> String {
    switch device {
    case .battery(let battery, let onBattery):
      var text = OutsideText.value(battery.id)
      if let level = battery.level { text += " " + Units.fixed(level * 100, decimals: 0) + " %" }
      text += " " + chargingState(battery.state)
      if let seconds = battery.timeToFullSeconds { text += ", " + Units.clock(seconds: seconds) + " to full" }
      if let seconds = battery.timeToEmptySeconds { text += ", " + Units.clock(seconds: seconds) + " left" }
      if let onBattery { text += onBattery ? ", on battery" : ", on line power" }
      return text
    case .peripheral(let peripheral):
      let level = peripheral.level.map { Units.fixed($0 * 100, decimals: 0) + " %" } ?? "level unknown"
      return "\(OutsideText.value(peripheral.id)) (\(peripheral.kind)) \(level) \(chargingState(peripheral.state))"
    case .removed(let id):
      return "\(id) removed"
    }
  }

  /// The state as a word that says it is the charging state even when it is not known.
  static func chargingState(_ state: BatteryState) -> String {
    state == .unknown ? "charging state unknown" : state.rawValue
  }

  /// `HDMI-A-1 connected: DELL U2720Q, 3840x2160 @ 60.00 Hz, 12 modes`
  static func display(_ update: DisplayUpdate) -> String {
    let display = update.display
    var text = "\(display.connector) \(update.action.rawValue)"
    guard display.connected else { return text }
    let details = [
      display.name,
      display.preferredMode.map { mode in
        mode + (display.preferredRefreshHz.map { " @ " + Units.fixed($0, decimals: 2) + " Hz" } ?? "")
      },
      display.modes.isEmpty ? nil : "\(display.modes.count) mode\(display.modes.count == 1 ? "" : "s")",
    ].compactMap { $0 }
    if !details.isEmpty { text += ": " + details.joined(separator: ", ") }
    return text
  }

  static func proximity(_ update: ProximityUpdate) -> String {
    if let problem = update.problem { return "proximity unknown: \(problem)" }
    return update.near.map { $0 ? "proximity near" : "proximity far" } ?? "proximity unknown (no near level)"
  }

  /// `12.2° portrait · gravity (0.21, -0.97, 0.05) g`
  static func upAngle(_ sample: UpAngleSample) -> String {
    if let problem = sample.problem { return "no reading: \(problem)" }
    let angle = sample.angleDegrees.map { Units.fixed($0, decimals: 1) + "°" } ?? "lying flat"
    return "\(angle) \(sample.orientation.rawValue)" + (sample.gravity.map { " · gravity " + vector($0) } ?? "")
  }

  /// `roll 10.0° pitch 45.0° yaw -3.2° · gravity (0.12, -0.70, -0.70) g · user (0.00, 0.01, 0.00) g · fusion`
  static func motion(_ motion: DeviceMotion) -> String {
    let attitude = motion.attitude
    var text =
      "roll " + degrees(attitude.roll.degreesFromRadians) + " pitch " + degrees(attitude.pitch.degreesFromRadians)
    text += " yaw " + (motion.hasYaw ? degrees(attitude.yaw.degreesFromRadians) : "—")
    text += " · gravity " + vector(motion.gravity) + " · user " + vector(motion.userAcceleration)
    if let rate = motion.rotationRate { text += " · rotation (\(axes(rate, decimals: 2))) rad/s" }
    if let heading = motion.heading { text += " · heading " + degrees(heading) }
    return text + " · " + motion.source.rawValue
  }

  /// `heading 271.4° (accuracy high)`
  static func heading(_ update: HeadingUpdate) -> String {
    "heading " + degrees(update.headingDegrees) + " (accuracy \(update.accuracy.rawValue))"
  }

  static func degrees(_ value: Double) -> String { Units.fixed(value, decimals: 1) + "°" }

  static func axes(_ v: Vector3, decimals: Int) -> String {
    "\(Units.fixed(v.x, decimals: decimals)), \(Units.fixed(v.y, decimals: decimals)), \(Units.fixed(v.z, decimals: decimals))"
  }

  static func vector(_ v: Vector3) -> String {
    "(\(Units.fixed(v.x, decimals: 2)), \(Units.fixed(v.y, decimals: 2)), \(Units.fixed(v.z, decimals: 2))) g"
  }
}
