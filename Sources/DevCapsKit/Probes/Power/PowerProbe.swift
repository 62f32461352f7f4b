/// The `power` section: UPower when upowerd answers, sysfs when it does not, `none` when there
/// is no power supply at all. Never an error.
public struct PowerProbe {
  let context: ProbeContext
  let udev: Udev?

  public init(context: ProbeContext, udev: Udev?) {
    self.context = context
    self.udev = udev
  }

  public func probe() -> PowerInfo {
    if let client = try? UPowerClient() { return client.read() }
    return SysfsPower(context: context, udev: udev).read()
  }
}
