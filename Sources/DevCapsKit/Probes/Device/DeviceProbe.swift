/// Builds the `device` section from machine-info, `/proc/sys/kernel`, DMI and the device tree.
struct DeviceProbe {
  let context: ProbeContext

  init(context: ProbeContext) { self.context = context }

  func probe() -> DeviceInfo {
    let machineInfo = context.text("/etc/machine-info").map(parseEnvironmentFile) ?? [:]
    let kernel = KernelIdentity(context: context)
    let dmi = DMI(context: context)
    let deviceTree = DeviceTree(context: context)
    let (virtualization, hypervisor) = VirtualizationDetector(
      context: context, dmi: dmi, deviceTree: deviceTree,
      hasHypervisorFlag: { [context] in CPUInfoFile(context: context).firstProcessorHas(flag: "hypervisor") }
    ).detect()

    var device = DeviceInfo()
    device.name = machineInfo["PRETTY_HOSTNAME"].flatMap { $0.isEmpty ? nil : $0 } ?? kernel.hostname
    device.architecture = kernel.machine
    device.virtualization = virtualization?.name
    device.virtualizationKind = virtualization?.kind
    device.hypervisor = hypervisor

    let vendor = dmi.string("sys_vendor") ?? dmi.string("board_vendor")
    if vendor != nil || dmi.string("product_name") != nil || dmi.string("board_name") != nil {
      device.vendor = vendor
      device.model = DeviceProbe.dmiModel(
        vendor: vendor, productName: dmi.string("product_name"),
        productVersion: dmi.string("product_version"), boardName: dmi.string("board_name"))
      device.platform = dmi.string("product_name") ?? dmi.string("board_name")
      device.firmware = FirmwareInfo(
        vendor: dmi.string("bios_vendor"), version: dmi.string("bios_version"),
        date: dmi.date("bios_date"))
    } else {
      let compatible = deviceTree.compatible
      device.model = deviceTree.model
      device.platform = compatible.first
      device.vendor = compatible.first.flatMap(DeviceProbe.deviceTreeVendor)
    }

    let decision = ChassisRules.decide(
      ChassisRules.Inputs(
        machineInfo: machineInfo["CHASSIS"],
        virtualization: virtualization?.kind,
        dmiChassisType: dmi.integer("chassis_type"),
        acpiProfile: context.integer("/sys/firmware/acpi/pm_profile"),
        deviceTreeChassis: deviceTree.chassisType))
    device.chassis = decision.chassis
    device.chassisSource = decision.source
    device.thermalState = ThermalProbe(context: context).probe().state
    return device
  }

  /// Lenovo puts the machine type in `product_name` ("20XW00QGGE") and the name people know in
  /// `product_version` ("ThinkPad X1 Carbon Gen 9"), as systemd-hostnamed also knows.
  static func dmiModel(vendor: String?, productName: String?, productVersion: String?, boardName: String?) -> String? {
    if vendor == "LENOVO", let productVersion { return productVersion }
    return productName ?? boardName
  }

  /// `compatible` strings are `vendor,device`; the vendor prefix is the manufacturer's id.
  static func deviceTreeVendor(_ compatible: String) -> String? {
    guard let comma = compatible.firstIndex(of: ","), comma != compatible.startIndex else { return nil }
    return String(compatible[..<comma])
  }
}
