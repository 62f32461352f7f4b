import DevCapsKit

/// Rows for the hardware sections: each device one row, its id as the label.
extension HumanReport {
  func none(_ what: String) -> [(String, String)] { [("", style.dim("no \(what) found"))] }

  func joined(_ parts: [String?]) -> String {
    parts.compactMap { $0 }.map(OutsideText.value).joined(separator: ", ")
  }

  func sensorRows(_ sensors: [SensorInfo]) -> [(String, String)] {
    if sensors.isEmpty { return none("sensors") }
    return sensors.map { sensor in
      var parts: [String?] = [sensor.name, sensor.id, sensor.location?.rawValue]
      if sensor.type == .rotation { parts.append("fused by the sensor hub") }
      if let frequency = sensor.samplingFrequencyHz { parts.append(Units.fixed(frequency, decimals: 1) + " Hz") }
      parts.append(sensor.reading.map(reading) ?? "no reading")
      return (sensor.type.rawValue, joined(parts))
    }
  }

  func reading(_ reading: SensorReading) -> String {
    func number(_ value: Double) -> String { value.isFinite ? Units.fixed(value, decimals: 2) : "unknown" }
    switch reading {
    case .vector(let v, let unit): return "(\(number(v.x)), \(number(v.y)), \(number(v.z))) \(unit)"
    case .scalar(let value, let unit): return "\(number(value)) \(unit)"
    case .quaternion(let q):
      return "quaternion (w \(number(q.w)), x \(number(q.x)), y \(number(q.y)), z \(number(q.z)))"
    case .proximity(let raw, let near):
      let rawText = raw == raw.rounded() && abs(raw) < 1e15 ? String(Int64(raw)) : number(raw)
      return (near.map { $0 ? "near" : "far" } ?? "near level unknown") + " (raw \(rawText))"
    }
  }

  func displayRows(_ displays: [DisplayInfo]) -> [(String, String)] {
    if displays.isEmpty { return none("display connectors") }
    return displays.map { display in
      var parts: [String?] = [
        display.connected ? "connected" : "disconnected", display.isInternal ? "built-in" : "external",
      ]
      if let mode = display.preferredMode {
        parts.append(mode + (display.preferredRefreshHz.map { " @ " + Units.fixed($0, decimals: 2) + " Hz" } ?? ""))
      }
      parts.append(display.name)
      if let width = display.widthMm, let height = display.heightMm { parts.append("\(width) × \(height) mm") }
      if !display.modes.isEmpty { parts.append("\(display.modes.count) mode" + (display.modes.count == 1 ? "" : "s")) }
      return (display.connector, joined(parts))
    }
  }

  func gpuRows(_ gpus: [GPUInfo]) -> [(String, String)] {
    if gpus.isEmpty { return none("GPUs") }
    return gpus.map { gpu in
      let name = [gpu.vendor, gpu.model].compactMap { $0 }.joined(separator: " ")
      return (
        gpu.card,
        joined([name.isEmpty ? nil : name, gpu.driver, gpu.pciId, gpu.renderNode ?? "display only, no render node"])
      )
    }
  }

  func cameraRows(_ cameras: [CameraInfo]) -> [(String, String)] {
    if cameras.isEmpty { return none("cameras") }
    return cameras.map { ($0.id, joined([$0.name, $0.panel.map { "\($0) panel" }, $0.driver])) }
  }

  func audioRows(_ cards: [AudioCardInfo]) -> [(String, String)] {
    if cards.isEmpty { return none("sound cards") }
    return cards.map { card in
      (card.card, joined([card.name, "\(card.playbackDevices) playback", "\(card.captureDevices) capture"]))
    }
  }

  func radioRows(_ radios: [RadioInfo]) -> [(String, String)] {
    if radios.isEmpty { return none("radios") }
    return radios.map { ($0.type, joined([$0.id, $0.driver])) }
  }

  func inputRows(_ inputs: [InputInfo]) -> [(String, String)] {
    if inputs.isEmpty { return none("input devices") }
    return inputs.map { input in
      var parts: [String?] = [input.name]
      if !input.kinds.isEmpty { parts.append(input.kinds.joined(separator: " ")) }
      if !input.switches.isEmpty { parts.append("switches: " + input.switches.joined(separator: " ")) }
      if input.forceFeedback { parts.append("force feedback") }
      return (input.id, joined(parts))
    }
  }

  func capabilityRows(_ capabilities: [CapabilityResult]) -> [(String, String)] {
    capabilities.map { capability in
      let mark = capability.present ? style.good("✓") : style.bad("✗")
      let evidence = capability.evidence.map(OutsideText.value) ?? style.dim("not found")
      return (capability.key, mark + " " + evidence)
    }
  }
}

/// The power section: a bar per battery, state, time left, health; line power and the lid.
extension HumanReport {
  func powerRows(_ power: PowerInfo) -> [(String, String)] {
    var rows: [(String, String)] = [
      ("Source", power.source == .none ? style.dim("no power supply found") : power.source.rawValue)
    ]
    if let profile = power.powerProfile {
      let degraded = profile.degradedReason.map { ", performance degraded: " + OutsideText.value($0) } ?? ""
      rows.append(
        (
          "Power profile",
          OutsideText.value(profile.profile) + style.dim(" (\(OutsideText.value(profile.busName))\(degraded))")
        ))
    }
    if power.source == .none { return rows }
    for battery in power.batteries {
      var parts: [String] = []
      if let level = battery.level {
        parts.append(HumanReport.bar(level) + " " + Units.fixed(level * 100, decimals: 0) + " %")
      }
      parts.append(battery.state.rawValue)
      if let seconds = battery.timeToEmptySeconds { parts.append(Units.clock(seconds: seconds) + " left") }
      if let seconds = battery.timeToFullSeconds { parts.append(Units.clock(seconds: seconds) + " to full") }
      if let health = battery.health { parts.append("health " + Units.fixed(health * 100, decimals: 0) + " %") }
      rows.append((battery.id, parts.joined(separator: ", ")))
      let details = [
        battery.energyWh.map {
          Units.fixed($0, decimals: 1) + " Wh"
            + (battery.energyFullWh.map { " of " + Units.fixed($0, decimals: 1) + " Wh" } ?? "")
        },
        battery.energyRateW.map { Units.fixed($0, decimals: 1) + " W" },
        battery.technology, [battery.vendor, battery.model].compactMap { $0 }.joined(separator: " "),
        battery.chargeCycles.map { "\($0) cycles" },
      ].compactMap { $0 }.filter { !$0.isEmpty }
      if !details.isEmpty {
        rows.append(("", "  " + style.dim(OutsideText.value(details.joined(separator: ", ")))))
      }
    }
    for peripheral in power.peripherals {
      let level =
        peripheral.level.map { HumanReport.bar($0) + " " + Units.fixed($0 * 100, decimals: 0) + " %" }
        ?? "level unknown"
      rows.append((peripheral.kind, joined([peripheral.model, peripheral.id]) + ", " + level))
    }
    if let online = power.linePowerOnline { rows.append(("Line power", online ? "online" : "offline")) }
    if let onBattery = power.onBattery { rows.append(("On battery", onBattery ? "yes" : "no")) }
    if power.lidPresent == true { rows.append(("Lid", power.lidClosed == true ? "closed" : "open")) }
    return rows
  }

  /// `[#######---]`, ten cells.
  static func bar(_ level: Double) -> String {
    let filled = Int((min(1, max(0, level)) * 10).rounded())
    return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 10 - filled) + "]"
  }
}
