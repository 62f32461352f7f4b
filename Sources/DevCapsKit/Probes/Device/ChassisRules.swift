/// systemd-hostnamed's chassis rules, in its order: an explicit `CHASSIS=`, then virtualization,
/// then DMI `chassis_type`, ACPI `pm_profile` and the device tree's `chassis-type`.
enum ChassisRules {
  static func fromDMI(_ type: Int64) -> Chassis? {
    switch type {
    case 3, 4, 6, 7, 13, 35, 36: return .desktop
    case 8, 9, 10, 14: return .laptop
    case 11: return .handset
    case 17, 28, 29: return .server
    case 30: return .tablet
    case 31, 32: return .convertible
    case 33, 34: return .embedded
    default: return nil
    }
  }

  static func fromACPI(_ profile: Int64) -> Chassis? {
    switch profile {
    case 1, 3, 6: return .desktop
    case 2: return .laptop
    case 4, 5, 7: return .server
    case 8: return .tablet
    default: return nil
    }
  }

  /// The device-tree binding allows the words hostnamectl uses for physical machines.
  static func fromDeviceTree(_ word: String) -> Chassis? {
    guard let chassis = Chassis(rawValue: word), chassis != .vm, chassis != .container, chassis != .unknown
    else { return nil }
    return chassis
  }

  struct Inputs: Sendable {
    var machineInfo: String?
    var virtualization: VirtualizationKind?
    var dmiChassisType: Int64?
    var acpiProfile: Int64?
    var deviceTreeChassis: String?

    init(
      machineInfo: String? = nil, virtualization: VirtualizationKind? = nil, dmiChassisType: Int64? = nil,
      acpiProfile: Int64? = nil, deviceTreeChassis: String? = nil
    ) {
      self.machineInfo = machineInfo
      self.virtualization = virtualization
      self.dmiChassisType = dmiChassisType
      self.acpiProfile = acpiProfile
      self.deviceTreeChassis = deviceTreeChassis
    }
  }

  /// The chassis and the rule that decided it.
  static func decide(_ inputs: Inputs) -> (chassis: Chassis, source: String?) {
    if let word = inputs.machineInfo, let chassis = Chassis(rawValue: word), chassis != .unknown {
      return (chassis, "machine-info")
    }
    switch inputs.virtualization {
    case .vm: return (.vm, "virtualization")
    case .container: return (.container, "virtualization")
    case nil: break
    }
    if let type = inputs.dmiChassisType, let chassis = fromDMI(type) { return (chassis, "dmi") }
    if let profile = inputs.acpiProfile, let chassis = fromACPI(profile) { return (chassis, "acpi") }
    if let word = inputs.deviceTreeChassis, let chassis = fromDeviceTree(word) { return (chassis, "devicetree") }
    return (.unknown, nil)
  }
}
