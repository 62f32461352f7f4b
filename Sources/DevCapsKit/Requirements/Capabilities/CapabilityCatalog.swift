/// The capability catalog: every key `require` knows, the Linux rule that decides it, and the
/// evidence (the device that proves it). One table, so `list`, `require` and the documentation
/// cannot drift apart.
package struct CapabilityRule: Sendable {
  /// The key, as a manifest and `devcaps list` name it (`accelerometer`).
  package let key: String
  /// The rule in words, as `devcaps list` and docs/reference/manifest-language.md show it.
  package let rule: String
  /// The evidence when the capability is present, nil when absent.
  let detect: @Sendable (HardwareInventory) -> String?
}

/// Every capability key with the Linux rule that decides it, in catalog order.
package enum CapabilityCatalog {
  static func evaluate(_ inventory: HardwareInventory) -> [CapabilityResult] {
    rules.map { rule in
      let evidence = rule.detect(inventory)
      return CapabilityResult(key: rule.key, present: evidence != nil, evidence: evidence)
    }
  }

  /// The rule of a key; nil for a key that is not in the catalog.
  package static func rule(for key: String) -> CapabilityRule? { rules.first { $0.key == key } }

  /// Every key, in catalog order.
  package static var keys: [String] { rules.map(\.key) }

  /// Every rule, in catalog order (the order of `capabilities` in the report).
  package static let rules: [CapabilityRule] = [
    sensor(
      "accelerometer", .accelerometer,
      "an IIO device with in_accel_* channels, or an input device with ID_INPUT_ACCELEROMETER=1"),
    sensor("gyroscope", .gyroscope, "an IIO device with in_anglvel_* channels"),
    sensor("magnetometer", .magnetometer, "an IIO device with in_magn_* or in_rot_from_north_magnetic* channels"),
    CapabilityRule(
      key: "device-motion",
      rule:
        "attitude, rotation rate and gravity (CMDeviceMotion): an IIO in_rot_quaternion channel (a sensor hub's fusion), or an accelerometer and a gyroscope"
    ) { inventory in
      if let hub = inventory.sensors.first(where: { $0.type == .rotation }) { return describe(hub) }
      let accelerometers = inventory.sensors.filter { $0.type == .accelerometer }
      guard let accelerometer = accelerometers.first(where: { $0.location != .base }) ?? accelerometers.first,
        let gyroscope = inventory.sensors.first(where: { $0.type == .gyroscope && $0.id == accelerometer.id })
          ?? inventory.sensors.first(where: { $0.type == .gyroscope })
      else { return nil }
      if gyroscope.id == accelerometer.id { return describe(accelerometer) + ": accelerometer + gyroscope" }
      return describe(accelerometer) + " + " + describe(gyroscope)
    },
    sensor("ambient-light", .light, "an IIO device with in_illuminance* channels"),
    sensor(
      "proximity", .proximity, "an IIO device with in_proximity* channels, or an input switch with SW_FRONT_PROXIMITY"),
    sensor("barometer", .pressure, "an IIO device with in_pressure* channels (CMAltimeter)"),
    sensor(
      "step-counter", .stepCounter, "an IIO device with an in_steps channel, a hardware step counter (CMPedometer)"),
    CapabilityRule(
      key: "battery",
      rule:
        "a power-supply battery: UPower kind battery with power-supply yes, or sysfs type=Battery whose scope is not Device"
    ) {
      $0.power.batteries.first.map { battery in
        battery.id + (battery.level.flatMap { Int(roundingIfRepresentable: $0 * 100) }.map { " (\($0) %)" } ?? "")
      }
    },
    radio("wifi", "wifi", "a network interface with DEVTYPE=wlan or a wireless/phy80211 entry"),
    radio("bluetooth", "bluetooth", "a Bluetooth controller, /sys/class/bluetooth/hci*"),
    radio("telephony", "wwan", "/sys/class/wwan/* or a network interface with DEVTYPE=wwan"),
    radio("gps", "gnss", "a GNSS receiver, /sys/class/gnss/*"),
    radio("nfc", "nfc", "an NFC controller, /sys/class/nfc/*"),
    CapabilityRule(key: "still-camera", rule: "a video4linux device whose ID_V4L_CAPABILITIES contains :capture:") {
      $0.cameras.first.map(describe)
    },
    CapabilityRule(key: "video-camera", rule: "a video4linux device whose ID_V4L_CAPABILITIES contains :capture:") {
      $0.cameras.first.map(describe)
    },
    CapabilityRule(key: "front-facing-camera", rule: "such a camera whose physical_location/panel is front") {
      $0.cameras.first { $0.panel == "front" }.map(describe)
    },
    CapabilityRule(key: "microphone", rule: "an ALSA capture PCM (/sys/class/sound/pcmC*D*c)") {
      $0.audioCards.first { $0.captureDevices > 0 }.map { "\($0.card)" + ($0.name.map { " (\($0))" } ?? "") }
    },
    CapabilityRule(key: "speaker", rule: "an ALSA playback PCM (/sys/class/sound/pcmC*D*p)") {
      $0.audioCards.first { $0.playbackDevices > 0 }.map { "\($0.card)" + ($0.name.map { " (\($0))" } ?? "") }
    },
    input("touchscreen", kind: "touchscreen", "an input device with ID_INPUT_TOUCHSCREEN=1"),
    input("keyboard", kind: "keyboard", "an input device with ID_INPUT_KEYBOARD=1"),
    input("touchpad", kind: "touchpad", "an input device with ID_INPUT_TOUCHPAD=1"),
    CapabilityRule(key: "vibration", rule: "an input device with force feedback (capabilities/ff not zero)") {
      $0.inputs.first { $0.forceFeedback }.map(describe)
    },
    inputSwitch("lid-switch", .lid, "an input switch with SW_LID"),
    inputSwitch("tablet-mode-switch", .tabletMode, "an input switch with SW_TABLET_MODE"),
    CapabilityRule(key: "display", rule: "a connected DRM connector") {
      $0.displays.first { $0.connected }.map(\.connector)
    },
    CapabilityRule(key: "external-display", rule: "a connected DRM connector that is not eDP, LVDS or DSI") {
      $0.displays.first { $0.connected && !$0.isInternal }.map(\.connector)
    },
    CapabilityRule(key: "gpu", rule: "a DRM render node (renderD*)") { inventory in
      inventory.gpus.first { $0.renderNode != nil }.map { "\($0.renderNode!)" + ($0.driver.map { " (\($0))" } ?? "") }
    },
    architecture("arm64", ["aarch64", "arm64"]),
    architecture("armv7", ["armv7l", "armv7", "armv7hl", "armv8l"]),
    architecture("x86_64", ["x86_64", "amd64"]),
    architecture("x86", ["i386", "i486", "i586", "i686", "x86"]),
    architecture("riscv64", ["riscv64"]),
  ]

  static func describe(_ sensor: SensorInfo) -> String {
    var details = [sensor.id]
    if let location = sensor.location { details.append(location.rawValue) }
    return (sensor.name ?? sensor.type.rawValue) + " (" + details.concatenated(separator: ", ") + ")"
  }

  static func describe(_ camera: CameraInfo) -> String {
    camera.id + (camera.name.map { " (\($0))" } ?? "")
  }

  static func describe(_ input: InputInfo) -> String {
    input.id + (input.name.map { " (\($0))" } ?? "")
  }

  private static func sensor(_ key: String, _ kind: SensorInfo.Kind, _ rule: String) -> CapabilityRule {
    CapabilityRule(key: key, rule: rule) { inventory in
      // A display accelerometer is the better evidence than one in a convertible's base.
      let matching = inventory.sensors.filter { $0.type == kind }
      return (matching.first { $0.location != .base } ?? matching.first).map(describe)
    }
  }

  private static func radio(_ key: String, _ type: String, _ rule: String) -> CapabilityRule {
    CapabilityRule(key: key, rule: rule) { inventory in
      inventory.radios.first { $0.type == type }.map { $0.id + ($0.driver.map { " (\($0))" } ?? "") }
    }
  }

  private static func input(_ key: String, kind: String, _ rule: String) -> CapabilityRule {
    CapabilityRule(key: key, rule: rule) { inventory in
      inventory.inputs.first { $0.kinds.contains(kind) }.map(describe)
    }
  }

  private static func inputSwitch(_ key: String, _ which: InputDevices.Switch, _ rule: String) -> CapabilityRule {
    CapabilityRule(key: key, rule: rule) { inventory in
      inventory.inputs.first { $0.switches.contains(which.word) }.map(describe)
    }
  }

  private static func architecture(_ key: String, _ names: [String]) -> CapabilityRule {
    CapabilityRule(key: key, rule: "the machine's architecture is \(names.concatenated(separator: " or "))") {
      inventory in
      inventory.architecture.flatMap { names.contains($0) ? $0 : nil }
    }
  }
}
