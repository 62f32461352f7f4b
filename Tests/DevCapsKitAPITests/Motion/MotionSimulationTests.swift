import DevCapsKit
import Synchronization
import Testing

/// A MotionManager over simulated readings, as an app's tests use one: every kind of update,
/// the current values, the sensors, the intervals.
@Suite("MotionManager over simulated readings")
struct MotionSimulationTests {
  static let still = (0..<100).map { i in
    MotionInput(
      timestamp: Double(i) / 50, acceleration: Vector3(0, 0, -1), rotationRate: Vector3(0, 0, 0.1),
      magneticField: Vector3(20, 0, -40))
  }

  @Test("the sensors are the first reading's; each sensor's updates are its readings, in order")
  func sensors() async throws {
    let motion = MotionManager(source: .replay(Self.still))
    #expect(motion.isAccelerometerAvailable && motion.isGyroAvailable && motion.isMagnetometerAvailable)
    #expect(motion.isDeviceMotionAvailable)
    var accelerations: [AccelerometerData] = []
    for try await a in motion.accelerometerUpdates(interval: 0.02) { accelerations.append(a) }
    #expect(accelerations.count == 100 && accelerations.last?.timestamp == 1.98)
    #expect(accelerations.allSatisfy { $0.acceleration == Vector3(0, 0, -1) && $0.sensor == "simulation" })
    var rates: [GyroData] = []
    for try await g in motion.gyroUpdates(interval: .milliseconds(20)) { rates.append(g) }
    #expect(rates.map(\.rotationRate) == Array(repeating: Vector3(0, 0, 0.1), count: 100))
    for try await m in motion.magnetometerUpdates(interval: .milliseconds(20)) {
      #expect(m.magneticField == Vector3(20, 0, -40))
      #expect(motion.magnetometerData == m, "the current value while it runs")
      break
    }
    #expect(MotionManager(source: .replay([])).isAccelerometerAvailable == false)
  }

  @Test("device motion through the fusion filter: lying flat, turning about z at 0.1 rad/s")
  func deviceMotion() async throws {
    let motion = MotionManager(source: .replay(Self.still))
    var last: DeviceMotion? = nil
    for try await sample in motion.deviceMotionUpdates(interval: 0.02) { last = sample }
    let attitude = try #require(last?.attitude)
    #expect(last?.source == .fusion)
    #expect(abs(attitude.roll) < 1e-6 && abs(attitude.pitch) < 1e-6, "\(attitude)")
    #expect(abs(attitude.yaw - 0.198) < 0.02, "about 2 s × 0.1 rad/s, less the bias learnt: \(attitude.yaw)")
  }

  @Test("an interval outside 1 ms … 10 s is refused as on hardware; a rate that is no rate too")
  func intervals() async {
    let motion = MotionManager(source: .replay(Self.still))
    await #expect(throws: UpdateError.invalidInterval(.seconds(11))) {
      for try await _ in motion.accelerometerUpdates(interval: .seconds(11)) {}
    }
    let broken = MotionManager(source: .function(hertz: 0, duration: 1) { MotionInput(timestamp: $0) })
    await #expect(throws: UpdateError.self) {
      for try await _ in broken.orientationUpdates() {}
    }
  }

  @Test("a function without end runs until the loop leaves it")
  func endless() async throws {
    let motion = MotionManager(
      source: .function(hertz: 1000, duration: nil) { t in MotionInput(timestamp: t, acceleration: Vector3(0, -1, 0)) })
    var count = 0
    for try await _ in motion.accelerometerUpdates(interval: .milliseconds(1)) {
      count += 1
      if count == 5000 { break }
    }
    #expect(count == 5000)
    #expect(motion.accelerometerData == nil)
  }

  @Test("an endless simulation leaves its actor to the other tasks: a 100 ms sleep on the main actor wakes")
  func endlessLeavesTheActorFree() async throws {
    let motion = MotionManager(
      source: .function(hertz: 50, duration: nil) { t in MotionInput(timestamp: t, acceleration: Vector3(0, -1, 0)) })
    final class Flag: Sendable { let raised = Atomic(false) }
    let woke = Flag()
    let consumer = Task { @MainActor in
      for try await _ in motion.deviceMotionUpdates(interval: .milliseconds(20)) {}
    }
    let sleeper = Task { @MainActor in
      try await Task.sleep(for: .milliseconds(100))
      woke.raised.store(true, ordering: .relaxed)
    }
    // Watched from outside the main actor, which a starving loop would never give up.
    for _ in 0..<200 where !woke.raised.load(ordering: .relaxed) { try await Task.sleep(for: .milliseconds(10)) }
    consumer.cancel()
    sleeper.cancel()
    let ran = woke.raised.load(ordering: .relaxed)
    #expect(ran, "the sleeping task never ran")
    try await consumer.value
  }

  @Test(
    "the interval sets the rate, as on hardware: a simulated second at 100 Hz gives 51 updates at 20 ms, 11 at 100 ms")
  func intervalSetsTheRate() async throws {
    let motion = MotionManager(
      source: .function(hertz: 100, duration: 1) { t in
        MotionInput(timestamp: t, acceleration: Vector3(0, -1, 0), rotationRate: .zero)
      })
    func count<Element>(_ updates: Updates<Element>) async throws -> Int {
      var count = 0
      for try await _ in updates { count += 1 }
      return count
    }
    #expect(try await count(motion.accelerometerUpdates(interval: .milliseconds(20))) == 51)
    #expect(try await count(motion.accelerometerUpdates(interval: .milliseconds(100))) == 11)
    #expect(try await count(motion.gyroUpdates(interval: .milliseconds(10))) == 101)
    #expect(try await count(motion.deviceMotionUpdates(interval: .milliseconds(100))) == 11)
  }

  @Test("a simulation without the sensor throws unavailable, as hardware without it does")
  func missingSensor() async throws {
    let motion = MotionManager(source: .replay([MotionInput(timestamp: 0, rotationRate: .zero)]))
    #expect(!motion.isAccelerometerAvailable && motion.isGyroAvailable)
    let noAccelerometer = UpdateError.unavailable(
      "no accelerometer found (the simulation's readings have no acceleration)")
    await #expect(throws: noAccelerometer) { for try await _ in motion.orientationUpdates() {} }
    await #expect(throws: noAccelerometer) { for try await _ in motion.accelerometerUpdates(interval: 0.02) {} }
    await #expect(throws: noAccelerometer) { for try await _ in motion.shakeUpdates() {} }
    await #expect(throws: noAccelerometer) { for try await _ in motion.deviceMotionUpdates(interval: 0.02) {} }
    await #expect(
      throws: UpdateError.unavailable("no magnetometer found (the simulation's readings have no magnetic field)")
    ) {
      for try await _ in motion.magnetometerUpdates(interval: 0.02) {}
    }
    var rates = 0
    for try await _ in motion.gyroUpdates(interval: 0.02) { rates += 1 }
    #expect(rates == 1)
  }

  @Test("ScreenMonitor replays what it is given")
  func screens() async throws {
    var panel = DisplayInfo(connector: "DSI-1", card: "card0", isInternal: true, connected: true)
    panel.modes = ["720x1440"]
    let given = [
      ScreenUpdate(screens: [], change: nil),
      ScreenUpdate(
        screens: [Screen(display: panel)], change: DisplayUpdate(action: .connected, display: panel)),
    ]
    var seen: [ScreenUpdate] = []
    for try await update in ScreenMonitor(replaying: given).updates { seen.append(update) }
    #expect(seen == given)
    #expect(seen.last?.screens.first?.nativeBounds?.width == 720)
  }

  @Test("any source's updates replayed: the proximity states an app's code is given")
  func proximity() async throws {
    func nearCount(_ updates: Updates<ProximityState>) async throws -> Int {
      var near = 0
      for try await state in updates where state == .near { near += 1 }
      return near
    }
    #expect(try await nearCount(.replaying([.far, .near, .far, .near, .unknown])) == 2)
  }
}
