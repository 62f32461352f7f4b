/// What this machine is (`UIDevice`): its name, model, operating system, chassis and
/// architecture, and the values it answers now (battery, thermal state, low power mode,
/// orientation, tablet mode).
///
/// ```swift
/// let device = Device.current
/// print(device.name, device.model ?? "unknown model", device.systemName ?? "", device.chassis)
/// print(await device.batteryLevel ?? .nan, await device.batteryState)
/// ```
public struct Device: Sendable, Equatable {
  /// The machine's name: `PRETTY_HOSTNAME` in `/etc/machine-info`, else the host name, else
  /// `localhost` (systemd's name for a machine that has none).
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
  /// Where the current values (``batteryLevel``, ``thermalState``, …) come from.
  let source: CurrentValues

  /// A device as a test or a saved report describes it; its current values are those of a
  /// machine without a battery, thermal zones, power-profiles-daemon or sensors.
  public init(
    name: String, model: String? = nil, vendor: String? = nil, systemName: String? = nil, systemVersion: String? = nil,
    kernelVersion: String? = nil, chassis: Chassis = .unknown, architecture: String? = nil
  ) {
    self.init(
      name: name, model: model, vendor: vendor, systemName: systemName, systemVersion: systemVersion,
      kernelVersion: kernelVersion, chassis: chassis, architecture: architecture, source: .report(nil))
  }

  private init(
    name: String, model: String?, vendor: String?, systemName: String?, systemVersion: String?, kernelVersion: String?,
    chassis: Chassis, architecture: String?, source: CurrentValues
  ) {
    self.name = name
    self.model = model
    self.vendor = vendor
    self.systemName = systemName
    self.systemVersion = systemVersion
    self.kernelVersion = kernelVersion
    self.chassis = chassis
    self.architecture = architecture
    self.source = source
  }

  /// The device a report describes; nil when the report lacks its `device` or `system` section.
  /// Its current values are the report's (its `power` and `thermal` sections, when it has them).
  public init?(report: Report) {
    self.init(report: report, source: .report(report))
  }

  private init?(report: Report, source: CurrentValues) {
    guard let device = report.device, let system = report.system else { return nil }
    self.init(
      name: device.name ?? "", model: device.model, vendor: device.vendor, systemName: system.name,
      systemVersion: system.version, kernelVersion: system.kernel, chassis: device.chassis,
      architecture: device.architecture, source: source)
  }

  /// This machine (`UIDevice.current`), read now from `/etc`, `/proc` and `/sys` (a few
  /// milliseconds; nothing is kept, so a renamed machine shows its new name). What cannot be
  /// read is nil or `unknown`; the name is never empty. Its current values (``batteryLevel``,
  /// ``thermalState``, …) are read from the machine each time they are asked for.
  public static var current: Device {
    let report = ReportBuilder().build(sections: [.device, .system])
    var device = Device(report: report, source: .machine) ?? Device(name: "", source: .machine)
    if device.name.isEmpty { device.name = "localhost" }
    return device
  }

  private init(name: String, source: CurrentValues) {
    self.init(
      name: name, model: nil, vendor: nil, systemName: nil, systemVersion: nil, kernelVersion: nil, chassis: .unknown,
      architecture: nil, source: source)
  }

  /// The same name, model, system, chassis and architecture; where the current values come from
  /// does not count.
  public static func == (a: Device, b: Device) -> Bool {
    a.name == b.name && a.model == b.model && a.vendor == b.vendor && a.systemName == b.systemName
      && a.systemVersion == b.systemVersion && a.kernelVersion == b.kernelVersion && a.chassis == b.chassis
      && a.architecture == b.architecture
  }
}

extension Device {
  /// Where a device's current values come from: the machine, read when asked, or a report's
  /// sections (nil: a device a test described, with none).
  enum CurrentValues: Sendable {
    case machine
    case report(Report?)
  }
}
