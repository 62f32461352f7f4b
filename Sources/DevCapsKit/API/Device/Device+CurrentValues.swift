/// The values UIDevice answers at once, each read now (a few milliseconds), without a stream:
/// for changes, iterate ``BatteryMonitor/updates`` or ``MotionManager/orientationUpdates()``.
extension Device {
  /// The aggregate charge 0…1 (UPower's display device, else the batteries' energy together,
  /// as `list` reports it), as `UIDevice.batteryLevel`; nil with no battery or when the source
  /// does not say (where UIKit gives -1).
  public static var batteryLevel: Double? {
    (try? Report.current(sections: [.power]))?.power?.level
  }

  /// `UIDevice.batteryState`: `unplugged` while on battery; on line power `charging` while any
  /// battery charges (or holds off), `full` when every one is full; `unknown` with no battery.
  public static var batteryState: BatteryStatus.State {
    guard let power = (try? Report.current(sections: [.power]))?.power else { return .unknown }
    return batteryState(of: power)
  }

  static func batteryState(of power: PowerInfo) -> BatteryStatus.State {
    let states = power.batteries.map { BatteryStatus.State($0.state) }
    if states.isEmpty { return .unknown }
    if power.onBattery == true || states.contains(.unplugged) && power.linePowerOnline != true { return .unplugged }
    if states.contains(.charging) { return .charging }
    if states.allSatisfy({ $0 == .full }) { return .full }
    return states.first ?? .unknown
  }

  /// The orientation now (`UIDevice.orientation`), from one reading of the display
  /// accelerometer, classified from scratch (the nearest orientation, face up or down within
  /// 25°); `unknown` when there is no display accelerometer or it cannot be read.
  public static var orientation: DeviceOrientation {
    (try? DeviceStream.readUpAngle())?.sample.orientation ?? .unknown
  }
}
