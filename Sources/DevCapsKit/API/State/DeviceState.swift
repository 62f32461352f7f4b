import Observation

/// The device's changing state in one observable object (`@Observable`): the battery as UIDevice
/// shows it, the thermal state, low power mode, the orientation, tablet mode and the lid, for
/// SwiftUI-style code that reads properties and is told when they change.
///
/// ```swift
/// let state = DeviceState()
/// Task { await state.run() }  // in SwiftUI: .task { await state.run() }
/// // … a view reads state.batteryLevel, state.orientation, state.thermalState
/// ```
///
/// The values follow the library's streams while ``run()`` runs, and only then: Observation
/// does not tell an object when it starts or stops being observed, so the task that runs it
/// says so instead (a view's `.task`, cancelled when the view goes away). The streams start
/// when the first ``run()`` starts; several may run at once, sharing them; they stop, and their
/// threads end, when the last one's task is cancelled. The values keep what they last were.
///
/// In tests, a state fed by replays or simulations (``Sources``), on a ``SimulationClock`` when
/// the order of changes in different sources matters; see <doc:TestingYourApp>.
@MainActor
@Observable
public final class DeviceState {
  /// The charge 0…1 of the machine's batteries as one (their mean, each battery counted once;
  /// `UIDevice.batteryLevel`); nil with no battery or when the source does not say.
  public private(set) var batteryLevel: Double?
  /// The batteries' state as one (`UIDevice.batteryState`): `unplugged` when any runs on its
  /// charge, else `charging` when any charges, `full` when all are, else `unknown`.
  public private(set) var batteryState = BatteryStatus.State.unknown
  /// `ProcessInfo.thermalState`.
  public private(set) var thermalState = ThermalState.nominal
  /// `ProcessInfo.isLowPowerModeEnabled`; nil until power-profiles-daemon answers.
  public private(set) var isLowPowerModeEnabled: Bool?
  /// `UIDevice.orientation`; `unknown` until the display accelerometer says.
  public private(set) var orientation = DeviceOrientation.unknown
  /// Whether a convertible is folded into a tablet; nil without a tablet-mode switch.
  public private(set) var isInTabletMode: Bool?
  /// Whether the lid is closed; nil without a lid, or without UPower to say.
  public private(set) var isLidClosed: Bool?
  /// Why each value that cannot be followed cannot (no battery, no daemon, no sensor): the error
  /// its stream threw. Its value keeps its initial one.
  public private(set) var unavailable: [Value: UpdateError] = [:]

  /// Where the values come from.
  @ObservationIgnored public let sources: Sources
  @ObservationIgnored private var batteries: [String: BatteryStatus] = [:]
  @ObservationIgnored private var runners = 0
  @ObservationIgnored private var following: Task<Void, Never>?

  /// A state that follows `sources` (the machine's, unless a test gives others) while it runs.
  public init(sources: Sources = .machine) {
    self.sources = sources
  }

  /// Keeps the values current until the calling task is cancelled, then returns once the
  /// streams it started have stopped (the last run to end stops them).
  public func run() async {
    runners += 1
    if runners == 1 { following = Task { await self.follow() } }
    await Self.untilCancelled()
    runners -= 1
    guard runners == 0, let ending = following else { return }
    following = nil
    ending.cancel()
    await ending.value
  }

  /// Every source at once, each in a child task on the main actor, until cancelled.
  private func follow() async {
    let sources = sources
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.follow(.battery, sources.battery) { $0.take($1) } }
      group.addTask { await self.follow(.thermalState, sources.thermalState) { $0.thermalState = $1 } }
      group.addTask { await self.follow(.lowPowerMode, sources.lowPowerMode) { $0.isLowPowerModeEnabled = $1 } }
      group.addTask { await self.follow(.orientation, sources.orientation) { $0.orientation = $1 } }
      group.addTask { await self.follow(.tabletMode, sources.tabletMode) { $0.isInTabletMode = $1 } }
      group.addTask { await self.follow(.lid, sources.lidClosed) { $0.isLidClosed = $1 } }
    }
  }

  private func follow<Element: Sendable>(
    _ value: Value, _ updates: Updates<Element>, _ apply: @escaping @Sendable @MainActor (DeviceState, Element) -> Void
  ) async {
    do throws(UpdateError) {
      for try await element in updates {
        apply(self, element)
        if unavailable[value] != nil { unavailable[value] = nil }
      }
    } catch {
      unavailable[value] = error
    }
  }

  /// One battery's status, shown with the others as one.
  private func take(_ status: BatteryStatus) {
    // An empty id: the power source went away; its batteries with it.
    if status.id.isEmpty { batteries = [:] } else { batteries[status.id] = status }
    let levels = batteries.values.compactMap(\.level)
    let level = levels.isEmpty ? nil : levels.reduce(0, +) / Double(levels.count)
    if level != batteryLevel { batteryLevel = level }
    let state = Self.aggregate(batteries.values.map(\.state))
    if state != batteryState { batteryState = state }
  }

  static func aggregate(_ states: [BatteryStatus.State]) -> BatteryStatus.State {
    if states.contains(.unplugged) { return .unplugged }
    if states.contains(.charging) { return .charging }
    if !states.isEmpty && states.allSatisfy({ $0 == .full }) { return .full }
    return .unknown
  }

  private static func untilCancelled() async {
    let (never, continuation) = AsyncStream<Never>.makeStream()
    for await _ in never {}
    withExtendedLifetime(continuation) {}
  }
}
