import Foundation
import Testing

/// Every key of the capability catalog, present on a testbed holding the one device its rule
/// looks for, and absent on an empty one. `devcaps get capabilities.KEY` answers.
@Suite("The capability catalog", .serialized)
struct CapabilityCatalogTests {
  static func iio(_ attributes: String) -> String {
    "P: /devices/platform/sensor/iio:device0\nE: SUBSYSTEM=iio\nA: name=sensor\n" + attributes
  }

  static func input(_ lines: String) -> String {
    "P: /devices/platform/thing/input/input7\nE: SUBSYSTEM=input\nA: name=thing\n" + lines
  }

  static let arch = "proc/sys/kernel/arch"

  /// Key → (umockdev devices, files in the root) that make it present.
  static let present: [String: (devices: String, files: [String: String])] = [
    "accelerometer": (iio("A: in_accel_x_raw=0\nA: in_accel_y_raw=0\nA: in_accel_z_raw=0\n"), [:]),
    "gyroscope": (iio("A: in_anglvel_x_raw=0\n"), [:]),
    "magnetometer": (iio("A: in_rot_from_north_magnetic_tilt_comp_raw=0\n"), [:]),
    "device-motion": (
      iio("A: in_accel_x_raw=0\nA: in_accel_y_raw=0\nA: in_accel_z_raw=0\nA: in_anglvel_x_raw=0\n"), [:]
    ),
    "ambient-light": (iio("A: in_illuminance0_input=12\n"), [:]),
    "proximity": (input("A: capabilities/sw=800\n"), [:]),
    "barometer": (iio("A: in_pressure_input=101.3\n"), [:]),
    "step-counter": (iio("A: in_steps_input=0\nA: in_steps_en=0\n"), [:]),
    "battery": ("P: /devices/power_supply/BAT1\nE: SUBSYSTEM=power_supply\nA: type=Battery\nA: present=1\n", [:]),
    "wifi": ("P: /devices/pci0000:00/net/wlan0\nE: SUBSYSTEM=net\nE: DEVTYPE=wlan\n", [:]),
    "bluetooth": ("P: /devices/usb/bluetooth/hci0\nE: SUBSYSTEM=bluetooth\n", [:]),
    "telephony": ("P: /devices/usb/wwan/wwan0\nE: SUBSYSTEM=wwan\n", [:]),
    "gps": ("P: /devices/serial/gnss/gnss0\nE: SUBSYSTEM=gnss\n", [:]),
    "nfc": ("P: /devices/i2c/nfc/nfc0\nE: SUBSYSTEM=nfc\n", [:]),
    "still-camera": (
      "P: /devices/usb/video4linux/video0\nE: SUBSYSTEM=video4linux\nE: ID_V4L_CAPABILITIES=:capture:\n", [:]
    ),
    "video-camera": (
      "P: /devices/usb/video4linux/video0\nE: SUBSYSTEM=video4linux\nE: ID_V4L_CAPABILITIES=:capture:\n", [:]
    ),
    "front-facing-camera": (
      "P: /devices/usb/video4linux/video0\nE: SUBSYSTEM=video4linux\nE: ID_V4L_CAPABILITIES=:capture:\nA: physical_location/panel=front\n",
      [:]
    ),
    "microphone": (
      "P: /devices/sound/card0/pcmC0D0c\nE: SUBSYSTEM=sound\n\nP: /devices/sound/card0\nE: SUBSYSTEM=sound\n", [:]
    ),
    "speaker": (
      "P: /devices/sound/card0/pcmC0D0p\nE: SUBSYSTEM=sound\n\nP: /devices/sound/card0\nE: SUBSYSTEM=sound\n", [:]
    ),
    "touchscreen": (input("E: ID_INPUT_TOUCHSCREEN=1\n"), [:]),
    "keyboard": (input("E: ID_INPUT_KEYBOARD=1\n"), [:]),
    "touchpad": (input("E: ID_INPUT_TOUCHPAD=1\n"), [:]),
    "vibration": (input("A: capabilities/ff=1 0\n"), [:]),
    "lid-switch": (input("A: capabilities/sw=1\n"), [:]),
    "tablet-mode-switch": (input("A: capabilities/sw=2\n"), [:]),
    "display": ("P: /devices/gpu/drm/card0/card0-eDP-1\nE: SUBSYSTEM=drm\nA: status=connected\n", [:]),
    "external-display": ("P: /devices/gpu/drm/card0/card0-DP-2\nE: SUBSYSTEM=drm\nA: status=connected\n", [:]),
    "gpu": ("P: /devices/gpu/drm/card0\nE: SUBSYSTEM=drm\n\nP: /devices/gpu/drm/renderD128\nE: SUBSYSTEM=drm\n", [:]),
    "arm64": ("", [arch: "aarch64\n"]),
    "armv7": ("", [arch: "armv7l\n"]),
    "x86_64": ("", [arch: "x86_64\n"]),
    "x86": ("", [arch: "i686\n"]),
    "riscv64": ("", [arch: "riscv64\n"]),
  ]

  /// Near misses: the device is there but does not qualify.
  static let nearMisses: [String: String] = [
    "battery":
      "P: /devices/power_supply/hid-mouse-battery\nE: SUBSYSTEM=power_supply\nA: type=Battery\nA: scope=Device\n",
    "video-camera": "P: /devices/usb/video4linux/video1\nE: SUBSYSTEM=video4linux\nE: ID_V4L_CAPABILITIES=:\n",
    "front-facing-camera":
      "P: /devices/usb/video4linux/video0\nE: SUBSYSTEM=video4linux\nE: ID_V4L_CAPABILITIES=:capture:\nA: physical_location/panel=back\n",
    "external-display":
      "P: /devices/gpu/drm/card0/card0-eDP-1\nE: SUBSYSTEM=drm\nA: status=connected\n\nP: /devices/gpu/drm/card0/card0-HDMI-A-1\nE: SUBSYSTEM=drm\nA: status=disconnected\n",
    "gpu": "P: /devices/display/drm/card0\nE: SUBSYSTEM=drm\n",
    "vibration": input("A: capabilities/ff=0\n"),
    "lid-switch": input("A: capabilities/sw=2\n"),
    "wifi": "P: /devices/pci0000:00/net/eth0\nE: SUBSYSTEM=net\n",
  ]

  func capability(_ key: String, devices: String, files: [String: String]) throws -> String {
    let testbed = try Testbed()
    if !devices.isEmpty { try testbed.addDevices(devices) }
    // An architecture no key names, unless the case sets one: arch keys must not leak from the host.
    try testbed.write(Self.arch, "s390x\n")
    for (path, contents) in files { try testbed.write(path, contents) }
    let result = try DevCapsProcess.run(["get", "capabilities.\(key)"], environment: testbed.environment)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test("every catalog key has a test")
  func coverage() throws {
    let result = try DevCapsProcess.run(["get", "capabilities", "--json"])
    let keys = try #require(try result.json() as? [String: Bool]).keys
    #expect(Set(keys) == Set(Self.present.keys))
  }

  @Test("present when its device is there", arguments: CapabilityCatalogTests.present.keys.sorted())
  func presentWithItsDevice(key: String) throws {
    let (devices, files) = Self.present[key]!
    #expect(try capability(key, devices: devices, files: files) == "true")
  }

  @Test("absent on an empty machine", arguments: CapabilityCatalogTests.present.keys.sorted())
  func absentOnEmptyMachine(key: String) throws {
    #expect(try capability(key, devices: "", files: [:]) == "false")
  }

  @Test(
    "absent when a device is there but does not qualify", arguments: CapabilityCatalogTests.nearMisses.keys.sorted())
  func nearMiss(key: String) throws {
    #expect(try capability(key, devices: Self.nearMisses[key]!, files: [:]) == "false")
  }

  /// Drivers that set no DEVTYPE=wlan: the interface is wireless by its `wireless` directory
  /// or its `phy80211` link to the wiphy, as in the kernel's sysfs.
  static let wirelessWithoutDevtype = [
    "P: /devices/pci0000:00/net/wlp2s0\nE: SUBSYSTEM=net\nA: wireless/link=0\n",
    "P: /devices/pci0000:00/ieee80211/phy0\nE: SUBSYSTEM=ieee80211\n\n"
      + "P: /devices/pci0000:00/net/wlp2s0\nE: SUBSYSTEM=net\nL: phy80211=../../ieee80211/phy0\n",
  ]

  @Test(
    "wifi without DEVTYPE=wlan, by the interface's wireless directory or phy80211 link",
    arguments: CapabilityCatalogTests.wirelessWithoutDevtype)
  func wirelessByEntry(devices: String) throws {
    #expect(try capability("wifi", devices: devices, files: [:]) == "true")
  }

  @Test("the evidence names the device")
  func evidence() throws {
    let testbed = try FixtureMachine(name: "pinephone").load()
    let result = try DevCapsProcess.run(["get", "capabilityEvidence.accelerometer"], environment: testbed.environment)
    #expect(result.stdout == "mpu6050 (iio:device1, display)\n")
    let absent = try DevCapsProcess.run(["get", "capabilityEvidence.keyboard"], environment: testbed.environment)
    #expect(absent.stdout == "null\n")
  }
}
