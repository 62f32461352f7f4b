/// What this machine is (`UIDevice`): its name, model, operating system, chassis and
/// architecture.
///
/// ```swift
/// let device = try Device.current()
/// print(device.name, device.model ?? "unknown model", device.systemName ?? "", device.chassis)
/// ```
public struct Device: Sendable, Equatable {
  /// The machine's name: `PRETTY_HOSTNAME` in `/etc/machine-info`, else the host name.
  public var name: String
  /// The product name from DMI or the device tree (`ThinkPad X1 Carbon Gen 9`); nil when the
  /// firmware does not say or holds a placeholder.
  public var model: String?
  /// The maker from DMI or the device tree (`LENOVO`).
  public var vendor: String?
  /// The operating system's name, `NAME` in os-release (`Debian GNU/Linux`).
  public var systemName: String?
  /// The operating system's version, `VERSION_ID` in os-release (`12`).
  public var systemVersion: String?
  /// The kernel release (`6.1.0-13-amd64`).
  public var kernelVersion: String?
  /// What kind of machine it is, by systemd-hostnamed's rules (the closest to `UIDevice`'s
  /// user-interface idiom).
  public var chassis: Chassis
  /// The kernel's machine name (`x86_64`, `aarch64`), as `hw.machine`.
  public var architecture: String?

  /// A device as a test or a saved report describes it.
  public init(
    name: String, model: String? = nil, vendor: String? = nil, systemName: String? = nil, systemVersion: String? = nil,
    kernelVersion: String? = nil, chassis: Chassis = .unknown, architecture: String? = nil
  ) {
    self.name = name
    self.model = model
    self.vendor = vendor
    self.systemName = systemName
    self.systemVersion = systemVersion
    self.kernelVersion = kernelVersion
    self.chassis = chassis
    self.architecture = architecture
  }

  /// The device a report describes; nil when the report lacks its `device` or `system` section.
  public init?(report: Report) {
    guard let device = report.device, let system = report.system else { return nil }
    self.init(
      name: device.name ?? "", model: device.model, vendor: device.vendor, systemName: system.name,
      systemVersion: system.version, kernelVersion: system.kernel, chassis: device.chassis,
      architecture: device.architecture)
  }

  /// This machine, read now from `/etc`, `/proc` and `/sys` (a few milliseconds). Throws
  /// ``ReportError/noName(_:)`` when the machine has no host name to call it by.
  public static func current() throws(ReportError) -> Device {
    let report = try Report.current(sections: [.device, .system])
    guard let device = Device(report: report), !device.name.isEmpty else { throw .noName(report.warnings) }
    return device
  }
}
