/// The values UIDevice and ProcessInfo answer at once, each read when asked (a few
/// milliseconds of file reads or a D-Bus call, hence `async`), without a stream: for changes,
/// iterate ``BatteryMonitor/updates``, ``Device/thermalStateUpdates()``, … or keep a
/// ``DeviceState``. A device made from a report answers from the report's sections; one a test
/// described, as a machine without the sources does.
extension Device {
  /// The aggregate charge 0…1 (UPower's display device, else the batteries' energy together,
  /// as `list` reports it), as `UIDevice.batteryLevel`; nil with no battery or when the source
  /// does not say (where UIKit gives -1).
  public var batteryLevel: Double? {
    get async { power?.level }
  }

  /// `UIDevice.batteryState`: `unplugged` while on battery; on line power `charging` while any
  /// battery charges (or holds off), `full` when every one is full; `unknown` with no battery.
  public var batteryState: BatteryStatus.State {
    get async { power.map(Self.batteryState(of:)) ?? .unknown }
  }

  /// How hard this machine works to stay cool now (`ProcessInfo.thermalState`): its thermal
  /// zones' temperatures against their trip points, and its cooling devices' states, by the rule
  /// in <doc:ThermalStateRule>. Nominal on a machine without thermal zones.
  ///
  /// ```swift
  /// if await Device.current.thermalState >= .serious { renderer.lowerQuality() }
  /// ```
  public var thermalState: ThermalState {
    get async {
      switch source {
      case .machine: ThermalProbe(context: ProbeContext()).probe().state
      case .report(let report): report?.thermal?.state ?? .nominal
      }
    }
  }

  /// Low power mode (`ProcessInfo.isLowPowerModeEnabled`): true when power-profiles-daemon's
  /// active profile is `power-saver`; nil when no daemon answers (``powerProfile()`` says why).
  public var isLowPowerModeEnabled: Bool? {
    get async {
      guard case .machine = source else { return nil }
      return try? Self.powerProfile().isLowPowerModeEnabled
    }
  }

  /// The orientation now (`UIDevice.orientation`), from one reading of the display
  /// accelerometer, classified from scratch (the nearest orientation, face up or down within
  /// 25°); `unknown` when there is no display accelerometer or it cannot be read.
  public var orientation: DeviceOrientation {
    get async {
      guard case .machine = source else { return .unknown }
      return (try? DeviceStream.readUpAngle())?.sample.orientation ?? .unknown
    }
  }

  /// Whether a convertible is folded into a tablet now, from its tablet-mode switches
  /// (`SW_TABLET_MODE`) read once; nil on a machine without one, or when none can be read.
  public var isInTabletMode: Bool? {
    get async {
      guard case .machine = source else { return nil }
      return await Self.tabletModeUpdates().firstUpdate?.tabletMode
    }
  }

  /// The power section the battery values come from: read now from the machine, or the report's.
  private var power: PowerInfo? {
    switch source {
    case .machine: ReportBuilder().build(sections: [.power]).power
    case .report(let report): report?.power
    }
  }

  static func batteryState(of power: PowerInfo) -> BatteryStatus.State {
    let states = power.batteries.map { BatteryStatus.State($0.state) }
    if states.isEmpty { return .unknown }
    if power.onBattery == true || states.contains(.unplugged) && power.linePowerOnline != true { return .unplugged }
    if states.contains(.charging) { return .charging }
    if states.allSatisfy({ $0 == .full }) { return .full }
    return states.first ?? .unknown
  }
}
