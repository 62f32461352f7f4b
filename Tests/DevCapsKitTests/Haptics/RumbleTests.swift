import Foundation
import Testing

@testable import DevCapsKit

/// What the rumble does with nodes that are not a motor's; the motor itself is exercised end to
/// end on umockdev's emulation of the pinephone's vibrator (TiltCommandTests).
@Suite("Rumble")
struct RumbleTests {
  static func motor(_ node: String) -> VibrationMotor { VibrationMotor(id: "event9", node: node, name: "pwm-vibrator") }

  @Test("a node that is not there cannot be opened, and says so")
  func missing() {
    #expect(throws: Rumble.OpenError.cannotOpen(path: "/nonexistent/event9", errno: ENOENT)) {
      try Rumble(motor: Self.motor("/nonexistent/event9"))
    }
  }

  @Test("a node that is no input device refuses the upload (ENOTTY) and is closed again")
  func notAnInputDevice() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rumble-\(getpid())")
    try Data().write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(throws: Rumble.OpenError.uploadFailed(path: file.path, errno: ENOTTY)) {
      try Rumble(motor: Self.motor(file.path))
    }
  }

  @Test("the messages name the node and, when access is denied, who may use it")
  func messages() {
    #expect(
      Rumble.OpenError.cannotOpen(path: "/dev/input/event3", errno: EACCES).description
        == "cannot open /dev/input/event3 to vibrate: Permission denied (event nodes are writable by root and the input group)"
    )
    #expect(
      Rumble.OpenError.uploadFailed(path: "/dev/input/event3", errno: EINVAL).description
        == "/dev/input/event3: uploading a rumble effect (EVIOCSFF) failed: Invalid argument")
    #expect(
      Rumble.OpenError.playFailed(path: "/dev/input/event3", errno: ENODEV).description
        == "/dev/input/event3: playing the rumble effect failed: No such device")
  }
}
