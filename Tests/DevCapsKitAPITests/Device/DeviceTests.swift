import DevCapsKit
import Foundation
import Testing

@Suite("Device and Report.current")
struct DeviceTests {
  /// os-release's NAME and VERSION_ID, read here without devcaps.
  static func osRelease(_ key: String) -> String? {
    let text =
      (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8))
      ?? (try? String(contentsOfFile: "/usr/lib/os-release", encoding: .utf8)) ?? ""
    for line in text.split(separator: "\n") where line.hasPrefix(key + "=") {
      return String(line.dropFirst(key.count + 1)).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
    }
    return nil
  }

  @Test("the device is the report's device and system sections, under UIDevice's names")
  func current() throws {
    let device = Device.current
    let report = try Report.current(sections: [.device, .system])
    #expect(device == Device(report: report))
    #expect(!device.name.isEmpty)
    #expect(device.systemName == Self.osRelease("NAME"))
    #expect(device.systemVersion == Self.osRelease("VERSION_ID"))
    var name = utsname()
    uname(&name)
    let machine = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    #expect(device.architecture == machine)
    #expect(Chassis.allCases.contains(device.chassis))
  }

  @Test("a report of only the sections asked for, in report order")
  func sections() throws {
    let report = try Report.current(sections: [.sensors, .memory])
    #expect(report.sections == [.memory, .sensors])
    #expect((report.memory?.totalBytes ?? 0) > 0)
    #expect(report.device == nil && report.power == nil)
  }

  @Test("no section, or a section name that is not one, is a typed error with a clear message")
  func badSections() {
    #expect(throws: ReportError.noSections) { try Report.current(sections: []) }
    #expect(throws: ReportError.unknownSection("memroy")) { try Report.current(sectionNames: ["cpu", "memroy"]) }
    #expect(
      ReportError.unknownSection("memroy").description.hasPrefix(
        "unknown section 'memroy'; valid sections: device, system, cpu"))
  }

  @Test("a device from a report answers its current values from the report's power and thermal sections")
  func valuesFromReport() async throws {
    let report = try Report.current(sections: [.device, .system, .power, .thermal])
    let device = try #require(Device(report: report))
    #expect(await device.batteryLevel == report.power?.level)
    #expect(await device.thermalState == report.thermal?.state)
    #expect(await device.isLowPowerModeEnabled == nil)
    #expect(await device.orientation == .unknown)
  }

  @Test("a device a test describes answers as a machine without batteries, zones, daemon or sensors")
  func describedDevice() async {
    let device = Device(name: "kiosk", chassis: .tablet)
    #expect(await device.batteryLevel == nil)
    #expect(await device.batteryState == .unknown)
    #expect(await device.thermalState == .nominal)
    #expect(await device.isInTabletMode == nil)
  }

  @Test("a device from a report without its device section is nil, not made up")
  func partialReport() throws {
    #expect(Device(report: try Report.current(sections: [.system])) == nil)
  }
}

@Suite("Device.thermalState")
struct DeviceThermalStateTests {
  @Test("the state now is the report's, and the updates start with it")
  func thermalState() async throws {
    let report = try Report.current(sections: [.device, .thermal])
    #expect(report.device?.thermalState == report.thermal?.state)
    #expect(await Device.current.thermalState == report.thermal?.state)
    guard report.thermal?.zones.isEmpty == false else {
      // No zones: the state the property says, then no change until the loop is cancelled.
      let consumer = Task {
        var states: [ThermalState] = []
        for try await update in Device.thermalStateUpdates() { states.append(update.state) }
        return states
      }
      try await Task.sleep(for: .milliseconds(200))
      consumer.cancel()
      #expect(try await consumer.value == [await Device.current.thermalState])
      return
    }
    for try await update in Device.thermalStateUpdates() {
      #expect(update.zones.map(\.id) == report.thermal?.zones.map(\.id))
      break
    }
  }
}

@Suite("Device.isLowPowerModeEnabled")
struct DeviceLowPowerModeTests {
  @Test("low power mode is the profile's power-saver, or nil with the reason the profile throws")
  func lowPowerMode() async {
    switch Result(catching: { () throws(PowerProfileError) in try Device.powerProfile() }) {
    case .success(let profile):
      #expect(await Device.current.isLowPowerModeEnabled == (profile.profile == "power-saver"))
      #expect(["org.freedesktop.UPower.PowerProfiles", "net.hadess.PowerProfiles"].contains(profile.busName))
    case .failure(let error):
      #expect(await Device.current.isLowPowerModeEnabled == nil)
      #expect(!error.description.isEmpty)
    }
  }
}

@Suite("Device.lowPowerModeUpdates")
struct DeviceLowPowerModeUpdatesTests {
  @Test("the updates start with the profile read now, or throw the reason there is none")
  func updates() async throws {
    switch Result(catching: { () throws(PowerProfileError) in try Device.powerProfile() }) {
    case .success(let profile):
      for try await update in Device.lowPowerModeUpdates() {
        #expect(update.profile.busName == profile.busName)
        break
      }
    case .failure(let error):
      await #expect(throws: UpdateError.unavailable(.init(.serviceMissing, error.description))) {
        for try await _ in Device.lowPowerModeUpdates() {}
      }
    }
  }
}

@Suite("Device.ambientLightUpdates")
struct DeviceAmbientLightTests {
  @Test("the light now from the sensor the report lists, or unavailable when it lists none")
  func updates() async throws {
    let report = try Report.current(sections: [.sensors])
    guard let sensor = report.sensors?.first(where: { $0.type == .light && $0.bus == "iio" }) else {
      await #expect(
        throws: UpdateError.unavailable("no ambient light sensor found (no IIO device with an in_illuminance channel)")
      ) {
        for try await _ in Device.ambientLightUpdates() {}
      }
      return
    }
    for try await update in Device.ambientLightUpdates() {
      #expect(update.sensor == sensor.id)
      break
    }
  }
}
