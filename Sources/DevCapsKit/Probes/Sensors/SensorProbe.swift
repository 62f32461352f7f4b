/// Builds the `sensors` section: IIO devices by their channels (IIOSensors.swift), and input
/// devices that udev marks as accelerometers or that have a front-proximity switch
/// (InputSensors.swift).
struct SensorProbe {
  let context: ProbeContext
  let udev: Udev?

  init(context: ProbeContext, udev: Udev?) {
    self.context = context
    self.udev = udev
  }

  func probe() -> [SensorInfo] {
    guard let udev else { return [] }
    let iio = udev.devices(subsystem: "iio").sorted {
      SensorProbe.deviceNumber($0.sysname) < SensorProbe.deviceNumber($1.sysname)
    }
    return iio.flatMap { IIOSensors(context: context).sensors(of: $0) }
      + InputSensors().sensors(udev.devices(subsystem: "input"))
  }

  /// `iio:device10` sorts after `iio:device9`.
  static func deviceNumber(_ sysname: String) -> Int {
    sysname.trailingNumber ?? Int.max
  }
}
