import Testing

@testable import DevCapsKit

@Suite("Device's current values, as UIDevice answers them")
struct DeviceCurrentValuesTests {
  static func power(onBattery: Bool?, _ states: [BatteryState]) -> PowerInfo {
    var power = PowerInfo(source: .sysfs)
    power.onBattery = onBattery
    power.linePowerOnline = onBattery.map { !$0 }
    power.batteries = states.enumerated().map { BatteryInfo(id: "BAT\($0.offset)", state: $0.element) }
    return power
  }

  @Test(
    "batteryState over every battery: unplugged on battery, charging while any charges, full when all are",
    arguments: [
      (nil, [], BatteryStatus.State.unknown),
      (true, [.discharging, .charging], .unplugged),
      (false, [.full, .charging], .charging),
      (false, [.full, .notCharging], .charging),
      (false, [.full, .full], .full),
      (nil, [.discharging], .unplugged),
      (false, [.unknown], .unknown),
    ] as [(Bool?, [BatteryState], BatteryStatus.State)])
  func batteryState(onBattery: Bool?, states: [BatteryState], expected: BatteryStatus.State) {
    #expect(Device.batteryState(of: Self.power(onBattery: onBattery, states)) == expected)
  }

  @Test("on this machine the one-shot reads agree with the report")
  func agreeWithReport() async throws {
    let power = try Report.current(sections: [.power]).power
    let device = Device.current
    #expect(await device.batteryLevel == power?.level)
    #expect(await device.batteryState == power.map(Device.batteryState(of:)) ?? .unknown)
    // Test machines have no display accelerometer.
    #expect(await device.orientation == .unknown)
  }
}
