/// A device on the PCI bus, as /sys/bus/pci/devices lists it. The numbers are lower-case
/// hexadecimal without `0x`, zero-padded as lspci writes them (`8086`, `030000`).
public struct PCIDeviceInfo: Sendable, Codable, Equatable {
  /// The device's address, domain included (`0000:00:02.0`).
  public var address: String
  /// The class code: base class, subclass, programming interface (`030000`: a VGA controller).
  public var classCode: String?
  /// The vendor ID (`8086`).
  public var vendorId: String?
  /// The device ID (`9a49`).
  public var deviceId: String?
  /// The subsystem vendor ID: the maker of the board or machine (`17aa`).
  public var subsystemVendorId: String?
  /// The subsystem device ID (`22d5`).
  public var subsystemDeviceId: String?
  /// The kernel driver bound to it (`i915`), nil when none is.
  public var driver: String?

  /// A PCI device as a test or a saved report describes it.
  public init(
    address: String, classCode: String? = nil, vendorId: String? = nil, deviceId: String? = nil,
    subsystemVendorId: String? = nil, subsystemDeviceId: String? = nil, driver: String? = nil
  ) {
    self.address = address
    self.classCode = classCode
    self.vendorId = vendorId
    self.deviceId = deviceId
    self.subsystemVendorId = subsystemVendorId
    self.subsystemDeviceId = subsystemDeviceId
    self.driver = driver
  }

  /// A display controller (base class 0x03: VGA, XGA, 3D or other): what the `gpu` key counts.
  public var isDisplayController: Bool { classCode?.hasPrefix("03") == true }

  /// `vendor:device` (`8086:9a49`), as the `pci-device` key and `gpus[].pciId` write it.
  public var pciId: String? {
    guard let vendorId, let deviceId else { return nil }
    return vendorId + ":" + deviceId
  }
}
