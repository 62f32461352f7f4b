import DevCapsKit
import Observation
import Testing

/// Waits until `read` reports a change through Observation, then returns its new value.
@MainActor
func observedChange<Value>(_ read: @escaping @MainActor () -> Value) async -> Value {
  await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
    withObservationTracking {
      _ = read()
    } onChange: {
      changed.resume()
    }
  }
  await Task.yield()
  return read()
}

@Suite("DeviceState")
@MainActor
struct DeviceStateTests {
  @Test("values change only while run() runs, and observers are told of each change")
  func followsWhileRunning() async {
    let (thermal, feed) = AsyncStream<ThermalState>.makeStream()
    let state = DeviceState(sources: .init(thermalState: Updates(thermal)))
    feed.yield(.serious)
    #expect(state.thermalState == .nominal)  // not running: nothing read
    let running = Task { await state.run() }
    #expect(await observedChange { state.thermalState } == .serious)
    feed.yield(.critical)
    #expect(await observedChange { state.thermalState } == .critical)
    running.cancel()
    await running.value
    feed.yield(.fair)
    try? await Task.sleep(for: .milliseconds(50))
    #expect(state.thermalState == .critical)  // stopped: the last value kept
  }

  @Test("the batteries shown as one, as UIDevice shows them; a lost source clears them")
  func batteryAggregate() async {
    let statuses = [
      BatteryStatus(id: "BAT0", level: 0.5, state: .full, detailedState: .full),
      BatteryStatus(id: "BAT1", level: 1.0, state: .full, detailedState: .full),
      BatteryStatus(id: "BAT0", level: 0.25, state: .unplugged, detailedState: .discharging),
    ]
    let state = DeviceState(sources: .init(battery: .replaying(statuses)))
    let running = Task { await state.run() }
    while state.batteryLevel != 0.625 { _ = await observedChange { state.batteryLevel } }
    #expect(state.batteryState == .unplugged)
    running.cancel()
    await running.value

    let lost = DeviceState(
      sources: .init(
        battery: .replaying([statuses[0], BatteryStatus(id: "", level: nil, state: .unknown, detailedState: .unknown)])
      ))
    let again = Task { await lost.run() }
    while lost.batteryState != .unknown || lost.batteryLevel != nil { _ = await observedChange { lost.batteryLevel } }
    again.cancel()
    await again.value
  }

  @Test("a source that throws leaves its value as it was and says why; the others go on")
  func unavailableSource() async {
    let state = DeviceState(
      sources: .init(
        lowPowerMode: .replaying([], thenThrowing: .unavailable(.init(.serviceMissing, "no power-profiles-daemon"))),
        orientation: MotionManager(
          source: .replay([MotionInput(timestamp: 0, acceleration: Vector3(0, -1, 0), rotationRate: .zero)])
        ).orientationUpdates(),
        tabletMode: .replaying([true])))
    let running = Task { await state.run() }
    while state.unavailable[.lowPowerMode] == nil || state.orientation != .portrait || state.isInTabletMode != true {
      _ = await observedChange { (state.unavailable, state.orientation, state.isInTabletMode) }
    }
    #expect(state.isLowPowerModeEnabled == nil)
    #expect(state.unavailable[.lowPowerMode]?.description == "no power-profiles-daemon")
    running.cancel()
    await running.value
  }

  @Test("two runs share the streams: they stop when the last one ends")
  func twoRuns() async {
    let (thermal, feed) = AsyncStream<ThermalState>.makeStream()
    let state = DeviceState(sources: .init(thermalState: Updates(thermal)))
    let first = Task { await state.run() }
    let second = Task { await state.run() }
    feed.yield(.fair)
    #expect(await observedChange { state.thermalState } == .fair)
    first.cancel()
    await first.value
    feed.yield(.serious)
    #expect(await observedChange { state.thermalState } == .serious)  // the second still runs them
    second.cancel()
    await second.value
  }
}

@Suite("SimulationClock")
@MainActor
struct SimulationClockTests {
  @Test("thermal goes serious while in landscape: the state at each time, whatever the tasks' timing")
  func seriousWhileLandscape() async {
    let clock = SimulationClock()
    let state = DeviceState(
      sources: .init(
        thermalState: .replaying([.zero: .nominal, .seconds(2): .serious, .seconds(4): .fair], on: clock),
        orientation: .replaying([.zero: .portrait, .seconds(1): .landscapeLeft, .seconds(3): .portrait], on: clock)))
    let running = Task { await state.run() }
    await clock.advance(to: .milliseconds(500))
    #expect((state.orientation, state.thermalState) == (.portrait, .nominal))
    await clock.advance(to: .milliseconds(1500))
    #expect((state.orientation, state.thermalState) == (.landscapeLeft, .nominal))
    await clock.advance(by: .seconds(1))
    #expect((state.orientation, state.thermalState) == (.landscapeLeft, .serious))
    await clock.advance(to: .seconds(3))
    #expect((state.orientation, state.thermalState) == (.portrait, .serious))
    #expect(clock.now == .seconds(3))
    running.cancel()
    await running.value
  }

  @Test("updates due at one time come in the order their loops began; each loop handles one before the next")
  func order() async {
    let clock = SimulationClock()
    let first = Updates<Int>.replaying([.seconds(1): 1, .seconds(2): 3], on: clock)
    let second = Updates<Int>.replaying([.seconds(1): 2, .seconds(2): 4], on: clock)
    var seen: [Int] = []
    let a = Task { @MainActor in for try await n in first { seen.append(n) } }
    await Task.yield()
    let b = Task { @MainActor in for try await n in second { seen.append(n) } }
    await clock.advance(to: .seconds(5))
    #expect(seen == [1, 2, 3, 4])
    _ = (await a.result, await b.result)
  }
}
