/// Input devices as udev classifies them, and the kernel's capability bitmaps.
enum InputDevices {
  /// `inputN` (the device), as opposed to its `eventN`/`mouseN` nodes.
  static func isInputNode(_ device: UdevDevice) -> Bool {
    let name = device.sysname
    return name.hasPrefix("input") && Int(name.dropFirst(5)) != nil
  }

  enum Switch: Int, Sendable, CaseIterable {
    // Bit numbers from linux/input-event-codes.h.
    case lid = 0x00
    case tabletMode = 0x01
    case frontProximity = 0x0b

    var word: String {
      switch self {
      case .lid: return "lid"
      case .tabletMode: return "tablet-mode"
      case .frontProximity: return "front-proximity"
      }
    }
  }

  /// A capability bitmap as sysfs prints it: hexadecimal words of the kernel's `long`, most
  /// significant first, separated by spaces. Nil for garbage.
  static func bits(_ text: String) -> Set<Int>? {
    let words = text.split(separator: " ")
    guard !words.isEmpty else { return nil }
    let values = words.map { UInt64($0, radix: 16) }
    guard values.allSatisfy({ $0 != nil }) else { return nil }
    // A word wider than 32 bits means a 64-bit kernel; otherwise assume our own word size.
    let wordBits = words.contains { $0.count > 8 } ? 64 : MemoryLayout<Int>.size * 8
    var set = Set<Int>()
    for (index, value) in values.reversed().enumerated() {
      guard let value, value != 0 else { continue }
      for bit in 0..<wordBits where value & (1 << UInt64(bit)) != 0 {
        set.insert(index * wordBits + bit)
      }
    }
    return set
  }

  static func switches(_ device: UdevDevice) -> Set<Switch> {
    guard let text = device.attribute("capabilities/sw"), let bits = bits(text) else { return [] }
    return Set(Switch.allCases.filter { bits.contains($0.rawValue) })
  }

  static func hasForceFeedback(_ device: UdevDevice) -> Bool {
    guard let text = device.attribute("capabilities/ff"), let bits = bits(text) else { return false }
    return !bits.isEmpty
  }

  /// udev's `ID_INPUT_*` classifications, in the words the report uses.
  static let kinds: [(property: String, word: String)] = [
    ("ID_INPUT_KEYBOARD", "keyboard"), ("ID_INPUT_MOUSE", "mouse"), ("ID_INPUT_TOUCHPAD", "touchpad"),
    ("ID_INPUT_TOUCHSCREEN", "touchscreen"), ("ID_INPUT_TABLET", "tablet"), ("ID_INPUT_JOYSTICK", "joystick"),
    ("ID_INPUT_ACCELEROMETER", "accelerometer"), ("ID_INPUT_SWITCH", "switch"),
  ]
}
