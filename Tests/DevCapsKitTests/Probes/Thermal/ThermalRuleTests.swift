import Testing

@testable import DevCapsKit

@Suite("Thermal state by the documented rule")
struct ThermalRuleTests {
  static let trips = [
    ThermalTrip(type: "critical", temperatureCelsius: 105), ThermalTrip(type: "hot", temperatureCelsius: 100),
    ThermalTrip(type: "passive", temperatureCelsius: 95), ThermalTrip(type: "active", temperatureCelsius: 50),
  ]

  static func state(_ celsius: Double?, trips: [ThermalTrip] = trips, cooling: [CoolingDeviceInfo] = []) -> ThermalState
  {
    ThermalRule.judge(
      zones: [ThermalZoneInfo(id: "thermal_zone0", type: "TCPU", temperatureCelsius: celsius, trips: trips)],
      coolingDevices: cooling
    )
    .state
  }

  @Test(
    "a zone against its passive, hot and critical trips (an active trip, a fan's, counts for nothing)",
    arguments: [
      (84.9, ThermalState.nominal), (85, .fair), (94.9, .fair), (95, .serious), (99.9, .serious), (100, .critical),
      (130, .critical),
    ])
  func zone(celsius: Double, expected: ThermalState) {
    #expect(Self.state(celsius) == expected)
  }

  @Test("without a passive trip, 10 °C below hot or critical is serious")
  func noPassive() {
    let trips = [ThermalTrip(type: "critical", temperatureCelsius: 128)]
    #expect(Self.state(117.9, trips: trips) == .nominal)
    #expect(Self.state(118, trips: trips) == .serious)
    #expect(Self.state(128, trips: trips) == .critical)
  }

  @Test("a zone without a reading or without trips says nothing; no zones at all is nominal")
  func nothingToJudge() {
    #expect(Self.state(nil) == .nominal)
    #expect(Self.state(150, trips: []) == .nominal)
    #expect(ThermalRule.judge(zones: [], coolingDevices: []) == ThermalInfo(state: .nominal))
  }

  @Test("throttling cooling devices: fair above 0, serious at max_state; fans and idle powerclamp (-1) do not count")
  func cooling() {
    func state(_ type: String, _ current: Int64?, _ maximum: Int64?) -> ThermalState {
      Self.state(
        40, cooling: [CoolingDeviceInfo(id: "cooling_device0", type: type, currentState: current, maxState: maximum)])
    }
    #expect(state("Processor", 0, 3) == .nominal)
    #expect(state("Processor", 1, 3) == .fair)
    #expect(state("Processor", 3, 3) == .serious)
    #expect(state("thermal-cpufreq-0", 5, nil) == .fair)
    #expect(state("intel_powerclamp", -1, 50) == .nominal)
    #expect(state("Fan", 1, 1) == .nominal)
    #expect(state("pwm-fan", 4, 4) == .nominal)
  }

  @Test("the hottest cause wins and is the reason")
  func reason() {
    let info = ThermalRule.judge(
      zones: [
        ThermalZoneInfo(
          id: "thermal_zone0", type: "acpitz", temperatureCelsius: 90,
          trips: [ThermalTrip(type: "passive", temperatureCelsius: 95)]),
        ThermalZoneInfo(id: "thermal_zone1", type: "TCPU", temperatureCelsius: 96.25, trips: Self.trips),
      ],
      coolingDevices: [CoolingDeviceInfo(id: "cooling_device0", type: "Processor", currentState: 1, maxState: 3)])
    #expect(info.state == .serious)
    #expect(info.reason == "TCPU at 96.3 °C, past its passive trip at 95.0 °C")
  }

  @Test("states order from cool to hot, as a manifest's <= compares them")
  func order() {
    #expect(ThermalState.allCases.map(\.rawValue) == ManifestKeys.thermalStates)
    #expect(ThermalState.nominal < .fair && .fair < .serious && .serious < .critical)
  }

  @Test("sysfs values: millidegrees, unset trips, error values, the kernel's numbering")
  func sysfs() {
    #expect(ThermalSysfs.celsius(millidegrees: 45_500) == 45.5)
    #expect(ThermalSysfs.celsius(millidegrees: -274_000) == nil)
    #expect(ThermalSysfs.celsius(millidegrees: Int64.max) == nil)
    #expect(ThermalSysfs.trip(type: "passive", millidegrees: 0) == nil)
    #expect(
      ThermalSysfs.trip(type: "critical", millidegrees: 128_000)
        == ThermalTrip(type: "critical", temperatureCelsius: 128))
    let names = ["thermal_zone10", "cooling_device2", "thermal_zone2", "thermal_zone", "cooling_device10"]
    #expect(
      names.sorted(by: ThermalSysfs.kernelOrder) == [
        "cooling_device2", "cooling_device10", "thermal_zone", "thermal_zone2", "thermal_zone10",
      ])
    #expect(ThermalRule.celsius(-0.04) == "0.0 °C" && ThermalRule.celsius(-1.25) == "-1.3 °C")
  }
}
