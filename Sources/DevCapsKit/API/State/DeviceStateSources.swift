extension DeviceState {
  /// Where a ``DeviceState`` takes each value from: the machine's streams (``machine``), or, in
  /// an app's tests, replays and simulations (`Updates.replaying`, a ``MotionManager`` over a
  /// ``MotionSimulation``, updates on a ``SimulationClock``). A source left out gives nothing:
  /// its value keeps its initial one.
  public struct Sources: Sendable {
    /// Each battery's status (``BatteryMonitor/updates``); the state shows them as one.
    public var battery: Updates<BatteryStatus>
    /// The thermal state (``Device/thermalStateUpdates()``).
    public var thermalState: Updates<ThermalState>
    /// Low power mode (``Device/lowPowerModeUpdates()``).
    public var lowPowerMode: Updates<Bool>
    /// The orientation (``MotionManager/orientationUpdates()``).
    public var orientation: Updates<DeviceOrientation>
    /// Tablet mode (``Device/tabletModeUpdates()``).
    public var tabletMode: Updates<Bool>
    /// Whether the lid is closed (``Device/lidUpdates()``); a machine without a lid gives
    /// nothing.
    public var lidClosed: Updates<Bool>

    /// Sources for a test: each one given, the others silent.
    public init(
      battery: Updates<BatteryStatus> = .replaying([]), thermalState: Updates<ThermalState> = .replaying([]),
      lowPowerMode: Updates<Bool> = .replaying([]), orientation: Updates<DeviceOrientation> = .replaying([]),
      tabletMode: Updates<Bool> = .replaying([]), lidClosed: Updates<Bool> = .replaying([])
    ) {
      self.battery = battery
      self.thermalState = thermalState
      self.lowPowerMode = lowPowerMode
      self.orientation = orientation
      self.tabletMode = tabletMode
      self.lidClosed = lidClosed
    }

    /// This machine's streams: UPower or sysfs, the thermal zones, power-profiles-daemon, the
    /// display accelerometer, the tablet-mode switches and UPower's lid.
    public static var machine: Sources {
      Sources(
        battery: BatteryMonitor().updates,
        thermalState: Device.thermalStateUpdates().compactMap(\.state),
        lowPowerMode: Device.lowPowerModeUpdates().compactMap(\.isLowPowerModeEnabled),
        orientation: MotionManager().orientationUpdates(),
        tabletMode: Device.tabletModeUpdates().compactMap(\.tabletMode),
        lidClosed: Device.lidUpdates().compactMap { $0.present == false ? nil : $0.closed })
    }
  }

  /// One of the values a ``DeviceState`` follows, to say which source is missing.
  public enum Value: String, Sendable, Hashable, CaseIterable {
    /// ``DeviceState/batteryLevel`` and ``DeviceState/batteryState``.
    case battery
    /// ``DeviceState/thermalState``.
    case thermalState
    /// ``DeviceState/isLowPowerModeEnabled``.
    case lowPowerMode
    /// ``DeviceState/orientation``.
    case orientation
    /// ``DeviceState/isInTabletMode``.
    case tabletMode
    /// ``DeviceState/isLidClosed``.
    case lid
  }
}
