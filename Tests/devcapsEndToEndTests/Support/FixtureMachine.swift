import Foundation

/// A machine described under `Fixtures/machines/NAME`: `devices.umockdev` (sysfs devices, for
/// libudev and direct reads alike) and `root/` (the `/etc`, `/proc` and `/sys` files umockdev
/// does not fake). Loading one gives a testbed devcaps can be run against.
struct FixtureMachine {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/machines")

  let name: String
  var url: URL { FixtureMachine.directory.appendingPathComponent(name) }

  static var all: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }

  func load() throws -> Testbed {
    let testbed = try Testbed()
    let devices = try String(contentsOf: url.appendingPathComponent("devices.umockdev"), encoding: .utf8)
    if !devices.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      try testbed.addDevices(devices)
    }
    try testbed.copyTree(from: url.appendingPathComponent("root"))
    return testbed
  }
}
