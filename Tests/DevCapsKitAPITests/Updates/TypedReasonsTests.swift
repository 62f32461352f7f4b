import DevCapsKit
import Testing

/// What an app switches on when updates are unavailable, and the ways a test makes updates.
@Suite("Typed reasons and test updates")
struct TypedReasonsTests {
  @Test("a reason's kind for an app to switch on, its message printed as before; a literal is still one")
  func kinds() async {
    let literal: UpdateError = .unavailable("no accelerometer found (no IIO device with in_accel_* channels)")
    guard case .unavailable(let written) = literal else { return }
    #expect(written.kind == .other)
    #expect(literal.description == "no accelerometer found (no IIO device with in_accel_* channels)")
    do {
      for try await _ in MotionManager(sensors: []).accelerometerUpdates(interval: .milliseconds(20)) {}
      Issue.record("a machine without sensors gave samples")
    } catch .unavailable(let reason) {
      #expect(reason.kind == .noHardware)
      #expect(reason == written, "equal messages are equal reasons, whatever the kind")
      #expect("\(reason)" == written.message)
    } catch {
      Issue.record("\(error)")
    }
    let denied = UpdateError.Reason(.permissionDenied(path: "/dev/input/event3"), "cannot read the switch")
    if case .permissionDenied(let path) = denied.kind { #expect(path == "/dev/input/event3") }
    #expect(UpdateError.unavailable(denied).description == "cannot read the switch")
  }

  @Test("replaying then throwing: the elements, then the error a failing source throws")
  func replayingThenThrowing() async {
    var seen: [ProximityState] = []
    await #expect(throws: UpdateError.sourceFailed("unplugged")) {
      for try await state in Updates<ProximityState>.replaying([.far, .near], thenThrowing: .sourceFailed("unplugged"))
      {
        seen.append(state)
      }
    }
    #expect(seen == [.far, .near])
    let missing = Updates<ProximityState>.replaying(
      [], thenThrowing: .unavailable(UpdateError.Reason(.noHardware, "no proximity sensor found")))
    await #expect(throws: UpdateError.unavailable("no proximity sensor found")) { for try await _ in missing {} }
  }

  @Test("updates from any AsyncSequence: its elements; its UpdateError as is, any other error as sourceFailed")
  func fromSequence() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: ProximityState.self)
    continuation.yield(.near)
    continuation.yield(.far)
    continuation.finish()
    var states: [ProximityState] = []
    for try await state in Updates(stream) { states.append(state) }
    #expect(states == [.near, .far])

    struct Unplugged: Error, CustomStringConvertible { var description: String { "unplugged" } }
    let failing = AsyncThrowingStream<ProximityState, any Error> { $0.finish(throwing: Unplugged()) }
    await #expect(throws: UpdateError.sourceFailed("unplugged")) { for try await _ in Updates(failing) {} }
    let typed = AsyncThrowingStream<ProximityState, any Error> { $0.finish(throwing: UpdateError.invalidSetting("x")) }
    await #expect(throws: UpdateError.invalidSetting("x")) { for try await _ in Updates(typed) {} }
  }

  @Test(
    "Attitude.rotationMatrix as Core Motion's: identity when flat; gravity is −(m13, m23, m33); it turns reference into device coordinates"
  )
  func rotationMatrix() {
    let flat = Attitude(roll: 0, pitch: 0, yaw: 0).rotationMatrix
    #expect(flat == RotationMatrix(1, 0, 0, 0, 1, 0, 0, 0, 1))
    for attitude in [
      Attitude(roll: 0.3, pitch: -0.7, yaw: 2.1), Attitude(roll: -2.5, pitch: 1.2, yaw: -0.4),
      Attitude(roll: 0, pitch: .pi / 2, yaw: 0),
    ] {
      let m = attitude.rotationMatrix
      let gravity = attitude.gravity
      #expect(abs(gravity.x + m.m13) < 1e-12 && abs(gravity.y + m.m23) < 1e-12 && abs(gravity.z + m.m33) < 1e-12)
      let north = Vector3(0.2, 0.9, -0.4)
      let device = attitude.quaternion.inverseRotate(north)
      let turned = m.apply(north)
      #expect(abs(turned.x - device.x) < 1e-12 && abs(turned.y - device.y) < 1e-12 && abs(turned.z - device.z) < 1e-12)
    }
  }

  @Test("DeviceOrientation's classes, as UIDeviceOrientation's")
  func orientationClasses() {
    let table: [(DeviceOrientation, portrait: Bool, landscape: Bool, flat: Bool, valid: Bool)] = [
      (.portrait, true, false, false, true), (.portraitUpsideDown, true, false, false, true),
      (.landscapeLeft, false, true, false, true), (.landscapeRight, false, true, false, true),
      (.faceUp, false, false, true, false), (.faceDown, false, false, true, false),
      (.unknown, false, false, false, false),
    ]
    #expect(table.count == DeviceOrientation.allCases.count)
    for (orientation, portrait, landscape, flat, valid) in table {
      #expect(orientation.isPortrait == portrait, "\(orientation)")
      #expect(orientation.isLandscape == landscape, "\(orientation)")
      #expect(orientation.isFlat == flat, "\(orientation)")
      #expect(orientation.isValidInterfaceOrientation == valid, "\(orientation)")
    }
  }
}
