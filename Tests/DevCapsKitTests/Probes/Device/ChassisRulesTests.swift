import Testing

@testable import DevCapsKit

@Suite("Chassis by systemd-hostnamed's rules")
struct ChassisRulesTests {
  @Test(
    "DMI chassis_type numbers",
    arguments: [
      (Int64(3), Chassis.desktop), (4, .desktop), (6, .desktop), (7, .desktop), (13, .desktop), (35, .desktop),
      (36, .desktop), (8, .laptop), (9, .laptop), (10, .laptop), (14, .laptop), (11, .handset), (17, .server),
      (28, .server), (29, .server), (30, .tablet), (31, .convertible), (32, .convertible), (33, .embedded),
      (34, .embedded),
    ])
  func dmi(type: Int64, expected: Chassis) {
    #expect(ChassisRules.fromDMI(type) == expected)
  }

  @Test("DMI types that say nothing fall through", arguments: [Int64(0), 1, 2, 5, 12, 99, -1])
  func dmiUnknown(type: Int64) {
    #expect(ChassisRules.fromDMI(type) == nil)
  }

  @Test(
    "ACPI pm_profile",
    arguments: [
      (Int64(1), Chassis?.some(.desktop)), (2, .laptop), (3, .desktop), (4, .server), (5, .server), (6, .desktop),
      (7, .server), (8, .tablet), (0, nil), (9, nil),
    ])
  func acpi(profile: Int64, expected: Chassis?) {
    #expect(ChassisRules.fromACPI(profile) == expected)
  }

  @Test("the first rule that answers wins, in hostnamed's order")
  func order() {
    let all = ChassisRules.Inputs(
      machineInfo: "tablet", virtualization: .vm, dmiChassisType: 10, acpiProfile: 4, deviceTreeChassis: "handset")
    #expect(ChassisRules.decide(all) == (.tablet, "machine-info"))
    var inputs = all
    inputs.machineInfo = "nonsense"
    #expect(ChassisRules.decide(inputs) == (.vm, "virtualization"))
    inputs.virtualization = nil
    #expect(ChassisRules.decide(inputs) == (.laptop, "dmi"))
    inputs.dmiChassisType = 2
    #expect(ChassisRules.decide(inputs) == (.server, "acpi"))
    inputs.acpiProfile = nil
    #expect(ChassisRules.decide(inputs) == (.handset, "devicetree"))
    inputs.deviceTreeChassis = "vm"
    #expect(ChassisRules.decide(inputs) == (.unknown, nil))
  }

  @Test("containers are a chassis of their own")
  func container() {
    #expect(ChassisRules.decide(.init(virtualization: .container, dmiChassisType: 3)) == (.container, "virtualization"))
  }
}
