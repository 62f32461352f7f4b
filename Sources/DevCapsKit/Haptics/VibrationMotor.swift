import CDevCapsShims

/// A force-feedback motor that can rumble: an input device whose `capabilities/ff` has
/// `FF_RUMBLE` (a phone's `vibrator`, a game pad), with the event node it is driven through.
public struct VibrationMotor: Sendable, Equatable {
  /// The event node's kernel name (`event3`).
  public var id: String
  /// `/dev/input/event3`.
  public var node: String
  /// The input device's name (`pwm-vibrator`).
  public var name: String?

  /// A motor from its parts, as `find()` or a test makes one; nothing is checked.
  public init(id: String, node: String, name: String?) {
    self.id = id
    self.node = node
    self.name = name
  }

  /// The first rumble motor libudev lists (by syspath), or nil when the machine has none.
  public static func find() -> VibrationMotor? {
    guard let udev = Udev() else { return nil }
    let rumble = Int(devcaps_ff_rumble_bit())
    for device in udev.devices(subsystem: "input") where InputDevices.isInputNode(device) {
      guard let text = device.attribute("capabilities/ff"), let bits = InputDevices.bits(text), bits.contains(rumble),
        let (id, node) = InputEventNode.find(inputSyspath: device.syspath, udev: udev)
      else { continue }
      return VibrationMotor(id: id, node: node, name: device.attribute("name"))
    }
    return nil
  }
}
