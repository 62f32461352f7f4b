/// What the machine is: UIDevice's name, model and idiom, and sysctl `hw.machine`.
public struct DeviceInfo: Sendable, Codable, Equatable {
  /// `PRETTY_HOSTNAME` in `/etc/machine-info`, else the host name.
  public var name: String?
  /// The product name from DMI or the device tree; placeholders such as "To be filled by O.E.M." are nil.
  public var model: String?
  /// The maker from DMI or the device tree.
  public var vendor: String?
  /// A machine-readable model identifier in the spirit of `hw.machine`: the device tree's first
  /// `compatible` string, else DMI `product_name`.
  public var platform: String?
  /// What kind of machine, by systemd-hostnamed's rules.
  public var chassis: Chassis
  /// Which rule decided the chassis: `machine-info`, `virtualization`, `dmi`, `acpi`, `devicetree`.
  public var chassisSource: String?
  /// The kernel's machine name (`x86_64`, `aarch64`, `armv7l`, `riscv64`).
  public var architecture: String?
  /// systemd-detect-virt's word (`kvm`, `docker`, …) for the innermost layer: the container
  /// when there is one; nil when none was detected.
  public var virtualization: String?
  /// `vm` or `container`; nil when none was detected.
  public var virtualizationKind: VirtualizationKind?
  /// The virtual machine under it all, as `systemd-detect-virt --vm` names it (`kvm`, `qemu`,
  /// `vmware`, `microsoft`, `xen`, `oracle`, `amazon`, `google`, …); nil on bare metal.
  public var hypervisor: String?
  /// The BIOS or UEFI firmware, from DMI.
  public var firmware: FirmwareInfo
  /// How hard the machine works to stay cool (`ProcessInfo.thermalState`), by <doc:ThermalStateRule>
  /// over `/sys/class/thermal`; nil in a report saved before devcaps read it.
  public var thermalState: ThermalState?

  /// A device section as a test or a saved report describes it.
  public init(
    name: String? = nil, model: String? = nil, vendor: String? = nil, platform: String? = nil,
    chassis: Chassis = .unknown, chassisSource: String? = nil, architecture: String? = nil,
    virtualization: String? = nil, virtualizationKind: VirtualizationKind? = nil,
    firmware: FirmwareInfo = FirmwareInfo(), hypervisor: String? = nil, thermalState: ThermalState? = nil
  ) {
    self.hypervisor = hypervisor
    self.name = name
    self.model = model
    self.vendor = vendor
    self.platform = platform
    self.chassis = chassis
    self.chassisSource = chassisSource
    self.architecture = architecture
    self.virtualization = virtualization
    self.virtualizationKind = virtualizationKind
    self.firmware = firmware
    self.thermalState = thermalState
  }
}

/// hostnamectl's chassis vocabulary.
public enum Chassis: String, Sendable, Codable, CaseIterable {
  case desktop, laptop, convertible, server, tablet, handset, watch, embedded, vm, container, unknown
}

/// A virtual machine or a container (systemd-detect-virt's two kinds).
public enum VirtualizationKind: String, Sendable, Codable {
  case vm, container
}

/// The machine's firmware as DMI describes it.
public struct FirmwareInfo: Sendable, Codable, Equatable {
  /// The firmware's maker (`LENOVO`).
  public var vendor: String?
  /// The firmware's version (`N32ET86W (1.62 )`).
  public var version: String?
  /// ISO 8601 (`2023-05-11`), converted from DMI's `MM/DD/YYYY`.
  public var date: String?

  /// Firmware as a test or a saved report describes it.
  public init(vendor: String? = nil, version: String? = nil, date: String? = nil) {
    self.vendor = vendor
    self.version = version
    self.date = date
  }
}
