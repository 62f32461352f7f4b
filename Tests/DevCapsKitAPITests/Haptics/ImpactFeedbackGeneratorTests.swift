import DevCapsKit
import Testing

@Suite("ImpactFeedbackGenerator, as UIImpactFeedbackGenerator")
struct ImpactFeedbackGeneratorTests {
  @Test("an intensity outside 0…1 is refused before any motor is looked for")
  func invalidIntensity() {
    for value in [-0.5, 1.01, .infinity] {
      #expect(throws: ImpactFeedbackGenerator.FeedbackError.invalidIntensity(value)) {
        try ImpactFeedbackGenerator(style: .light).impactOccurred(intensity: value)
      }
    }
  }

  @Test("without a force-feedback motor (this machine, a CI runner), a tap says so")
  func noMotor() throws {
    try #require(VibrationMotor.find() == nil, "this machine has a vibration motor")
    #expect(throws: ImpactFeedbackGenerator.FeedbackError.noVibrationMotor) {
      try ImpactFeedbackGenerator().impactOccurred()
    }
    #expect(
      ImpactFeedbackGenerator.FeedbackError.noVibrationMotor.description
        == "no vibration motor: no input device offers a rumble effect (FF_RUMBLE)")
  }
}
