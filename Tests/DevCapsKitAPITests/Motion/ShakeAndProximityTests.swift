import DevCapsKit
import Testing

@Suite("Shake and proximity, as UIKit has them")
struct ShakeAndProximityTests {
  @Test("without the sensor (test machines have none) the first next() says what is missing")
  func unavailable() async {
    await #expect {
      for try await _ in MotionManager().shakeUpdates() {}
    } throws: { error in
      guard case .unavailable(let reason) = error as? UpdateError else { return false }
      return reason.kind == .noHardware && reason.message.contains("accelerometer")
    }
    await #expect {
      for try await _ in Device.proximityStateUpdates() {}
    } throws: { error in
      guard case .unavailable(let reason) = error as? UpdateError else { return false }
      return reason.kind == .noHardware && reason.message.contains("proximity")
    }
    #expect(await Device.proximityState == nil)
  }
}
